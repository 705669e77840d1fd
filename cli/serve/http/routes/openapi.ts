/**
 * The OpenAPI 3.1 document served at /openapi.json (HTTP.md §9). Schemas are
 * JSON Schema 2020-12 (OpenAPI 3.1's dialect); the HTTP tests validate real
 * responses against them, so they are written tight (`additionalProperties:
 * false`) rather than decorative.
 *
 * Written for client generators too: every operation has an `operationId`
 * (the name a generated client gives its method), `servers` says where to
 * send requests, and the output formats are an `enum` of what this server
 * registered at start, plugins included (so a typed client refuses a format
 * the server does not have). The server reads format names
 * case-insensitively; the enum lists the lower-case spellings, canonical
 * names and aliases. Request defaults are stated in words, never with
 * `default`: generators (openapi-typescript by default) read `default` as
 * "always present" and would make a client send every such field.
 */
import { DEFAULT_STREAM_THRESHOLD, INCLUDE_MERGE_MODES, LANGUAGE_VERSION, type FormatInfo } from "../../../../core/index.js";
import { SCHEMA_FORMATS } from "../../../../core/plugin/index.js";
import { packageInfo } from "../../ops/server-version.js";
import { NOT_READY_REASONS } from "./probes.js";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });
const str = (description?: string): Json => (description === undefined ? { type: "string" } : { type: "string", description });
const ms = (description: string): Json => ({ type: "number", minimum: 0, description });
/** The span members of a place on the wire (1-based; end exclusive, as in the CLI's excerpts). */
const SPAN: Record<string, Json> = Object.fromEntries(["line", "column", "end_line", "end_column"].map((k) => [k, { type: "integer", minimum: 1 }]));
/** A span's fields, and the included file it lies in. */
const placeProperties = (): Record<string, Json> => ({ ...SPAN, file: str("The included file (a path of `files`); absent for the request's own source.") });
const SEMVER: Json = { type: "string", pattern: "^[0-9]+\\.[0-9]+\\.[0-9]+$" };
/** An object schema that allows no other members (the tests validate real responses against it). */
const closed = (required: string[], properties: Record<string, Json>, description?: string): Json => ({
  type: "object",
  ...(description === undefined ? {} : { description }),
  required,
  additionalProperties: false,
  properties,
});
/** The members every POST answer may end with. */
const WARNING_MEMBERS: Record<string, Json> = { warnings: ref("Warnings"), warning_diagnostics: ref("WarningDiagnostics") };

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
  "415": { $ref: "#/components/responses/UnsupportedMediaType" },
  "503": { $ref: "#/components/responses/Busy" },
};

/** Every path's `OPTIONS`; its operationId is `<path in camelCase>Preflight`. */
const preflight = (path: string): Json => ({
  summary: "CORS preflight",
  responses: { "204": { description: "No content; when CORS answers the request's origin (see -cors, -cors-origin, -include-root), the CORS headers and Access-Control-Max-Age" } },
  operationId: `${camelPath(path)}Preflight`,
});

/** Build the document for the output formats registered (built-in and plugins). */
export function openApiDocument(registered: readonly Pick<FormatInfo, "name" | "aliases">[]): Json {
  const formats = registered.map((f) => f.name);
  const formatList = formats.join(", ");
  const spellings = [...new Set(registered.flatMap((f) => [f.name, ...f.aliases].map((n) => n.toLowerCase())))];
  const schemas: Record<string, Json> = {
    Diagnostic: closed(
      ["line", "column", "end_line", "end_column", "message", "code"],
      {
        ...SPAN,
        message: str("The message without its `Line <n>:` prefix (for an error inside an included file, the whole nested form of LANGUAGE.md §13.3)."),
        code: { type: "string", pattern: "^JSSON[0-9]{4}$" },
        file: str("The included file (a path of `files`) the span lies in; absent for the request's own source."),
        cause: { $ref: "#/components/schemas/Diagnostic", description: "For an error inside an included file (placed at the `include`): the same problem placed in the included file, with its `file`; recursively for deeper includes." },
        related: { type: "array", items: ref("RelatedPlace"), description: "Other places that explain the problem, when known." },
        suggestion: ref("Suggestion"),
      },
      "One problem in the source, structured (the same as the matching entry of `errors`).",
    ),
    Suggestion: closed(
      ["text", "line", "column", "end_line", "end_column"],
      { text: str("The replacement text."), ...SPAN },
      "A fix an editor can apply (a warning's, LANGUAGE.md §16.5): replace the text of the span with `text` (an empty span inserts it).",
    ),
    RelatedPlace: closed(["line", "column", "end_line", "end_column", "message"], {
      ...SPAN,
      message: str("What this place is."),
      file: str("The included file the place lies in; absent for the request's own source."),
    }),
    SchemaDiagnostic: closed(
      ["path", "message", "keyword", "schema_path"],
      {
        path: str("`$`, `$.key`, `$.items[3]`: as in the `errors` line."),
        message: str("As in the `errors` line, after the path."),
        keyword: str("The schema keyword that failed (`maximum`, `required`, …)."),
        schema_path: str("The keyword's place in the schema, a JSON Pointer fragment (`#/properties/port/maximum`)."),
        ...placeProperties(),
        related: {
          type: "array",
          description: "Another place that explains this one: the `@use` a preset member came through, the data file a value came from.",
          items: closed(["message", "line", "column", "end_line", "end_column"], { message: str(), ...placeProperties() }),
        },
      },
      "A data failure of /validate-schema: the `errors` line's path and message, the schema keyword and where it is in the schema, and the place in the source that produced the value (LANGUAGE.md §12.3); the place is absent when the failure names no value.",
    ),
    SchemaErrorDiagnostic: closed(["message"], { message: str() }, "A schema that cannot be used: the `schema: …` line."),
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
    IncludeMerge: { type: "string", enum: [...INCLUDE_MERGE_MODES], description: 'Default: "keep".' },
    Strict: { type: "boolean", description: "Strict mode (LANGUAGE.md §16.5): the first warning fails the request as an error. Default: the server's -strict (JSSON_STRICT), else false." },
    Warnings: {
      type: "array",
      items: { type: "string" },
      description: "The source's warnings (likely mistakes that change nothing, LANGUAGE.md §16.5), `Line <n>: <message>`, in source order, then request warnings (`unknown field \"fromat\" (did you mean \"format\"?)`, HTTP.md §2); present only when there are some, on success and on failure.",
    },
    WarningDiagnostics: { type: "array", items: ref("Diagnostic"), description: "The source warnings of `warnings`, structured, with their `suggestion` where they have one (request warnings have no place in the source)." },
    FormatName: {
      type: "string",
      enum: spellings,
      description: `An output format registered on this server (plugins included): ${formatList}, or an alias. The server also accepts any letter case.`,
    },
    CanonicalFormat: { type: "string", enum: formats, description: "The canonical name of an output format of this server." },
    TranspileRequest: {
      type: "object",
      required: ["source"],
      properties: {
        source: str("JSSON text (empty → `{}`)."),
        format: { allOf: [ref("FormatName")], description: `Output format, case-insensitive: ${formatList} (and aliases such as yml, ts). Default: "json".` },
        include_merge: ref("IncludeMerge"),
        streaming: { type: "boolean", description: "Stream the response (chunked). The bytes are the same as without streaming. Default: false." },
        stream_threshold: { type: "integer", minimum: 1, description: `A range with more elements than this turns streaming on. Default: ${DEFAULT_STREAM_THRESHOLD}.` },
        files: ref("Files"),
        vars: ref("Vars"),
        strict: ref("Strict"),
      },
    },
    TranspileSuccess: closed(["success", "output", "format", "transpile_time_ms"], {
      success: { const: true },
      output: { description: "json: the JSON value itself (source key order, exact integers); other formats: the output text as a string." },
      format: { allOf: [ref("CanonicalFormat")], description: "Canonical name of the format used." },
      transpile_time_ms: ms("Duration of the work in milliseconds."),
      ...WARNING_MEMBERS,
    }),
    TranspileFailure: closed(["success", "errors", "diagnostics", "format", "transpile_time_ms"], {
      success: { const: false },
      errors: { type: "array", minItems: 1, items: { type: "string" }, description: "`Line <n>: …` for source errors; `<field>: …` for request errors." },
      diagnostics: { type: "array", items: ref("Diagnostic"), description: "The source errors, structured; empty for request errors." },
      format: { type: "string" },
      transpile_time_ms: ms("Duration of the work in milliseconds."),
      ...WARNING_MEMBERS,
    }),
    TranspileResponse: { oneOf: [ref("TranspileSuccess"), ref("TranspileFailure")] },
    ValidateRequest: { type: "object", required: ["source"], properties: { source: str("JSSON text."), strict: ref("Strict") } },
    ValidateResponse: closed(["valid", "errors"], {
      valid: { type: "boolean" },
      errors: { type: "array", items: { type: "string" } },
      diagnostics: { type: "array", items: ref("Diagnostic") },
      ...WARNING_MEMBERS,
    }),
    ValidateSchemaRequest: {
      type: "object",
      required: ["source", "schema"],
      properties: {
        source: str("JSSON text."),
        schema: str("The JSON Schema document, as JSON, YAML or TOML text."),
        schema_format: { type: "string", enum: [...SCHEMA_FORMATS], description: "Detected from the text when absent." },
        output_format: { allOf: [ref("FormatName")], description: `The format to transpile to before validating: ${formatList}. Default: "json".` },
        include_merge: ref("IncludeMerge"),
        files: ref("Files"),
        vars: ref("Vars"),
        strict: ref("Strict"),
      },
    },
    ValidateSchemaResponse: closed(["valid", "errors", "format", "schema_type", "transpile_time_ms", "validate_time_ms"], {
      valid: { type: "boolean" },
      errors: { type: "array", items: { type: "string" }, description: "`$.path: message` data failures; `Line <n>: …` source errors; `schema: …` schema errors; `<field>: …` request errors." },
      format: { type: "string" },
      schema_type: { const: "json-schema" },
      transpile_time_ms: ms("Duration of the transpile in milliseconds."),
      validate_time_ms: ms("Duration of the validation in milliseconds."),
      transpiled_data: { description: "The data that was validated; present whenever the transpile succeeded." },
      diagnostics: {
        type: "array",
        description: "Present when `valid` is false: one entry per `errors` line, in order (source errors as in /transpile).",
        items: { anyOf: [ref("SchemaDiagnostic"), ref("Diagnostic"), ref("SchemaErrorDiagnostic")] },
      },
      ...WARNING_MEMBERS,
    }),
    Health: closed(["status", "service", "version", "lang_version", "timestamp"], {
      status: { type: "string", enum: ["healthy", "shutting_down"] },
      service: { const: "jsson" },
      version: SEMVER,
      lang_version: SEMVER,
      timestamp: { type: "string", format: "date-time" },
    }),
    Version: closed(["server_version", "lang_version", "go_version", "runtime", "runtime_version"], {
      server_version: SEMVER,
      lang_version: SEMVER,
      go_version: { type: "string", pattern: "^[0-9]+(\\.[0-9]+)*\\+$", description: "Kept for clients of the original service: the runtime version required." },
      runtime: { const: "node" },
      runtime_version: str("The running Node.js version (process.version)."),
    }),
    FormatInfo: closed(["name", "aliases", "media_type", "extension", "extensions", "description", "plugin"], {
      name: { type: "string" },
      aliases: { type: "array", items: { type: "string" } },
      media_type: { type: "string" },
      extension: str("The usual file extension, without the dot."),
      extensions: { type: "array", items: { type: "string" } },
      description: { type: "string" },
      plugin: str("The plugin that provides the format."),
    }),
    Alive: closed(["status"], { status: { const: "alive" } }),
    Ready: closed(["status"], { status: { const: "ready" } }),
    NotReady: closed(["status", "reason"], {
      status: { const: "not_ready" },
      reason: { type: "string", enum: [...NOT_READY_REASONS], description: "starting: workers not up yet; draining: shutting down (SIGTERM); no_workers: every evaluation worker is being replaced." },
    }),
    Formats: closed(["formats"], { formats: { type: "array", items: ref("FormatInfo") } }),
    NotFound: closed(["error", "path"], { error: { const: "not found" }, path: { type: "string" } }),
    MethodNotAllowed: closed(["error", "allowed"], { error: { const: "method not allowed" }, allowed: { type: "array", items: { type: "string" }, minItems: 1 } }),
    Error: closed(["error"], { error: { type: "string" }, request_id: { type: "string" }, limit_bytes: { type: "integer", minimum: 0 } }),
  };

  const getOp = (operationId: string, summary: string, schema: string, extra: Record<string, Json> = {}): Json => ({
    summary,
    responses: { "200": jsonResponse(summary, ref(schema)), ...extra, ...COMMON_ERRORS },
    operationId,
  });
  const postOp = (operationId: string, summary: string, request: string, response: string, badRequest: string): Json => ({
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
    operationId,
  });
  const paths: Record<string, Record<string, Json>> = {
    "/transpile": { post: postOp("transpile", "Transpile JSSON", "TranspileRequest", "TranspileResponse", "TranspileFailure") },
    "/validate": { post: postOp("validate", "Check JSSON syntax (no evaluation)", "ValidateRequest", "ValidateResponse", "ValidateResponse") },
    "/validate-schema": {
      post: postOp("validateSchema", "Transpile, then validate the data against a JSON Schema", "ValidateSchemaRequest", "ValidateSchemaResponse", "ValidateSchemaResponse"),
    },
    "/health": { get: getOp("getHealth", "Service health", "Health", { "503": jsonResponse("Shutting down (draining).", ref("Health")) }) },
    "/version": { get: getOp("getVersion", "Server and language versions", "Version") },
    "/formats": { get: getOp("listFormats", "Registered output formats", "Formats") },
    "/openapi.json": {
      get: { summary: "This document", responses: { "200": jsonResponse("OpenAPI 3.1 document", { type: "object" }), ...COMMON_ERRORS }, operationId: "getOpenApi" },
    },
    "/livez": { get: getOp("getLiveness", "Liveness probe: 200 while the process can answer (draining included)", "Alive") },
    "/readyz": {
      get: getOp("getReadiness", "Readiness probe: 200 when the server takes work", "Ready", {
        "503": jsonResponse("Not ready: starting, draining, or every evaluation worker down.", ref("NotReady")),
      }),
    },
    "/metrics": {
      get: {
        summary: "Prometheus metrics of the whole server (every HTTP process), names prefixed jsson_",
        responses: {
          "200": {
            description: "Prometheus text exposition format 0.0.4 (Content-Type: text/plain; version=0.0.4; charset=utf-8)",
            headers: { "X-Request-Id": { $ref: "#/components/headers/X-Request-Id" } },
            content: { "text/plain": { schema: { type: "string" } } },
          },
          "503": jsonResponse("The other HTTP processes' metrics did not arrive in time; retry.", ref("Error"), { "Retry-After": { $ref: "#/components/headers/Retry-After" } }),
          ...COMMON_ERRORS,
        },
        operationId: "getMetrics",
      },
    },
  };
  for (const [path, item] of Object.entries(paths)) item["options"] = preflight(path);

  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: "JSSON HTTP service",
      version: packageInfo().version,
      description: `Transpiles JSSON (language ${LANGUAGE_VERSION}) to ${formatList}. Every response carries X-Request-Id; with -cors=true (the default) the CORS headers too.`,
    },
    servers: [
      { url: "/", description: "The server that serves this document" },
      {
        url: "http://{host}:{port}",
        description: "A jsson serve elsewhere (default: jsson serve on this machine)",
        variables: { host: { default: "localhost" }, port: { default: "8090" } },
      },
    ],
    paths,
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
        TooLarge: jsonResponse("The body is larger than -max-body; refused before it was read; the rest of the body is read and discarded for a bounded time, then the connection is closed.", ref("Error")),
        UnsupportedMediaType: jsonResponse("A browser's POST (it sent Origin) whose Content-Type is not application/json; refused before the body is read, so browsers must preflight.", ref("Error")),
        BodyTimeout: jsonResponse("The body did not arrive in time; the connection is closed.", ref("Error")),
        InternalError: jsonResponse("Something unexpected; details are in the server log under the request id.", ref("Error")),
        Busy: jsonResponse("The work queue is full.", ref("Error"), { "Retry-After": { $ref: "#/components/headers/Retry-After" } }),
      },
    },
  };
}

/** `/validate-schema` → `validateSchema`. */
function camelPath(path: string): string {
  return path
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w !== "")
    .map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1)))
    .join("");
}
