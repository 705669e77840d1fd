/** The three POST endpoints: their checks and request-error shapes (HTTP.md §3, §4, §7). */
import { checkTranspile, checkValidate, checkValidateSchema } from "../request-checks.js";
import type { TranspileJob, SyntaxCheckJob, ValidateSchemaJob } from "../../run/protocol.js";
import type { PostEndpoint } from "./post-endpoint.js";
import { SCHEMA_TYPE } from "../../run/jobs/run-validate-schema.js";

export const TRANSPILE: PostEndpoint<TranspileJob> = {
  check: (state, body, text) => checkTranspile(state.engine, body, text, state.options.strict),
  requestError: (errors, format) => ({ success: false, errors, diagnostics: [], format, transpile_time_ms: 0 }),
};

export const VALIDATE: PostEndpoint<SyntaxCheckJob> = {
  check: (state, body) => checkValidate(body, state.options.strict),
  requestError: (errors) => ({ valid: false, errors, diagnostics: [] }),
};

export const VALIDATE_SCHEMA: PostEndpoint<ValidateSchemaJob> = {
  check: (state, body, text) => checkValidateSchema(state.engine, body, text, state.options.strict),
  requestError: (errors, format) => ({ valid: false, errors, format, schema_type: SCHEMA_TYPE, transpile_time_ms: 0, validate_time_ms: 0 }),
};
