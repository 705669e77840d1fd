/** `POST /validate` inside a worker: syntax only, no evaluation (HTTP.md §4). */
import type { ValidateJob } from "../pool/protocol.js";
import { describeProblems } from "./diagnostics-json.js";
import type { JobContext } from "./job-context.js";
import { requestWarningsText } from "../json-text.js";

/** Run one validate job; the response goes to `ctx.channel`. */
export function runValidate(job: ValidateJob, ctx: JobContext): void {
  const found = ctx.engine.check(job.source, { limits: ctx.limits });
  const warnings = requestWarningsText(job.requestWarnings);
  if (found.length === 0) return ctx.channel.body(`{"valid":true,"errors":[]${warnings}}`);
  const p = describeProblems(found);
  ctx.channel.body(`{"valid":false,"errors":${JSON.stringify(p.errors)},"diagnostics":${JSON.stringify(p.diagnostics)}${warnings}}`);
}
