// HTTP.md §4 (POST /validate) and §7 (POST /validate-schema).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { post, startServer, type TestServer } from "./helpers.js";

let s: TestServer;
test.before(async () => {
  s = await startServer({ workers: 2 });
});
test.after(() => s.close());

test("/validate: valid source → exactly {valid:true, errors:[]}", async () => {
  const r = await post(s.base, "/validate", { source: 'name = "x"\nport = 8080\n' });
  assert.is(r.status, 200);
  assert.is(r.text, '{"valid":true,"errors":[]}');
});

test("/validate: syntax only — runtime errors are not looked for", async () => {
  const r = await post(s.base, "/validate", { source: "a = 1 / 0\nb = missing.x\ninclude \"nowhere.jsson\"\n" });
  assert.equal(r.json(), { valid: true, errors: [] });
});

test("/validate: lexical and syntax errors → valid:false, Line messages and diagnostics", async () => {
  for (const [source, line] of [["a = 1\nb = \"open\n", 2], ["a = 1\nb = 99999999999999999999\n", 2], ["x = (\n", 1], ["a = 1\n@\n", 2], ["a = 1\nb = [1, 2\n", 2]] as const) {
    const r = await post(s.base, "/validate", { source });
    assert.is(r.status, 200);
    const j = r.json<{ valid: boolean; errors: string[]; diagnostics: { line: number; code: string }[] }>();
    assert.is(j.valid, false, source);
    assert.is(j.errors.length, j.diagnostics.length);
    assert.match(j.errors[0]!, new RegExp(`^Line ${line}: `), j.errors[0]);
    assert.is(j.diagnostics[0]!.line, line);
    assert.match(j.diagnostics[0]!.code, /^JSSON[12]\d{3}$/, "a lexical (1xxx) or syntax (2xxx) code");
  }
});

test("/validate: missing or non-string source → 400 with valid:false", async () => {
  for (const body of [{}, { source: 3 }, { source: null }, { Source: "a = 1" }]) {
    const r = await post(s.base, "/validate", body);
    assert.is(r.status, 400);
    const j = r.json<{ valid: boolean; errors: string[] }>();
    assert.is(j.valid, false);
    assert.match(j.errors[0]!, /^source: /);
  }
});

const SCHEMA = JSON.stringify({
  type: "object",
  properties: { port: { type: "integer", minimum: 1, maximum: 65535 }, name: { type: "string" } },
  required: ["port", "name"],
});

interface SchemaReply {
  valid: boolean;
  errors: string[];
  format: string;
  schema_type: string;
  transpile_time_ms: number;
  validate_time_ms: number;
  transpiled_data?: unknown;
}

test("/validate-schema: passing data — all fields, transpiled_data is the data validated", async () => {
  const r = await post(s.base, "/validate-schema", { source: 'port = 8080\nname = "api"\n', schema: SCHEMA });
  assert.is(r.status, 200);
  const j = r.json<SchemaReply>();
  assert.equal(Object.keys(j), ["valid", "errors", "format", "schema_type", "transpile_time_ms", "validate_time_ms", "transpiled_data"]);
  assert.is(j.valid, true);
  assert.equal(j.errors, []);
  assert.is(j.format, "json");
  assert.is(j.schema_type, "json-schema");
  assert.equal(j.transpiled_data, { port: 8080, name: "api" });
  assert.type(j.validate_time_ms, "number");
});

test("/validate-schema: failing data → `$.path: message` lines", async () => {
  const r = await post(s.base, "/validate-schema", { source: "port = 70000\n", schema: SCHEMA });
  const j = r.json<SchemaReply>();
  assert.is(j.valid, false);
  assert.equal(new Set(j.errors), new Set(["$.port: Value must be <= 65535, got 70000", "$: Missing required property: name"]));
});

test("/validate-schema: the data is what a consumer of output_format reads (TOML drops nulls)", async () => {
  const schema = "type: object\nrequired: [port, note]\n";
  const asJson = await post(s.base, "/validate-schema", { source: "port = 1\nnote = null\n", schema, schema_format: "yaml" });
  assert.is(asJson.json<SchemaReply>().valid, true);
  const asToml = await post(s.base, "/validate-schema", { source: "port = 1\nnote = null\n", schema, schema_format: "yaml", output_format: "TOML" });
  const j = asToml.json<SchemaReply>();
  assert.is(j.format, "toml");
  assert.is(j.valid, false);
  assert.equal(j.errors, ["$: Missing required property: note"]);
  assert.equal(j.transpiled_data, { port: 1 });
});

test("/validate-schema: transpiled_data keeps big integers exact and keys in source order", async () => {
  const r = await post(s.base, "/validate-schema", { source: 'big = 9223372036854775807\nz = 1\n"10" = 2\n', schema: "{}" });
  const raw = r.text.slice(r.text.indexOf('"transpiled_data":'));
  assert.match(raw, /"big": ?9223372036854775807\b/);
  assert.equal([...raw.matchAll(/"([^"]+)":/g)].map((m) => m[1]).slice(1), ["big", "z", "10"]);
  const yaml = await post(s.base, "/validate-schema", { source: "big = 9223372036854775807\n", schema: "{}", output_format: "toml" });
  assert.match(yaml.text, /"transpiled_data":\{"big":9223372036854775807\}/);
});

test("/validate-schema: a source error → 200, valid:false, Line message, no transpiled_data", async () => {
  const r = await post(s.base, "/validate-schema", { source: "a = 1\nb = 1 / 0\n", schema: SCHEMA });
  assert.is(r.status, 200);
  const j = r.json<SchemaReply>();
  assert.is(j.valid, false);
  assert.equal(j.errors, ["Line 2: division by zero"]);
  assert.ok(!("transpiled_data" in j));
  assert.equal(Object.keys(j), ["valid", "errors", "format", "schema_type", "transpile_time_ms", "validate_time_ms", "diagnostics"]);
  // as /transpile's (HTTP.md §7)
  assert.equal((j as unknown as { diagnostics: unknown[] }).diagnostics, [{ line: 2, column: 7, end_line: 2, end_column: 8, message: "division by zero", code: "JSSON3001" }]);
});

test("/validate-schema: a broken schema → 200, valid:false, `schema: …`", async () => {
  for (const [schema, schema_format] of [["{not json", undefined], ["type: [unclosed", "yaml"], ['{"type": 12}', "json"]] as const) {
    const r = await post(s.base, "/validate-schema", schema_format === undefined ? { source: "a = 1", schema } : { source: "a = 1", schema, schema_format });
    assert.is(r.status, 200);
    const j = r.json<SchemaReply>();
    assert.is(j.valid, false, schema);
    assert.ok(j.errors.length > 0 && j.errors.every((e) => e.startsWith("schema: ")), j.errors.join(" | "));
    assert.equal(j.transpiled_data, { a: 1 });
  }
});

test("/validate-schema: request errors → 400 in the endpoint's shape", async () => {
  const r = await post(s.base, "/validate-schema", { schema_format: "xml", output_format: "csv" });
  assert.is(r.status, 400);
  const j = r.json<SchemaReply>();
  assert.is(j.valid, false);
  assert.equal(j.errors, [
    "source: required (a string)",
    "schema: required (a string)",
    'schema_format: must be one of json, yaml, toml, got "xml"',
    'output_format: unknown format "csv"; available: json, yaml, toml, typescript',
  ]);
  assert.is(j.schema_type, "json-schema");
  const onlySchema = await post(s.base, "/validate-schema", { source: "a = 1" });
  assert.equal(onlySchema.json().errors, ["schema: required (a string)"]);
});

test("/validate-schema: includes and include_merge work as in /transpile", async () => {
  const r = await post(s.base, "/validate-schema", {
    source: 'port = 1\ninclude "more.jsson"\n',
    files: { "more.jsson": 'port = 2\nname = "n"\n' },
    include_merge: "overwrite",
    schema: SCHEMA,
  });
  const j = r.json<SchemaReply>();
  assert.is(j.valid, true, j.errors.join());
  assert.equal(j.transpiled_data, { port: 2, name: "n" });
});

test.run();
