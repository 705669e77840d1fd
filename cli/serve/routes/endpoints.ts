/** The three POST endpoints: their checks and request-error shapes (HTTP.md §3, §4, §7). */
import { checkTranspile, checkValidate, checkValidateSchema } from "../request-checks.js";
import type { TranspileJob, ValidateJob, ValidateSchemaJob } from "../pool/protocol.js";
import type { PostEndpoint } from "./post-endpoint.js";
import { SCHEMA_TYPE } from "../jobs/run-validate-schema.js";

export const TRANSPILE: PostEndpoint<TranspileJob> = {
  path: "/transpile",
  check: (state, body, text) => checkTranspile(state.engine, body, text, state.options.strict),
  requestError: (errors, format) => ({ success: false, errors, diagnostics: [], format, transpile_time_ms: 0 }),
  inline: (runner, job) => runner.transpile(job),
};

export const VALIDATE: PostEndpoint<ValidateJob> = {
  path: "/validate",
  check: (state, body) => checkValidate(body, state.options.strict),
  requestError: (errors) => ({ valid: false, errors, diagnostics: [] }),
  inline: (runner, job) => runner.validate(job),
};

export const VALIDATE_SCHEMA: PostEndpoint<ValidateSchemaJob> = {
  path: "/validate-schema",
  check: (state, body, text) => checkValidateSchema(state.engine, body, text, state.options.strict),
  requestError: (errors, format) => ({ valid: false, errors, format, schema_type: SCHEMA_TYPE, transpile_time_ms: 0, validate_time_ms: 0 }),
};
