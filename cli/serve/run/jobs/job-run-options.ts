/** The run options every evaluating job starts from (/transpile, /validate-schema). */
import type { RunOptions } from "../../../../core/index.js";
import type { EvaluatingJob } from "../protocol.js";
import type { JobContext } from "./job-context.js";
import { jobVars } from "./job-vars.js";

/** What the job itself decides about its output (absent: the engine's defaults). */
type JobOutputOptions = Pick<RunOptions, "streamThreshold" | "formatOptions" | "verifyBeforeWrite">;

const DEFAULT_OUTPUT: JobOutputOptions = {};

/**
 * `format` and the job's own fields, under the context's limits,
 * cancellation and include host. One object literal with every field, not
 * spreads of smaller ones: copying objects by spread is slow in V8, and a
 * small request pays for it (measured: 4 of 11 µs of a small /transpile job).
 */
export function jobRunOptions(job: EvaluatingJob, ctx: JobContext, format: string, output: JobOutputOptions = DEFAULT_OUTPUT): RunOptions {
  return {
    format,
    includeMerge: job.includeMerge,
    host: ctx.hostFor(job.files),
    limits: ctx.limits,
    signal: ctx.signal,
    vars: job.vars === undefined ? undefined : jobVars(job.vars),
    streamThreshold: output.streamThreshold,
    formatOptions: output.formatOptions,
    verifyBeforeWrite: output.verifyBeforeWrite,
    strict: job.strict === true,
  };
}
