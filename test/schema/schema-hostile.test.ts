/**
 * Hostile schemas (issue 4): each must be answered — with a schema error or
 * a validation result — well within a second or two, without a crash, and
 * the plugin must keep working afterwards. Times are asserted below 2 s to
 * leave room on a loaded 2-core machine; typical times are a few ms to a few
 * hundred ms.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { JsonSchemaValidator, type JsonSchemaResult } from "../../plugins/schema-json/index.js";

/** The validator under test: its own compile cache, as each engine's plugin has. */
const validator = new JsonSchemaValidator();

/**
 * Validate (it must not throw). No clock: each case asserts the answer its
 * bound gives (a schema error naming the limit, the errors found); an
 * unbounded case (backtracking, 2^30 expansions) does not answer at all.
 */
function timed(_label: string, data: unknown, schemaText: string, schemaFormat?: string): JsonSchemaResult {
  return validator.validate(data, schemaText, schemaFormat === undefined ? {} : { schemaFormat });
}

function isSchemaError(r: JsonSchemaResult, fragment: string): void {
  assert.is(r.schemaError, true, JSON.stringify(r.errors));
  assert.ok(r.errors[0]?.startsWith("schema: ") && r.errors[0].includes(fragment), JSON.stringify(r.errors));
}

test("catastrophic regex in pattern, on a long string", () => {
  const r = timed("(a+)+$", { x: "a".repeat(100_000) + "!" }, JSON.stringify({ properties: { x: { pattern: "(a+)+$" } } }));
  assert.equal(r.errors, ["$.x: String does not match pattern: (a+)+$"]);
  const r2 = timed("^(a|aa)+$ ok", { x: "a".repeat(100_000) }, JSON.stringify({ properties: { x: { pattern: "^(a|aa)+$" } } }));
  assert.equal(r2.errors, []);
});

test("catastrophic regex in patternProperties, on a long key", () => {
  const key = "a".repeat(100_000) + "!";
  const r = timed("patternProperties", { [key]: 1 }, JSON.stringify({ patternProperties: { "^(a+)+$": { type: "string" } }, additionalProperties: false }));
  assert.is(r.errors.length, 1);
  assert.ok(r.errors[0]?.endsWith(`Additional property '${key}' is not allowed`));
});

test("catastrophic regex in propertyNames", () => {
  const r = timed("propertyNames", { ["a".repeat(50_000) + "!"]: 1 }, JSON.stringify({ propertyNames: { pattern: "^(a|a)*$" } }));
  assert.is(r.errors.length, 1);
});

test("huge counted repetitions are refused at compile time", () => {
  isSchemaError(timed("{1000}", {}, JSON.stringify({ pattern: "((a{1000}){1000}){1000}" })), "is not supported");
});

test("5,000 properties: refused by the subschema cap, quickly", () => {
  const properties: Record<string, unknown> = {};
  for (let i = 0; i < 5000; i++) properties[`p${i}`] = { type: "integer", minimum: i };
  isSchemaError(timed("5000 properties", {}, JSON.stringify({ type: "object", properties, required: Object.keys(properties) })), "too many subschemas");
});

test("300 properties compile and validate", () => {
  const properties: Record<string, unknown> = {};
  const data: Record<string, number> = {};
  for (let i = 0; i < 300; i++) {
    properties[`p${i}`] = { type: "integer", minimum: i };
    data[`p${i}`] = i;
  }
  data["p7"] = 0;
  assert.equal(timed("300 properties", data, JSON.stringify({ properties })).errors, ["$.p7: Value must be >= 7, got 0"]);
});

test("data with 5,000 properties against additionalProperties / patternProperties", () => {
  const data: Record<string, number> = {};
  for (let i = 0; i < 5000; i++) data[`k${i}`] = i;
  const r = timed("5000 data keys", data, JSON.stringify({ patternProperties: { "^k[0-9]*5$": { type: "string" } }, propertyNames: { maxLength: 5 } }));
  // Every key ending in 5 holds a number (500 keys); no key is longer than 5 characters.
  assert.is(r.errors.length, 500);
  assert.is(r.errors[0], "$.k5: Expected type string but got number");
});

test("nesting depth 5,000 (JSON, YAML flow, TOML inline tables; YAML block: 600)", () => {
  let json = "{}";
  for (let i = 0; i < 5000; i++) json = `{"properties":{"a":${json}}}`;
  isSchemaError(timed("json", {}, json), "nesting deeper than 256");
  let arrays = "1";
  for (let i = 0; i < 5000; i++) arrays = `[${arrays}]`;
  isSchemaError(timed("json arrays", {}, `{"const": ${arrays}}`), "nesting deeper than 256");
  isSchemaError(timed("yaml flow", {}, `const: ${arrays}\n`, "yaml"), "invalid YAML");
  let block = "x: 1";
  for (let i = 0; i < 600; i++) block = `a:\n${block.replace(/^/gm, "  ")}`;
  isSchemaError(timed("yaml block", {}, block, "yaml"), "invalid YAML");
  let toml = "1";
  for (let i = 0; i < 5000; i++) toml = `{ a = ${toml} }`;
  const r = timed("toml", {}, `const = ${toml}\n`, "toml");
  assert.is(r.schemaError, true);
});

test("nesting just under the cap is accepted", () => {
  let json = '{"type": "integer"}';
  for (let i = 0; i < 60; i++) json = `{"properties":{"a":${json}}}`;
  let data: unknown = "x";
  for (let i = 0; i < 60; i++) data = { a: data };
  const r = timed("depth 120", data, json);
  assert.is(r.errors.length, 1);
  assert.ok(r.errors[0]?.endsWith(": Expected type integer but got string"));
});

test("$ref cycles: without progress (compile or validation), with progress (fine)", () => {
  const noProgress = timed("A→B→A", {}, JSON.stringify({ definitions: { A: { $ref: "#/definitions/B" }, B: { $ref: "#/definitions/A" } }, $ref: "#/definitions/A" }));
  assert.is(noProgress.schemaError, true);
  const self = timed("#", { a: 1 }, JSON.stringify({ $ref: "#" }));
  assert.is(self.schemaError, true);
  const selfAnyOf = timed("anyOf #", 1, JSON.stringify({ anyOf: [{ $ref: "#" }] }));
  assert.is(selfAnyOf.schemaError, true);
  let data: unknown = {};
  for (let i = 0; i < 200; i++) data = { next: data };
  const progress = timed("linked list", data, JSON.stringify({ definitions: { n: { type: "object", properties: { next: { $ref: "#/definitions/n" } }, required: ["next"] } }, $ref: "#/definitions/n" }));
  assert.equal(progress.errors, [`$${".next".repeat(200)}: Missing required property: next`]);
});

test("remote $ref (http, https, file) is refused without any request", async () => {
  let hits = 0;
  const server = createServer((_req, res) => {
    hits++;
    res.end("{}");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  try {
    for (const ref of [`http://127.0.0.1:${port}/x.json`, "https://127.0.0.1/x.json", "file:///etc/passwd"]) {
      isSchemaError(timed(ref, {}, JSON.stringify({ $ref: ref })), `remote $ref not allowed: ${ref}`);
    }
    // a barrier, not a pause: a fetch the validator had started would reach the server before this one
    await fetch(`http://127.0.0.1:${port}/probe`).then((r) => r.text());
    assert.is(hits, 1, "the probe, nothing else");
  } finally {
    server.close();
  }
});

test("a 1 MB enum: accepted under the size cap, refused above it", () => {
  const values: string[] = [];
  let text = "";
  for (let i = 0; values.length === 0 || text.length < 1_000_000; i++) {
    values.push(`value-${i}`);
    if (i % 1000 === 0) text = JSON.stringify({ properties: { x: { enum: values } } });
  }
  text = JSON.stringify({ properties: { x: { enum: values } } });
  assert.ok(text.length >= 1_000_000 && text.length <= 1024 * 1024, String(text.length));
  const r = timed("1 MB enum", { x: "nope" }, text);
  assert.is(r.errors.length, 1);
  assert.ok(r.errors[0]?.startsWith('$.x: Value must be one of: ["value-0","value-1",'));
  assert.ok((r.errors[0]?.length ?? 0) < 3000, "the list in the message is cut");
  assert.equal(timed("1 MB enum, cached, last value", { x: values[values.length - 1] }, text).errors, []);
  const big = JSON.stringify({ enum: [...values, ...values] });
  isSchemaError(timed("2 MB enum", {}, big), "schema text too large");
});

test("YAML alias bombs: billion laughs, exponential subschemas, self-reference", () => {
  const laughs = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  for (let i = 1; i < 10; i++) {
    const name = String.fromCharCode(97 + i);
    const prev = String.fromCharCode(96 + i);
    laughs.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(",")}]`);
  }
  laughs.push("enum: *j");
  isSchemaError(timed("billion laughs", {}, laughs.join("\n"), "yaml"), "document too large");
  isSchemaError(timed("billion laughs, sniffed", {}, laughs.join("\n")), "document too large");

  const doubling = ["definitions:", "  d0: &d0 {type: string}"];
  for (let i = 1; i < 40; i++) doubling.push(`  d${i}: &d${i} {anyOf: [*d${i - 1}, *d${i - 1}]}`);
  doubling.push(`$ref: "#/definitions/d39"`);
  isSchemaError(timed("doubling anyOf", "x", doubling.join("\n"), "yaml"), "document too large");

  // Moderate sharing that stays under the caps is fine.
  const modest = ["definitions:", "  d0: &d0 {type: string}"];
  for (let i = 1; i < 6; i++) modest.push(`  d${i}: &d${i} {allOf: [*d${i - 1}, *d${i - 1}]}`);
  modest.push(`$ref: "#/definitions/d5"`);
  assert.equal(timed("modest sharing", 1, modest.join("\n"), "yaml").errors, ["$: Expected type string but got number"]);
});

test("YAML merge-key chains are bounded", () => {
  const lines = ["definitions:", "  m0: &m0 {k0: {type: string}}"];
  for (let i = 1; i < 40; i++) lines.push(`  m${i}: &m${i}`, `    <<: [*m${i - 1}]`, `    k${i}: {type: string}`);
  lines.push("properties: *m39");
  const r = timed("merge chain", { k5: 1 }, lines.join("\n"), "yaml");
  assert.ok(r.schemaError === true || r.errors.includes("$.k5: Expected type string but got number"), JSON.stringify(r.errors));
});

test("an error flood is capped (all failures up to the cap, then a count)", () => {
  const data = Array.from({ length: 30_000 }, (_v, i) => i);
  const r = timed("30k failures", data, JSON.stringify({ items: { type: "string" } }));
  assert.is(r.errors.length, 10_001);
  assert.is(r.errors[0], "$[0]: Expected type string but got number");
  assert.is(r.errors[10_000], "$: 20000 more errors not shown");
});

test("many distinct patterns compile in bounded time", () => {
  const properties: Record<string, unknown> = {};
  for (let i = 0; i < 120; i++) properties[`p${i}`] = { pattern: `^(x+x+)+y${i}$` };
  const r = timed("120 patterns", { p5: "x".repeat(1000) }, JSON.stringify({ properties }));
  assert.equal(r.errors, [`$.p5: String does not match pattern: ^(x+x+)+y5$`]);
});

test("uniqueItems on 50,000 items (objects) is linear (ajv's pairwise check would take minutes)", () => {
  const items = Array.from({ length: 50_000 }, (_v, i) => ({ id: i, tags: ["a", "b"] }));
  items.push({ tags: ["a", "b"], id: 7 });
  const r = timed("uniqueItems 50k", items, JSON.stringify({ uniqueItems: true }));
  assert.equal(r.errors, ["$[50000]: Duplicate item in array where uniqueItems is required"]);
});

test("data nested 100,000 deep is answered, not a crash", () => {
  let data: unknown = {};
  for (let i = 0; i < 100_000; i++) data = { a: data };
  const r = timed("deep data", data, JSON.stringify({ type: "object" }));
  assert.equal(r.errors, ["$: data nested too deeply to validate"]);
});

test("the plugin still works after all of the above", () => {
  assert.equal(validator.validate({ port: 70000 }, '{"properties": {"port": {"maximum": 65535}}}', {}).errors, ["$.port: Value must be <= 65535, got 70000"]);
});

test.run();
