/**
 * `POST /validate-schema` inside a worker (HTTP.md §7, LANGUAGE.md §12):
 * one evaluation of the source, put through the pipeline's validate stage
 * (the output in the requested format, the data a consumer of that format
 * reads, checked with the `json-schema` type), under the run's one time limit.
 */
import { schemaCheck, type CheckedAgainstSchema } from "../../../../core/index.js";
import type { SchemaDiagnosticJson } from "../../../wire/wire-diagnostic.js";
import { jobRunOptions } from "./job-run-options.js";
import type { ValidateSchemaJob } from "../protocol.js";
import { describeProblems, placeJson, warningMembers } from "./diagnostics-json.js";
import { trailingSpaceStart } from "./body-stream.js";
import type { JobContext } from "./job-context.js";
import { jsonText, msText } from "../json-text.js";

/** The schema type /validate-schema uses. */
export const SCHEMA_TYPE = "json-schema";

/** Run one validate-schema job; the response goes to `ctx.channel`. */
export function runValidateSchema(job: ValidateSchemaJob, ctx: JobContext): void {
  const started = performance.now();
  // The output, the data read from it and the validator's copy of that data are all held at once, and the
  // output is one string (one allocation): it is limited as a string is (maxStringLength, heap-watch.ts), so
  // a large output ends as the output-size limit while it is written, never at the worker's heap cap.
  const longest = ctx.limits.maxStringLength;
  const limits = longest === undefined ? ctx.limits : { ...ctx.limits, maxOutputBytes: Math.min(ctx.limits.maxOutputBytes ?? Infinity, longest) };
  const options = jobRunOptions(job, { ...ctx, limits }, job.outputFormat);
  const evaluated = ctx.engine.evaluate(job.source, options);
  // Written here, within transpile_time_ms; the validate stage reads this output, it does not write it again.
  if (evaluated.ok) evaluated.output();
  const transpileMs = performance.now() - started;
  const validateStarted = performance.now();
  const schema = job.schemaFormat === undefined ? { text: job.schema, schemaType: SCHEMA_TYPE } : { text: job.schema, schemaType: SCHEMA_TYPE, schemaFormat: job.schemaFormat };
  if (evaluated.ok) ctx.validating?.();
  const checked = evaluated.ok ? schemaCheck(evaluated, schema) : evaluated;
  const fields = (valid: boolean, errors: readonly string[], validateMs: number, diagnostics: readonly unknown[] | undefined) =>
    `{"valid":${valid},"errors":${JSON.stringify(errors)},"format":${JSON.stringify(job.outputFormat)},"schema_type":"${SCHEMA_TYPE}",` +
    `"transpile_time_ms":${msText(transpileMs)},"validate_time_ms":${msText(validateMs)}` +
    (diagnostics === undefined ? "" : `,"diagnostics":${JSON.stringify(diagnostics)}`);
  if (!checked.ok) {
    const problems = describeProblems(checked.diagnostics);
    ctx.channel.body(fields(false, problems.errors, 0, problems.diagnostics) + warningMembers(checked.warnings, job.requestWarnings) + "}");
    return;
  }
  const warnings = warningMembers(evaluated.ok ? evaluated.warnings : undefined, job.requestWarnings);
  const result = checked.result;
  const diagnostics = result.valid ? undefined : schemaDiagnostics(checked);
  const validateMs = performance.now() - validateStarted;
  // For json the emitted text is that data with keys in source order and exact integers; embed it as is.
  const dataText = job.outputFormat === "json" ? checked.output.slice(0, trailingSpaceStart(checked.output)) : jsonText(checked.data);
  ctx.channel.body(fields(result.valid, result.errors, validateMs, diagnostics) + `,"transpiled_data":${dataText}${warnings}}`);
}

/**
 * `diagnostics` of a failed check (HTTP.md §7): `{message}` for schema
 * errors; for data failures, their structure and source place (found by
 * the check within the time the request has left of its one limit).
 */
function schemaDiagnostics(checked: CheckedAgainstSchema): unknown[] {
  const { result, places } = checked;
  const failures = result.failures;
  if (result.schemaError === true || failures === undefined) return result.errors.map((message) => ({ message }));
  return failures.map((f, i): SchemaDiagnosticJson => {
    const place = places?.[i];
    const entry = { path: f.path, message: f.message, keyword: f.keyword, schema_path: f.schemaPath };
    if (place === undefined) return entry;
    return { ...entry, ...placeJson(place), ...(place.related === undefined ? {} : { related: place.related.map((r) => ({ ...placeJson(r), message: r.message })) }) };
  });
}
