// The request mix of the soak: what each kind sends and how its answer is
// checked. Expected outputs come from the engine itself (dist/core), since
// the server must answer byte-identically to the CLI (HTTP.md §2). Every
// request carries its own number `req = <id>` where the source allows it, so
// a response delivered to the wrong request (or mixed up on a keep-alive
// connection) fails its check, not only a wrong status.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

/** Placeholder for the request number while expected outputs are computed once. */
const SENTINEL = "987654321";

const SMALL = `req = ${SENTINEL}
name = "api"
port = 8080
debug = false
ratio = 0.75
hosts = ["a.example", "b.example"]
db { host = "db.local", port = 5432, pool { min = 2, max = 16 } }
`;

/** Source errors of different stages (lexer, parser, evaluator/include); each gives 200 with success:false. */
const SOURCE_ERRORS = [
  'a = = 1',
  'name = "api"\nmsg = "never closed\n',
  'ports = [1, 2\nx = 3',
  'r = 1..',
  'include "db.jsson"\nx = 1',
];

/** Request errors: the HTTP request itself is wrong (400). */
const REQUEST_ERRORS = [
  { path: "/transpile", body: JSON.stringify({ source: 5 }), field: "success" },
  { path: "/transpile", body: JSON.stringify({ source: "a = 1", format: "xml" }), field: "success" },
  { path: "/transpile", body: "{not json", field: "success" },
  { path: "/transpile", body: "[1, 2, 3]", field: "success" },
  { path: "/transpile", body: JSON.stringify({ format: "json" }), field: "success" },
  { path: "/validate", body: JSON.stringify({ source: ["a"] }), field: "valid" },
  { path: "/validate-schema", body: JSON.stringify({ source: "a = 1" }), field: "valid" },
];

const SCHEMA_JSON = JSON.stringify({
  type: "object",
  required: ["req", "port", "name"],
  properties: { req: { type: "integer" }, port: { type: "integer", minimum: 1, maximum: 65535 }, name: { type: "string" } },
});
const SCHEMA_YAML = `type: object
required: [req, port, name]
properties:
  req: { type: integer }
  port: { type: integer, minimum: 1, maximum: 65535 }
  name: { type: string }
`;

/** Parse a response body as JSON; a problem string when it is not. */
function parseBody(res) {
  try {
    return { data: JSON.parse(res.text) };
  } catch {
    return { problem: `body is not JSON: ${JSON.stringify(res.text.slice(0, 120))}` };
  }
}

function expectStatus(res, status) {
  return res.status === status ? undefined : `status ${res.status}, expected ${status}: ${res.text.slice(0, 160)}`;
}

/** The first ~300 lines of bench/workloads/w3.jsson (17 whole service blocks) behind a `req` line. */
function mediumSource(repoRoot) {
  const w3 = readFileSync(join(repoRoot, "bench/workloads/w3.jsson"), "utf8");
  const end = w3.indexOf("// service 16 ends here");
  if (end < 0) throw new Error("bench/workloads/w3.jsson changed: no '// service 16 ends here'");
  const cut = w3.indexOf("}", end) + 1;
  return `req = ${SENTINEL}\n` + w3.slice(0, cut) + "\n";
}

/** Every source error's expected (line, code) pairs, from the engine. */
function expectedDiagnostics(engine, source) {
  const r = engine.transpile(source, { format: "json" });
  if (r.ok) throw new Error(`mix: expected a source error for ${JSON.stringify(source)}`);
  return r.diagnostics.map((d) => ({ line: d.line, code: d.code }));
}

/** Check a failure body's errors/diagnostics against the expected (line, code) pairs. */
function checkSourceFailure(data, expected) {
  if (!Array.isArray(data.errors) || data.errors.length !== expected.length) return `errors: ${JSON.stringify(data.errors)}`;
  if (!Array.isArray(data.diagnostics) || data.diagnostics.length !== expected.length) return `diagnostics: ${JSON.stringify(data.diagnostics)}`;
  for (let i = 0; i < expected.length; i++) {
    const d = data.diagnostics[i];
    const e = expected[i];
    if (d.line !== e.line || d.code !== e.code) return `diagnostic ${i}: line ${d.line} code ${d.code}, expected line ${e.line} code ${e.code}`;
    if (data.errors[i] !== `Line ${d.line}: ${d.message}`) return `error ${i} ${JSON.stringify(data.errors[i])} is not "Line ${d.line}: ${d.message}"`;
  }
  return undefined;
}

/**
 * The kinds of the mix: { name, weight, make(id) → { method, path, body? }, check(res, id) → problem | undefined }.
 * `res` is { status, headers, text }.
 */
export async function buildMix(repoRoot) {
  const { createEngine } = await import(pathToFileURL(join(repoRoot, "dist/index.js")).href);
  const engine = createEngine();
  const emit = (source, format) => {
    const r = engine.transpile(source, { format });
    if (!r.ok) throw new Error(`mix: the engine fails on a soak source (${format}): ${JSON.stringify(r.diagnostics)}`);
    return r.output;
  };

  // JSON kinds compare the parsed output, compacted, with the engine's.
  const smallJson = JSON.stringify(JSON.parse(emit(SMALL, "json")));
  const medium = mediumSource(repoRoot);
  const mediumJson = JSON.stringify(JSON.parse(emit(medium, "json")));
  const textFormats = { yaml: emit(SMALL, "yaml"), toml: emit(SMALL, "toml"), typescript: emit(SMALL, "typescript") };
  const sourceErrors = SOURCE_ERRORS.map((source) => ({ source, expected: expectedDiagnostics(engine, source) }));
  const syntaxErrors = SOURCE_ERRORS.map((source) => ({ source, check: engine.check(source) })).filter((e) => e.check.length > 0);
  const withId = (text, id) => text.replace(SENTINEL, String(id));

  const transpileJson = (source, expected) => ({
    make: (id) => ({ method: "POST", path: "/transpile", body: JSON.stringify({ source: withId(source, id) }) }),
    check: (res, id) => {
      const bad = expectStatus(res, 200);
      if (bad) return bad;
      const { data, problem } = parseBody(res);
      if (problem) return problem;
      if (data.success !== true || data.format !== "json") return `success ${data.success}, format ${data.format}: ${res.text.slice(0, 160)}`;
      if (typeof data.transpile_time_ms !== "number") return "transpile_time_ms missing";
      if (JSON.stringify(data.output) !== withId(expected, id)) return `output differs from the engine's: ${JSON.stringify(data.output).slice(0, 160)}`;
      return undefined;
    },
  });

  /** A text format; `asked` alternates between the name and an alias (case-insensitive) to cover canonicalisation. */
  const transpileText = (format, asked) => ({
    make: (id) => ({ method: "POST", path: "/transpile", body: JSON.stringify({ source: withId(SMALL, id), format: asked[id % asked.length] }) }),
    check: (res, id) => {
      const bad = expectStatus(res, 200);
      if (bad) return bad;
      const { data, problem } = parseBody(res);
      if (problem) return problem;
      if (data.success !== true || data.format !== format) return `success ${data.success}, format ${data.format}, expected ${format}`;
      if (data.output !== withId(textFormats[format], id)) return `${format} output differs from the engine's: ${JSON.stringify(data.output).slice(0, 160)}`;
      return undefined;
    },
  });

  return [
    { name: "small-json", weight: 26, ...transpileJson(SMALL, smallJson) },
    { name: "medium-json", weight: 10, ...transpileJson(medium, mediumJson) },
    { name: "yaml", weight: 8, ...transpileText("yaml", ["yaml", "YML"]) },
    { name: "toml", weight: 8, ...transpileText("toml", ["toml", "Toml"]) },
    { name: "typescript", weight: 8, ...transpileText("typescript", ["ts", "typescript"]) },
    {
      name: "source-error",
      weight: 8,
      make: (id) => ({ method: "POST", path: "/transpile", body: JSON.stringify({ source: sourceErrors[id % sourceErrors.length].source }) }),
      check: (res, id) => {
        const bad = expectStatus(res, 200);
        if (bad) return bad;
        const { data, problem } = parseBody(res);
        if (problem) return problem;
        if (data.success !== false || data.format !== "json" || "output" in data) return `success ${data.success}, format ${data.format}, output ${"output" in data}`;
        return checkSourceFailure(data, sourceErrors[id % sourceErrors.length].expected);
      },
    },
    {
      name: "request-error",
      weight: 6,
      make: (id) => {
        const e = REQUEST_ERRORS[id % REQUEST_ERRORS.length];
        return { method: "POST", path: e.path, body: e.body };
      },
      check: (res, id) => {
        const bad = expectStatus(res, 400);
        if (bad) return bad;
        const { data, problem } = parseBody(res);
        if (problem) return problem;
        const field = REQUEST_ERRORS[id % REQUEST_ERRORS.length].field;
        if (data[field] !== false) return `${field} is ${data[field]}, expected false`;
        if (!Array.isArray(data.errors) || data.errors.length === 0) return `errors: ${JSON.stringify(data.errors)}`;
        if (data.errors.some((m) => typeof m !== "string" || m.startsWith("Line "))) return `request errors must not read "Line …": ${JSON.stringify(data.errors)}`;
        return undefined;
      },
    },
    {
      name: "validate",
      weight: 8,
      // Even ids: the (valid) medium program; odd ids: a syntax error.
      make: (id) => {
        const source = id % 2 === 0 ? withId(medium, id) : syntaxErrors[(id >> 1) % syntaxErrors.length].source;
        return { method: "POST", path: "/validate", body: JSON.stringify({ source }) };
      },
      check: (res, id) => {
        const bad = expectStatus(res, 200);
        if (bad) return bad;
        const { data, problem } = parseBody(res);
        if (problem) return problem;
        if (id % 2 === 0) return data.valid === true && Array.isArray(data.errors) && data.errors.length === 0 ? undefined : `valid source judged ${res.text.slice(0, 160)}`;
        if (data.valid !== false) return "syntax error judged valid";
        const expected = syntaxErrors[(id >> 1) % syntaxErrors.length].check.map((d) => ({ line: d.line, code: d.code }));
        return checkSourceFailure(data, expected);
      },
    },
    {
      name: "validate-schema",
      weight: 8,
      // id % 4: 0,1 valid data; 2,3 a port above the maximum. Odd ids send the schema as YAML.
      make: (id) => {
        const port = id % 4 < 2 ? 1 + (id % 65535) : 65536 + (id % 1000);
        const yaml = id % 2 === 1;
        const body = { source: `req = ${id}\nport = ${port}\nname = "svc-${id}"`, schema: yaml ? SCHEMA_YAML : SCHEMA_JSON };
        if (yaml) body.schema_format = "yaml";
        return { method: "POST", path: "/validate-schema", body: JSON.stringify(body) };
      },
      check: (res, id) => {
        const bad = expectStatus(res, 200);
        if (bad) return bad;
        const { data, problem } = parseBody(res);
        if (problem) return problem;
        const port = id % 4 < 2 ? 1 + (id % 65535) : 65536 + (id % 1000);
        const td = data.transpiled_data;
        if (!td || td.req !== id || td.port !== port || td.name !== `svc-${id}`) return `transpiled_data ${JSON.stringify(td)}`;
        if (data.format !== "json" || data.schema_type !== "json-schema") return `format ${data.format}, schema_type ${data.schema_type}`;
        if (typeof data.transpile_time_ms !== "number" || typeof data.validate_time_ms !== "number") return "times missing";
        if (id % 4 < 2) return data.valid === true && data.errors.length === 0 ? undefined : `valid data judged ${JSON.stringify(data.errors)}`;
        const want = `$.port: Value must be <= 65535, got ${port}`;
        return data.valid === false && data.errors.length === 1 && data.errors[0] === want ? undefined : `errors ${JSON.stringify(data.errors)}, expected [${want}]`;
      },
    },
    {
      name: "health",
      weight: 6,
      make: () => ({ method: "GET", path: "/health" }),
      check: (res) => {
        const bad = expectStatus(res, 200);
        if (bad) return bad;
        const { data, problem } = parseBody(res);
        if (problem) return problem;
        return data.status === "healthy" && data.service === "jsson" && data.lang_version === "0.0.6" ? undefined : `health ${res.text.slice(0, 160)}`;
      },
    },
  ];
}
