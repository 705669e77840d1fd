/**
 * Schema documents (LANGUAGE.md §12.2): JSON / YAML / TOML, explicit or
 * sniffed; unusable schemas are schema errors (`schema: …`, `schemaError`),
 * never data failures or exceptions; remote `$ref` refused (and provably
 * never fetched); the compile cache.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sniffSchemaFormat, JsonSchemaValidator } from "../../plugins/schema-json/index.js";
import { createEngine } from "../../index.js";
import { CompileCache } from "../../plugins/schema-json/compile-cache.js";

/** The validator under test: its own compile cache, as each engine's plugin has. */
const validator = new JsonSchemaValidator();

/** Assert a schema error whose single line starts with `schema: ` and contains `fragment`. */
function schemaError(schemaText: string, fragment: string, schemaFormat?: string): void {
  const r = validator.validate({ a: 1 }, schemaText, schemaFormat === undefined ? {} : { schemaFormat });
  assert.is(r.valid, false);
  assert.is(r.schemaError, true, `expected a schema error, got ${JSON.stringify(r)}`);
  assert.is(r.errors.length, 1);
  const line = r.errors[0] ?? "";
  assert.ok(line.startsWith("schema: "), line);
  assert.ok(line.includes(fragment), `${JSON.stringify(line)} should contain ${JSON.stringify(fragment)}`);
}

test("sniffing: `{` → JSON; TOML when it parses as TOML and not as a YAML mapping; else YAML", () => {
  assert.is(sniffSchemaFormat('  \n {"type": "object"}'), "json");
  assert.is(sniffSchemaFormat('type = "object"\n[properties.a]\ntype = "string"\n'), "toml");
  assert.is(sniffSchemaFormat("type: object\nproperties:\n  a: {type: string}\n"), "yaml");
  assert.is(sniffSchemaFormat("true"), "yaml");
  assert.is(sniffSchemaFormat("- a\n- b\n"), "yaml");
});

test("the same schema in JSON, YAML and TOML gives the same lines", () => {
  const json = '{"type":"object","required":["name"],"properties":{"port":{"type":"integer","maximum":10}}}';
  const yaml = "type: object\nrequired: [name]\nproperties:\n  port:\n    type: integer\n    maximum: 10\n";
  const toml = 'type = "object"\nrequired = ["name"]\n[properties.port]\ntype = "integer"\nmaximum = 10\n';
  const expected = ["$: Missing required property: name", "$.port: Value must be <= 10, got 11"].sort();
  for (const [text, format] of [[json, "json"], [yaml, "yaml"], [yaml, "YML"], [toml, "toml"]] as const) {
    assert.equal([...validator.validate({ port: 11 }, text, { schemaFormat: format }).errors].sort(), expected, format);
    assert.equal([...validator.validate({ port: 11 }, text, {}).errors].sort(), expected, `${format} sniffed`);
  }
});

test("a leading byte-order mark is ignored, in every format", () => {
  for (const [text, format] of [['\uFEFF{"maximum": 1}', "json"], ["\uFEFFmaximum: 1\n", "yaml"], ["\uFEFFmaximum = 1\n", "toml"]] as const) {
    assert.equal(validator.validate(2, text, { schemaFormat: format }).errors, ["$: Value must be <= 1, got 2"], format);
    assert.equal(validator.validate(2, text, {}).errors, ["$: Value must be <= 1, got 2"], `${format} sniffed`);
  }
});

test("YAML anchors and aliases for reuse work", () => {
  const yaml = "definitions:\n  port: &port {type: integer, minimum: 1}\nproperties:\n  a: *port\n  b: *port\n";
  assert.equal(validator.validate({ a: 0, b: 2 }, yaml, {}).errors, ["$.a: Value must be >= 1, got 0"]);
});

test("YAML merge keys (<<) work", () => {
  const yaml = "definitions:\n  port: &port {type: integer, minimum: 1}\nproperties:\n  a:\n    <<: *port\n    maximum: 10\n";
  assert.equal([...validator.validate({ a: 11 }, yaml, {}).errors], ["$.a: Value must be <= 10, got 11"]);
  assert.equal([...validator.validate({ a: 0 }, yaml, {}).errors], ["$.a: Value must be >= 1, got 0"]);
});

test("YAML reads YAML 1.2 core scalars: no timestamps, `yes` is a string", () => {
  assert.equal(validator.validate({ d: "2024-01-01", y: "yes" }, "properties:\n  d: {const: 2024-01-01}\n  y: {const: yes}\n", {}).errors, []);
});

test("unparsable documents are schema errors naming the format", () => {
  schemaError('{"type": ', "invalid JSON", "json");
  schemaError('{"type": ', "invalid JSON");
  schemaError("type: [a\n", "invalid YAML", "yaml");
  schemaError("type = = 1", "invalid TOML", "toml");
  schemaError("", "empty schema document");
  schemaError("  \n", "empty schema document", "yaml");
});

test("a document that is not an object or boolean is a schema error", () => {
  schemaError("[1, 2]", "must be an object or a boolean, got an array", "json");
  schemaError('"string"', "got a string", "json");
  schemaError("42", "got a number", "json");
  schemaError("null", "got null", "json");
  schemaError("just some words", "got a string");
});

test("an unknown schema format name is a schema error", () => {
  schemaError("{}", 'unknown schema format "xml"', "xml");
});

test("schemas that do not compile are schema errors", () => {
  schemaError('{"properties": {"a": {"minimum": "one"}}}', "schema is invalid");
  schemaError('{"type": "strnig"}', "schema is invalid");
  schemaError('{"type": "string,nul"}', "schema is invalid");
  schemaError('{"$ref": "#/definitions/nope"}', "can't resolve reference #/definitions/nope");
  schemaError('{"$jsson_format": 5}', "$jsson_format");
  schemaError('{"pattern": "(?<=a)b"}', 'pattern "(?<=a)b" is not supported');
  schemaError('{"pattern": "(a"}', 'pattern "(a" is not supported');
  schemaError('{"$schema": "http://json-schema.org/draft-04/schema#"}', "unsupported $schema");
  schemaError('{"$schema": 7}', "$schema must be a string");
});

test("$schema spellings of a supported draft are accepted", () => {
  for (const uri of ["http://json-schema.org/draft-07/schema#", "https://json-schema.org/draft-07/schema", "http://json-schema.org/draft-06/schema#", "https://json-schema.org/draft/2020-12/schema#"]) {
    const r = validator.validate(1, JSON.stringify({ $schema: uri, type: "string" }), {});
    assert.equal(r.errors, ["$: Expected type string but got number"], uri);
  }
});

/** A real HTTP server that counts the requests it receives. */
async function countingServer(): Promise<{ server: Server; url: string; hits: () => number }> {
  let hits = 0;
  const server = createServer((_req, res) => {
    hits++;
    res.setHeader("content-type", "application/json");
    res.end('{"type": "string"}');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}`, hits: () => hits };
}

test("remote $ref (http, https, file, relative, protocol-relative) is refused and never fetched", async () => {
  const { server, url, hits } = await countingServer();
  try {
    const refs = [`${url}/s.json`, `${url}/s.json#/definitions/x`, "https://example.com/s.json", "file:///etc/passwd", "other.json", "//example.com/s.json", "../up.json#/x"];
    for (const ref of refs) {
      schemaError(JSON.stringify({ properties: { a: { $ref: ref } } }), `remote $ref not allowed: ${ref}`);
      schemaError(`properties:\n  a:\n    $ref: "${ref}"\n`, `remote $ref not allowed: ${ref}`, "yaml");
    }
    schemaError(JSON.stringify({ $id: `${url}/root.json`, allOf: [{ $ref: "sibling.json" }] }), "remote $ref not allowed: sibling.json");
    schemaError(JSON.stringify({ $schema: "https://json-schema.org/draft/2020-12/schema", items: { $dynamicRef: `${url}/x.json` } }), "remote $ref not allowed");
    // a barrier, not a pause: a fetch the validator had started would reach the server before this one
    await fetch(`${url}/probe`).then((r) => r.text());
    assert.is(hits(), 1, "the probe, nothing else");
  } finally {
    server.close();
  }
});

test("a $ref that resolves to an $id inside the document is local", () => {
  const schema = { $id: "https://example.com/root.json", definitions: { s: { $id: "https://example.com/s.json", type: "string" } }, properties: { a: { $ref: "s.json" } } };
  assert.equal(validator.validate({ a: 1 }, JSON.stringify(schema), {}).errors, ["$.a: Expected type string but got number"]);
});

test("two documents with the same $id but different content do not clash", () => {
  const a = JSON.stringify({ $id: "https://example.com/same.json", type: "string" });
  const b = JSON.stringify({ $id: "https://example.com/same.json", type: "number" });
  assert.equal(validator.validate(1, a, {}).errors, ["$: Expected type string but got number"]);
  assert.equal(validator.validate(1, b, {}).errors, []);
  assert.equal(validator.validate("x", b, {}).errors, ["$: Expected type number but got string"]);
  // Nested $ids too.
  const nested = (type: string): string => JSON.stringify({ definitions: { s: { $id: "https://example.com/s.json", type } }, properties: { x: { $ref: "https://example.com/s.json" } } });
  assert.equal(validator.validate({ x: 1 }, nested("string"), {}).errors, ["$.x: Expected type string but got number"]);
  assert.equal(validator.validate({ x: 1 }, nested("boolean"), {}).errors, ["$.x: Expected type boolean but got number"]);
});

test("a schema that is not text (a caller's mistake) is a schema error, not an exception", () => {
  const r = validator.validate({}, 42 as unknown as string, {});
  assert.equal(r.errors, ["schema: the schema must be given as text"]);
  assert.is(r.schemaError, true);
});

test("the compile cache: equal schema texts compile once; failures are cached too; bounded LRU", () => {
  validator.clearCache();
  const text = '{"properties": {"n": {"maximum": 1}}}';
  for (let i = 0; i < 5; i++) assert.equal(validator.validate({ n: 2 }, text, {}).errors, ["$.n: Value must be <= 1, got 2"]);
  assert.equal(validator.cacheStats(), { compiles: 1, hits: 4, size: 1, weight: 2 }); // weight = subschemas (root + n)
  // The same text read with an explicit format is a different key.
  validator.validate({ n: 2 }, text, { schemaFormat: "json" });
  assert.is(validator.cacheStats().compiles, 2);
  // A broken schema is not recompiled either.
  for (let i = 0; i < 3; i++) assert.is(validator.validate({}, "{broken", { schemaFormat: "json" }).schemaError, true);
  assert.is(validator.cacheStats().compiles, 3);
  // Fill past capacity: the first schema is evicted and compiles again.
  for (let i = 0; i < 70; i++) validator.validate(i, JSON.stringify({ maximum: i }), {});
  assert.is(validator.cacheStats().size, 64);
  const before = validator.cacheStats().compiles;
  validator.validate({ n: 2 }, text, {});
  assert.is(validator.cacheStats().compiles, before + 1);
});

test("each validator owns its cache: another one (another engine's) compiles for itself and leaves this one's counters alone", () => {
  validator.clearCache();
  const other = new JsonSchemaValidator();
  const text = '{"required": ["own"]}';
  validator.validate({}, text, {});
  assert.equal(other.validate({}, text, {}).errors, validator.validate({}, text, {}).errors);
  assert.equal(other.cacheStats(), { compiles: 1, hits: 0, size: 1, weight: 1 });
  assert.equal(validator.cacheStats(), { compiles: 1, hits: 1, size: 1, weight: 1 });
});

test("CompileCache: bounded by entries and by total weight, least recently used first", () => {
  const c = new CompileCache<number>(3, 10, (w) => w);
  let builds = 0;
  const get = (key: string, weight: number): number => c.getOrBuild(key, () => (builds++, weight));
  get("a", 2);
  get("b", 2);
  get("c", 2);
  get("a", 2); // hit: a becomes the most recent
  get("d", 2); // 4 entries > 3: b (least recent) goes
  assert.equal(c.stats(), { compiles: 4, hits: 1, size: 3, weight: 6 });
  get("b", 2);
  assert.is(builds, 5);
  get("big", 9); // weight 15 > 10: evict from the oldest until it fits
  assert.equal(c.stats().size, 1);
  assert.equal(c.stats().weight, 9);
  get("huge", 50); // heavier than the budget on its own: still kept (the newest entry always is)
  assert.equal(c.stats().size, 1);
  get("huge", 50);
  assert.is(c.stats().hits, 2);
  assert.is(CompileCache.key("x", "json"), CompileCache.key("x", "json"));
  assert.is.not(CompileCache.key("x", "json"), CompileCache.key("x", "yaml"));
});

test("validators stay correct across ajv instance renewals (hundreds of distinct schemas)", () => {
  validator.clearCache();
  for (let i = 0; i < 250; i++) {
    const text = JSON.stringify({ $id: "https://example.com/x.json", properties: { v: { const: i } } });
    assert.equal(validator.validate({ v: i }, text, {}).errors, [], `schema ${i}`);
    assert.equal(validator.validate({ v: -1 }, text, {}).errors, [`$.v: Value must be exactly ${i}`], `schema ${i}`);
  }
});

test("the engine's validate hook reaches the plugin (schema type json-schema)", () => {
  const engine = createEngine();
  const r = engine.validate({ port: 0 }, "properties:\n  port: {minimum: 1}\n", { schemaFormat: "yaml" });
  assert.equal(r.errors, ["$.port: Value must be >= 1, got 0"]);
  assert.is(engine.validate({}, "{}", {}).valid, true);
});

test.run();
