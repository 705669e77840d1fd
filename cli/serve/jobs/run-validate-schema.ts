/**
 * `POST /validate-schema` inside a worker (HTTP.md §7, LANGUAGE.md §12):
 * one evaluation of the source, put through the pipeline's validate stage
 * (the output in the requested format, the data a consumer of that format
 * reads, checked with the `json-schema` type), under the run's one time limit.
 */
import type { RunOptions } from "../../../core/index.js";
import { readJobVars } from "./job-vars.js";
import type { ValidateSchemaJob } from "../pool/protocol.js";
import { describeProblems } from "./diagnostics-json.js";
import { trailingSpaceStart } from "./body-stream.js";
import type { JobContext } from "./job-context.js";
import { jsonText, msText } from "../json-text.js";

/** The schema type /validate-schema uses. */
export const SCHEMA_TYPE = "json-schema";

/** Run one validate-schema job; the response goes to `ctx.channel`. */
export function runValidateSchema(job: ValidateSchemaJob, ctx: JobContext): void {
  const started = performance.now();
  const options: RunOptions = {
    format: job.outputFormat,
    includeMerge: job.includeMerge,
    host: ctx.hostFor(job.files),
    limits: ctx.limits,
    signal: ctx.signal,
    ...(job.vars === undefined ? {} : { vars: readJobVars(job.vars) }),
  };
  const evaluated = ctx.engine.evaluate(job.source, options);
  // Written here, within transpile_time_ms; the validate stage reads this output, it does not write it again.
  if (evaluated.ok) evaluated.output();
  const transpileMs = performance.now() - started;
  const validateStarted = performance.now();
  const schemaOptions = job.schemaFormat === undefined ? { schemaType: SCHEMA_TYPE } : { schemaType: SCHEMA_TYPE, schemaFormat: job.schemaFormat };
  const checked = evaluated.ok ? evaluated.validate(job.schema, schemaOptions) : evaluated;
  const validateMs = performance.now() - validateStarted;
  const fields = (valid: boolean, errors: readonly string[], validateMs: number) =>
    `{"valid":${valid},"errors":${JSON.stringify(errors)},"format":${JSON.stringify(job.outputFormat)},"schema_type":"${SCHEMA_TYPE}",` +
    `"transpile_time_ms":${msText(transpileMs)},"validate_time_ms":${msText(validateMs)}`;
  if (!checked.ok) return ctx.channel.body(fields(false, describeProblems(checked.diagnostics).errors, 0) + "}");
  // For json the emitted text is that data with keys in source order and exact integers; embed it as is.
  const dataText = job.outputFormat === "json" ? checked.output.slice(0, trailingSpaceStart(checked.output)) : jsonText(checked.data);
  ctx.channel.body(fields(checked.result.valid, checked.result.errors, validateMs) + `,"transpiled_data":${dataText}}`);
}
