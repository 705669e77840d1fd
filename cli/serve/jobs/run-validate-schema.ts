/**
 * `POST /validate-schema` inside a worker (HTTP.md §7, LANGUAGE.md §12):
 * transpile to the requested format, take the data a consumer of that format
 * reads, and validate it with the engine's `json-schema` type.
 */
import type { RunOptions } from "../../../core/index.js";
import { readJobVars } from "./job-vars.js";
import { consumerData } from "../../consumer-data.js";
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
  const transpiled = ctx.engine.transpile(job.source, options);
  const transpileMs = performance.now() - started;
  const fields = (valid: boolean, errors: readonly string[], validateMs: number) =>
    `{"valid":${valid},"errors":${JSON.stringify(errors)},"format":${JSON.stringify(job.outputFormat)},"schema_type":"${SCHEMA_TYPE}",` +
    `"transpile_time_ms":${msText(transpileMs)},"validate_time_ms":${msText(validateMs)}`;
  if (!transpiled.ok) {
    ctx.channel.body(fields(false, describeProblems(transpiled.diagnostics).errors, 0) + "}");
    return;
  }
  const validateStarted = performance.now();
  const consumed = consumerData(job.outputFormat, transpiled.value, transpiled.output);
  if (!consumed.ok) throw new Error(consumed.message); // an emitter bug: a 500, details in the log
  const data = consumed.data;
  const options2 = job.schemaFormat === undefined ? { schemaType: SCHEMA_TYPE } : { schemaType: SCHEMA_TYPE, schemaFormat: job.schemaFormat };
  const result = ctx.engine.validate(data, job.schema, options2);
  const validateMs = performance.now() - validateStarted;
  // For json the emitted text is that data with keys in source order and exact integers; embed it as is.
  const dataText = job.outputFormat === "json" ? transpiled.output.slice(0, trailingSpaceStart(transpiled.output)) : jsonText(data);
  ctx.channel.body(fields(result.valid, result.errors, validateMs) + `,"transpiled_data":${dataText}}`);
}
