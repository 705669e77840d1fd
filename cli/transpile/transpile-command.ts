/**
 * `jsson transpile`: load the engine with the plugins asked for, check the
 * flags into a plan, and hand it to the run that fits it: many files
 * (`--out-dir`), `--watch`, or one run under the watchdog. Called both by the
 * oclif command and by the start-up fast path, with the same parsed flags, so
 * both behave identically. Returns the exit status; user errors never throw.
 */
import type { Engine } from "../../core/index.js";
import { flagList } from "../argv/command-entry.js";
import { loadCliEngine } from "../plugin-loader/cli-engine.js";
import { EXIT, UsageError } from "../terminal/exit-codes.js";
import { writeStderr } from "../io/fd-writer.js";
import { makePlan, type TranspileFlags, type TranspilePlan } from "./transpile-plan.js";
import { transpileOnce } from "./transpile-run.js";

/**
 * Run `jsson transpile` with parsed flags and the positional FILEs (none: `-i` or stdin); resolves to the exit status.
 * @param argv the normalised command line, which orders `--var`, `--var-json` and `--vars` among each other
 */
export async function runTranspileCommand(flags: TranspileFlags, files: readonly string[], argv?: readonly string[]): Promise<number> {
  let engine: Engine;
  let plan: TranspilePlan;
  try {
    const loaded = await loadCliEngine(flagList(flags, "plugin"));
    if (!loaded.ok) throw new UsageError(loaded.message);
    engine = loaded.engine;
    plan = makePlan(engine, flags, files, argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    writeStderr(`jsson: ${e.message}\n`);
    return EXIT.USAGE;
  }
  if (plan.outDir !== undefined) return (await import("./transpile-many.js")).runMany(engine, plan, flags, files, argv);
  if (plan.watch) return (await import("./watch.js")).runWatch(engine, plan, flags, files, argv);
  return transpileOnce(engine, plan, writeStderr, true);
}
