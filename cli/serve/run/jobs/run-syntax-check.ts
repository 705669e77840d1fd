/** The job of `POST /validate` inside a worker: a syntax check, no evaluation (HTTP.md §4). */
import type { SyntaxCheckJob } from "../protocol.js";
import { describeProblems, warningMembers } from "./diagnostics-json.js";
import type { JobContext } from "./job-context.js";

/** Run one syntax check; the response goes to `ctx.channel`. */
export function runSyntaxCheck(job: SyntaxCheckJob, ctx: JobContext): void {
  // with the warnings a syntax check finds (W3–W6, LANGUAGE.md §16.5); under strict mode the first is the error
  const { diagnostics, warnings } = ctx.engine.checkWithWarnings(job.source, { limits: ctx.limits, strict: job.strict });
  if (diagnostics.length === 0) return ctx.channel.body(`{"valid":true,"errors":[]${warningMembers(warnings, job.requestWarnings)}}`);
  const p = describeProblems(diagnostics);
  ctx.channel.body(`{"valid":false,"errors":${JSON.stringify(p.errors)},"diagnostics":${JSON.stringify(p.diagnostics)}${warningMembers(warnings, job.requestWarnings)}}`);
}
