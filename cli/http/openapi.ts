/**
 * The OpenAPI 3.1 document served at /openapi.json (HTTP.md §9). Schemas are
 * JSON Schema 2020-12 (OpenAPI 3.1's dialect); the HTTP tests validate real
 * responses against them, so they are written tight (`additionalProperties:
 * false`) rather than decorative.
 */
import { LANGUAGE_VERSION } from "../../core/index.js";
import { packageInfo } from "./server-version.js";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });
const str = (description?: string): Json => (description === undefined ? { type: "string" } : { type: "string", description });
const ms = (description: string): Json => ({ type: "number", minimum: 0, description });

function jsonResponse(description: string, schema: Json, extraHeaders: Record<string, Json> = {}): Json {
  return {
    description,
    headers: { "X-Request-Id": { $ref: "#/components/headers/X-Request-Id" }, ...extraHeaders },
    content: { "application/json": { schema } },
  };
}

const COMMON_ERRORS: Record<string, Json> = {
  "405": { $ref: "#/components/responses/MethodNotAllowed" },
  "500": { $ref: "#/components/responses/InternalError" },
};

const POST_ERRORS: Record<string, Json> = {
  ...COMMON_ERRORS,
  "408": { $ref: "#/components/responses/BodyTimeout" },
  "413": { $ref: "#/components/responses/TooLarge" },
  "503": { $ref: "#/components/responses/Busy" },
};

function preflight(): Json {
  return {
    summary: "CORS preflight",
    responses: { "204": { description: "No content; with -cors=true the CORS headers and Access-Control-Max-Age" } },
  };
}

/** Build the document; `formats` are the canonical names of the registered output formats. */
export function openApiDocument(formats: readonly string[]): Json {
  const formatList = formats.join(", ");
  const schemas: Record<string, Json> = {
    Diagnostic: {
      type: "object",
      description: "One problem in the source, structured (the same as the matching entry of `errors`).",
      required: ["line", "column", "end_line", "end_column", "message", "code"],
      additionalProperties: false,
      properties: {
        line: { type: "integer", minimum: 1 },
        column: { type: "integer", minimum: 1 },
        end_line: { type: "integer", minimum: 1 },
        end_column: { type: "integer", minimum: 1 },
        message: str("The message without its `Line <n>:` prefix."),
        code: { type: "string", pattern: "^JSSON[0-9]{4}$" },
        file: str("The included file (a path of `files`) the span lies in; absent for the request's own source."),
      },
    },
    Files: {
      type: "object",
      description: "A virtual folder: relative path → JSSON text, or data (a path ending in .json, .yaml, .yml or .toml is read as data). `include` reads only these (and, if the operator allowed it, -include-root).",
      additionalProperties: { type: "string" },
    },
    Vars: {
      type: "object",
      description:
        "External variables (LANGUAGE.md §16.2): name → any JSON value, visible by name in the source and every included file, never written out. Names are identifiers that are not keywords; integers are exact 64-bit integers, `1.0` stays a float.",
      propertyNames: { pattern: "^[\\p{L}_][\\p{L}\\p{Nd}_]*$" },
    },
    IncludeMerge: { type: "string", enum: ["keep", "overwrite", "error"], default: "keep" },
    TranspileRequest: {
      type: "object",
      required: ["source"],
      properties: {
        source: str("JSSON text (empty → `{}`)."),
        format: { type: "string", default: "json", description: `Output format, case-insensitive: ${formatList} (and aliases such as yml, ts).` },
        include_merge: ref("IncludeMerge"),
        streaming: { type: "boolean", default: false, description: "Stream the response (chunked). The bytes are the same as without streaming." },
        stream_threshold: { type: "integer", minimum: 1, default: 10000, description: "A range with more elements than this turns streaming on." },
        files: ref("Files"),
        vars: ref("Vars"),
      },
    },
    TranspileSuccess: {
      type: "object",
      required: ["success", "output", "format", "transpile_time_ms"],
      additionalProperties: false,
      properties: {
        success: { const: true },
        output: { description: "json: the JSON value itself (source key order, exact integers); other formats: the output text as a string." },
        format: str("Canonical name of the format used."),
        transpile_time_ms: ms("Duration of the work in milliseconds."),
      },
    },
    TranspileFailure: {
      type: "object",
      required: ["success", "errors", "diagnostics", "format", "transpile_time_ms"],
      additionalProperties: false,
      properties: {
        success: { const: false },
        errors: { type: "array", minItems: 1, items: { type: "string" }, description: "`Line <n>: …` for source errors; `<field>: …` for request errors." },
        diagnostics: { type: "array", items: ref("Diagnostic"), description: "The source errors, structured; empty for request errors." },
        format: { type: "string" },
        transpile_time_ms: ms("Duration of the work in milliseconds."),
      },
    },
    TranspileResponse: { oneOf: [ref("TranspileSuccess"), ref("TranspileFailure")] },
    ValidateRequest: { type: "object", required: ["source"], properties: { source: str("JSSON text.") } },
    ValidateResponse: {
      type: "object",
      required: ["valid", "errors"],
      additionalProperties: false,
      properties: {
        valid: { type: "boolean" },
        errors: { type: "array", items: { type: "string" } },
        diagnostics: { type: "array", items: ref("Diagnostic") },
      },
    },
    ValidateSchemaRequest: {
      type: "object",
      required: ["source", "schema"],
      properties: {
        source: str("JSSON text."),
        schema: str("The JSON Schema document, as JSON, YAML or TOML text."),
        schema_format: { type: "string", enum: ["json", "yaml", "toml"], description: "Detected from the text when absent." },
        output_format: { type: "string", default: "json", description: `The format to transpile to before validating: ${formatList}.` },
        include_merge: ref("IncludeMerge"),
        files: ref("Files"),
        vars: ref("Vars"),
      },
    },
    ValidateSchemaResponse: {
      type: "object",
      required: ["valid", "errors", "format", "schema_type", "transpile_time_ms", "validate_time_ms"],
      additionalProperties: false,
      properties: {
        valid: { type: "boolean" },
        errors: { type: "array", items: { type: "string" }, description: "`$.path: message` data failures; `Line <n>: …` source errors; `schema: …` schema errors; `<field>: …` request errors." },
        format: { type: "string" },
        schema_type: { const: "json-schema" },
        transpile_time_ms: ms("Duration of the transpile in milliseconds."),
        validate_time_ms: ms("Duration of the validation in milliseconds."),
        transpiled_data: { description: "The data that was validated; present whenever the transpile succeeded." },
      },
    },
    Health: {
      type: "object",
      required: ["status", "service", "version", "lang_version", "timestamp"],
      additionalProperties: false,
      properties: {
        status: { type: "string", enum: ["healthy", "shutting_down"] },
        service: { const: "jsson" },
        version: { type: "string", pattern: "^[0-9]+\\.[0-9]+\\.[0-9]+$" },
        lang_version: { type: "string", pattern: "^[0-9]+\\.[0-9]+\\.[0-9]+$" },
        timestamp: { type: "string", format: "date-time" },
      },
    },
    Version: {
      type: "object",
      required: ["server_version", "lang_version", "go_version", "runtime", "runtime_version"],
      additionalProperties: false,
      properties: {
        server_version: { type: "string", pattern: "^[0-9]+\\.[0-9]+\\.[0-9]+$" },
        lang_version: { type: "string", pattern: "^[0-9]+\\.[0-9]+\\.[0-9]+$" },
        go_version: { type: "string", pattern: "^[0-9]+(\\.[0-9]+)*\\+$", description: "Kept for clients of the original service: the runtime version required." },
        runtime: { const: "node" },
        runtime_version: str("The running Node.js version (process.version)."),
      },
    },
    FormatInfo: {
      type: "object",
      required: ["name", "aliases", "media_type", "extension", "extensions", "description", "plugin"],
      additionalProperties: false,
      properties: {
        name: { type: "string" },
        aliases: { type: "array", items: { type: "string" } },
        media_type: { type: "string" },
        extension: str("The usual file extension, without the dot."),
        extensions: { type: "array", items: { type: "string" } },
        description: { type: "string" },
        plugin: str("The plugin that provides the format."),
      },
    },
    Formats: {
      type: "object",
      required: ["formats"],
      additionalProperties: false,
      properties: { formats: { type: "array", items: ref("FormatInfo") } },
    },
    NotFound: {
      type: "object",
      required: ["error", "path"],
      additionalProperties: false,
      properties: { error: { const: "not found" }, path: { type: "string" } },
    },
    MethodNotAllowed: {
      type: "object",
      required: ["error", "allowed"],
      additionalProperties: false,
      properties: { error: { const: "method not allowed" }, allowed: { type: "array", items: { type: "string" }, minItems: 1 } },
    },
    Error: {
      type: "object",
      required: ["error"],
      additionalProperties: false,
      properties: {
        error: { type: "string" },
        request_id: { type: "string" },
        limit_bytes: { type: "integer", minimum: 0 },
      },
    },
  };

  const getOp = (summary: string, schema: string, extra: Record<string, Json> = {}): Json => ({
    summary,
    responses: { "200": jsonResponse(summary, ref(schema)), ...extra, ...COMMON_ERRORS },
  });
  const postOp = (summary: string, request: string, response: string, badRequest: string): Json => ({
    summary,
    requestBody: {
      required: true,
      description: "A JSON object; parsed as JSON whatever the Content-Type says.",
      content: { "application/json": { schema: ref(request) } },
    },
    responses: {
      "200": jsonResponse("Done; source errors are reported here too (success/valid false).", ref(response)),
      "400": jsonResponse("Request error: one message per problem, naming the field.", ref(badRequest)),
      ...POST_ERRORS,
    },
  });

  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: "JSSON HTTP service",
      version: packageInfo().version,
      description: `Transpiles JSSON (language ${LANGUAGE_VERSION}) to ${formatList}. Every response carries X-Request-Id; with -cors=true (the default) the CORS headers too.`,
    },
    paths: {
      "/transpile": { post: postOp("Transpile JSSON", "TranspileRequest", "TranspileResponse", "TranspileFailure"), options: preflight() },
      "/validate": { post: postOp("Check JSSON syntax (no evaluation)", "ValidateRequest", "ValidateResponse", "ValidateResponse"), options: preflight() },
      "/validate-schema": {
        post: postOp("Transpile, then validate the data against a JSON Schema", "ValidateSchemaRequest", "ValidateSchemaResponse", "ValidateSchemaResponse"),
        options: preflight(),
      },
      "/health": { get: getOp("Service health", "Health", { "503": jsonResponse("Shutting down (draining).", ref("Health")) }), options: preflight() },
      "/version": { get: getOp("Server and language versions", "Version"), options: preflight() },
      "/formats": { get: getOp("Registered output formats", "Formats"), options: preflight() },
      "/openapi.json": { get: { summary: "This document", responses: { "200": jsonResponse("OpenAPI 3.1 document", { type: "object" }), ...COMMON_ERRORS } }, options: preflight() },
    },
    components: {
      schemas,
      headers: {
        "X-Request-Id": { description: "The caller's X-Request-Id if it sent one, else a new id.", schema: { type: "string" } },
        Allow: { description: "The methods the path takes.", schema: { type: "string" } },
        "Retry-After": { description: "Seconds to wait before retrying.", schema: { type: "integer" } },
      },
      responses: {
        NotFound: jsonResponse("Unknown path.", ref("NotFound")),
        MethodNotAllowed: jsonResponse("Known path, wrong method.", ref("MethodNotAllowed"), { Allow: { $ref: "#/components/headers/Allow" } }),
        TooLarge: jsonResponse("The body is larger than -max-body; refused before it was read, and the connection is closed.", ref("Error")),
        BodyTimeout: jsonResponse("The body did not arrive in time; the connection is closed.", ref("Error")),
        InternalError: jsonResponse("Something unexpected; details are in the server log under the request id.", ref("Error")),
        Busy: jsonResponse("The work queue is full.", ref("Error"), { "Retry-After": { $ref: "#/components/headers/Retry-After" } }),
      },
    },
  };
}
