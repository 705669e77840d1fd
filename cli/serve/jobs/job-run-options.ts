/** The run options every evaluating job starts from (/transpile, /validate-schema). */
import type { RunOptions } from "../../../core/index.js";
import type { TranspileJob } from "../pool/protocol.js";
import type { JobContext } from "./job-context.js";
import { readJobVars } from "./job-vars.js";

/** What a job's request says about its run: merge mode, included files, external variables. */
type JobRunFields = Pick<TranspileJob, "includeMerge" | "files" | "vars">;

/** `format` and the job's own fields, under the context's limits, cancellation and include host. */
export function jobRunOptions(job: JobRunFields, ctx: JobContext, format: string): RunOptions {
  return {
    format,
    includeMerge: job.includeMerge,
    host: ctx.hostFor(job.files),
    limits: ctx.limits,
    signal: ctx.signal,
    ...(job.vars === undefined ? {} : { vars: readJobVars(job.vars) }),
  };
}
