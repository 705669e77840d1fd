/**
 * `jsson transpile FILE --watch`: run, then run again whenever the input,
 * a file the last run included (its {@link TextKeepingHost} knows), or the
 * schema changes. Changes are debounced ({@link DEBOUNCE_MS}); folders are
 * watched rather than files, so an editor's save-by-rename is seen too.
 * On a terminal each run clears the screen and shows the new output or
 * errors; on a pipe runs simply follow one another. A source error (or a
 * missing file) is reported and the watch goes on; SIGINT or SIGTERM end it
 * with status 0. A run past `--timeout` is stopped from outside and ends the
 * watch (status 1): its thread cannot be resumed once terminated.
 */
import { watch, type FSWatcher } from "node:fs";
import { dirname, resolve } from "node:path";
import { isatty } from "node:tty";
import { NodeFsHost, type Engine } from "../../core/index.js";
import { flagList } from "../argv/command-entry.js";
import { TextKeepingHost } from "../terminal/diagnostic-sources.js";
import { EXIT, UsageError } from "../terminal/exit-codes.js";
import { BrokenPipeError, writeStderr } from "../io/fd-writer.js";
import { makePlan, type TranspileFlags, type TranspilePlan } from "./transpile-plan.js";
import { transpileOnce } from "./transpile-run.js";

/** Quiet time after the last change before running again: editors write a file in several steps. */
const DEBOUNCE_MS = 80;
const CLEAR_SCREEN = "\x1b[2J\x1b[3J\x1b[H";

/**
 * Watch until SIGINT/SIGTERM; resolves to the exit status. Every run makes
 * its plan again from `flags` and `inputs`, so an edited schema is read anew.
 */
export function runWatch(engine: Engine, plan: TranspilePlan, flags: TranspileFlags, inputs: readonly string[], argv?: readonly string[]): Promise<number> {
  const fsHost = plan.options.host ?? new NodeFsHost();
  const terminal = isatty(1) && plan.outputPath === undefined;
  // the schema and --vars files are read by the plan, not through the include host: watch them by name
  const fixed = [resolve(plan.inputPath), ...(plan.schema ? [resolve(plan.schema.path)] : []), ...flagList(flags, "vars").map((f) => resolve(f))];
  const watchers = new Map<string, FSWatcher>();
  let files = new Set<string>(fixed);
  let timer: NodeJS.Timeout | undefined;

  return new Promise((done) => {
    const stop = (status: number): void => {
      clearTimeout(timer);
      for (const w of watchers.values()) w.close();
      watchers.clear();
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
      done(status);
    };
    const onSignal = (): void => stop(EXIT.OK);
    // A run writing -o awaits between blocks: a change meanwhile runs again once it is done, never beside it.
    let last = Promise.resolve();
    let queued = false;
    const run = (): void => {
      if (queued) return;
      queued = true;
      last = last.then(() => {
        queued = false;
        return runOnce();
      });
    };
    const runOnce = async (): Promise<void> => {
      if (terminal) process.stdout.write(CLEAR_SCREEN);
      const host = new TextKeepingHost(fsHost);
      let status: number;
      try {
        const current = makePlan(engine, flags, inputs, argv);
        // held from outside like a one-shot run: a run past --timeout ends the watch (status 1, the limit's message)
        status = await transpileOnce(engine, { ...current, options: { ...current.options, host } }, writeStderr, true);
      } catch (e) {
        if (e instanceof BrokenPipeError) return stop(EXIT.BROKEN_PIPE);
        if (!(e instanceof UsageError)) throw e;
        writeStderr(`jsson: ${e.message}\n`); // e.g. the schema file is being replaced: report, keep watching
        status = EXIT.USAGE;
      }
      files = new Set([...fixed, ...host.readIds()]);
      follow();
      const when = new Date().toTimeString().slice(0, 8);
      writeStderr(`[watch ${when}] ${status === EXIT.OK ? "ok" : "failed"}; watching ${files.size} file${files.size === 1 ? "" : "s"} (Ctrl-C ends)\n`);
    };
    const changed = (dir: string, name: string | Buffer | null): void => {
      // no name: the platform could not say which file; run to be safe
      if (name !== null && !files.has(resolve(dir, name.toString()))) return;
      clearTimeout(timer);
      timer = setTimeout(run, DEBOUNCE_MS);
    };
    /** Watch the folders of the current files, and only those. */
    const follow = (): void => {
      const dirs = new Set([...files].map((f) => dirname(f)));
      for (const [dir, w] of watchers) if (!dirs.has(dir)) (w.close(), watchers.delete(dir));
      for (const dir of dirs) {
        if (watchers.has(dir)) continue;
        try {
          const w = watch(dir, { persistent: true }, (_event, name) => changed(dir, name));
          w.on("error", () => (w.close(), watchers.delete(dir)));
          watchers.set(dir, w);
        } catch (e) {
          writeStderr(`jsson: cannot watch "${dir}": ${(e as Error).message}\n`);
        }
      }
    };
    process.on("SIGINT", onSignal);
    process.on("SIGTERM", onSignal);
    run();
  });
}
