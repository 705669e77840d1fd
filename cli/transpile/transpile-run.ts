/**
 * One run of `jsson transpile` on a checked plan (transpile-plan.ts): read
 * the source, run the engine, write the output (or the diagnostics),
 * optionally check it against a schema. The command (transpile-command.ts),
 * `--out-dir` and `--watch` all run a file through here.
 */
import { diagnosticMessage, schemaCheck, type CheckedAgainstSchema, type Diagnostic, type Engine, type Evaluation, type RunFailure, type RunOptions } from "../../core/index.js";
import type { TextSink } from "../../core/plugin/index.js";
import { runSources, TextKeepingHost, type DiagnosticSources } from "../terminal/diagnostic-sources.js";
import { diagnosticsText } from "../terminal/error-format.js";
import { EXIT } from "../terminal/exit-codes.js";
import { OutputWriteError, writeOutputToStdout } from "../io/fd-writer.js";
import { replaceFile, type ReplaceOptions } from "../io/file-replacement.js";
import { SpoolSink } from "../io/spool-sink.js";
import { readInput } from "../io/read-input.js";
import { schemaReport } from "../terminal/schema-report.js";
import type { TranspilePlan } from "./transpile-plan.js";
import { underWatchdog } from "./run-watchdog.js";
import { failureDiagnostics, warningsText } from "../terminal/warning-mode.js";

/** `-o` names a file the user chose: a link there is followed, as opening it would. */
const FOLLOW_LINK: ReplaceOptions = { followLink: true };

/** What the synchronous part of a run hands on: the exit status and, for a run that succeeded, the output to write. */
export interface Ran {
  readonly status: number;
  readonly output?: Iterable<string | Uint8Array>;
  /** Where the output waits (removed once it is written, or was not). */
  readonly spool?: SpoolSink;
}

/**
 * One run of a checked plan: read the input, transpile, write the output
 * (or the diagnostic, through `report`). Resolves to the exit status. The
 * work (read, evaluate, check, emit) is one synchronous step, which
 * `watched` runs whole under the watchdog of `--timeout` (run-watchdog.ts:
 * it sees all of it, and an output is written only after it ended), as the
 * one-shot command and `--watch` do (a worker of `--out-dir` is held from
 * outside); then the output is written. An output file is replaced only
 * once complete (file-replacement.ts).
 */
export async function transpileOnce(engine: Engine, plan: TranspilePlan, report: (text: string) => void, watched = false): Promise<number> {
  let ran: Ran | undefined;
  try {
    const compute = (): Ran => computeRun(engine, plan, report);
    ran = watched ? underWatchdog(plan.options.limits?.timeoutMs, compute) : compute();
    if (ran.output !== undefined) await writeOutput(plan, ran.output);
    return ran.status;
  } catch (e) {
    if (!(e instanceof OutputWriteError)) throw e;
    report(`jsson: ${e.message}\n`);
    return EXIT.SOURCE;
  } finally {
    ran?.spool?.discard();
  }
}

/**
 * The synchronous part of a run: everything but writing the output. Without
 * a schema the output goes through a spool (memory, then a temporary file)
 * and reaches stdout or `-o` only once the run has succeeded, so no error —
 * not even the output-size limit or a timeout — follows a partial document,
 * and lazy data is evaluated once. With a schema, the output checked is
 * printed only if it passes.
 */
function computeRun(engine: Engine, plan: TranspilePlan, report: (text: string) => void): Ran {
  const input = readInput(plan.inputPath);
  if (!input.ok) {
    report(`jsson: ${input.message}\n`);
    return { status: EXIT.SOURCE };
  }
  // the texts this run reads through its host are kept for the report's excerpts (one keeper per run)
  const given = plan.options.host;
  // --watch hands in its own keeper (it reads the ids asked for): one keeper per run, not a keeper of a keeper
  const host = given === undefined || given instanceof TextKeepingHost ? given : new TextKeepingHost(given);
  const options: RunOptions = { ...plan.options, ...(host === undefined ? {} : { host }), ...(input.file === undefined ? {} : { file: input.file }) };
  const sources = (): DiagnosticSources => runSources(input, host);
  const spool = plan.schema ? undefined : new SpoolSink();
  let handedOn = false;
  try {
    const run = evaluateInto(engine, input.text, options, plan.schema, spool);
    if (!run.ok) {
      report(sourceErrors(run.failure, plan, sources));
      return { status: EXIT.SOURCE };
    }
    report(warningsText(plan.errorFormat, run.warnings, sources, plan.warningMode));
    if (spool !== undefined) {
      handedOn = true;
      return { status: EXIT.OK, output: spool.chunks(), spool };
    }
    const checked = run.checked as CheckedAgainstSchema;
    report(schemaReport(checked, plan.schema?.format, sources()));
    if (!checked.result.valid || checked.result.schemaError) return { status: EXIT.SCHEMA };
    return plan.validateOnly ? { status: EXIT.OK } : { status: EXIT.OK, output: [checked.output] };
  } finally {
    if (!handedOn) spool?.discard();
  }
}

const DISCARD: TextSink = { write: () => {} };

/** What {@link evaluateInto} came to: the failure, or the warnings and (with a schema) the finished check. */
export type Evaluated = { readonly ok: false; readonly failure: RunFailure } | { readonly ok: true; readonly warnings: readonly Diagnostic[]; readonly checked?: CheckedAgainstSchema };

/**
 * Evaluate `source` and write its output into `sink` (by default, produce it only to find its errors); with a
 * schema, check it instead (one evaluation, checked by the pipeline's validate stage: what a consumer would read).
 */
export function evaluateInto(engine: Engine, source: string, options: RunOptions, schema: TranspilePlan["schema"], sink: TextSink = DISCARD): Evaluated {
  if (schema === undefined) {
    const evaluated = engine.evaluate(source, { ...options, verifyBeforeWrite: false });
    const written = evaluated.ok ? evaluated.write(sink) : evaluated;
    // read after writing: a lazy part evaluated while writing may have added one (under --strict the write failed then)
    return written.ok ? { ok: true, warnings: (evaluated as Evaluation).warnings } : { ok: false, failure: written };
  }
  const evaluated = engine.evaluate(source, options);
  if (!evaluated.ok) return { ok: false, failure: evaluated };
  const checked = schemaCheck(evaluated, schema.format === undefined ? { text: schema.text } : { text: schema.text, schemaFormat: schema.format });
  return checked.ok ? { ok: true, warnings: evaluated.warnings, checked } : { ok: false, failure: checked };
}

/**
 * The diagnostics of a failed run, in the plan's error format; a failure
 * that lies in `--select` (a first key the document does not define: no
 * place in the source) is one `jsson:` line naming the flag, whatever the format.
 */
function sourceErrors(failure: RunFailure, plan: TranspilePlan, sources: () => DiagnosticSources): string {
  if (failure.option === "select") return failure.diagnostics.map((d) => `jsson: --select: ${diagnosticMessage(d)}\n`).join("");
  return diagnosticsText(plan.errorFormat, failureDiagnostics(failure, plan.warningMode), sources());
}

/** A successful run's output: to `-o` (replaced only once complete) or to stdout. */
async function writeOutput(plan: TranspilePlan, chunks: Iterable<string | Uint8Array>): Promise<void> {
  if (plan.outputPath !== undefined) return replaceFile(plan.outputPath, chunks, plan.replace ?? FOLLOW_LINK);
  writeOutputToStdout(chunks);
}
