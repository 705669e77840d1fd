/**
 * Messages and paths (LANGUAGE.md §12.3): the reference's wording for the
 * keywords it supported, ajv's for the rest; `$`, `$.a.b`, `$["my key"]`,
 * `$.items[3]` paths; composite keywords report one line; values printed
 * from the caller's data (big integers exactly).
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { JsonSchemaValidator } from "../../plugins/schema-json/index.js";
import { ObjectValue, FloatValue } from "../../core/values/values.js";

/** The validator under test: its own compile cache, as each engine's plugin has. */
const validator = new JsonSchemaValidator();

/** The error lines, sorted (order is checked separately: lines are compared as a set, like the conformance files). */
const errorsOf = (data: unknown, schema: unknown): readonly string[] => {
  const r = validator.validate(data, JSON.stringify(schema), { schemaFormat: "json" });
  assert.is(r.schemaError, undefined, `unexpected schema error: ${r.errors.join("; ")}`);
  assert.is(r.valid, r.errors.length === 0);
  return [...r.errors].sort();
};

/** Compare with expected lines as a set. */
const sameLines = (actual: readonly string[], expected: readonly string[]): void => {
  assert.equal(actual, [...expected].sort());
};

test("type: expected name(s) and the actual kind; integers and floats are both `number`", () => {
  sameLines(errorsOf({ a: 1, b: 1.5, c: "x", d: null, e: [], f: {}, g: true }, {
    properties: {
      a: { type: "string" },
      b: { type: "integer" },
      c: { type: ["number", "boolean"] },
      d: { type: "object" },
      e: { type: "object" },
      f: { type: "array" },
      g: { type: "null" },
    },
  }), [
    "$.a: Expected type string but got number",
    "$.b: Expected type integer but got number",
    "$.c: Expected type number,boolean but got string",
    "$.d: Expected type object but got null",
    "$.e: Expected type object but got array",
    "$.f: Expected type array but got object",
    "$.g: Expected type null but got boolean",
  ]);
});

test("type as a comma-separated string is a list, only where `type` is a keyword", () => {
  sameLines(errorsOf({ a: null, b: 3 }, { properties: { a: { type: "string,null" }, b: { type: " string , null " } } }), [
    "$.b: Expected type string,null but got number",
  ]);
  // A property *named* type, and a const value, are not touched.
  sameLines(errorsOf({ type: "a,b" }, { properties: { type: { const: "a,b" } } }), []);
});

test("required names the missing property at the object's path", () => {
  sameLines(errorsOf({ db: {} }, { properties: { db: { required: ["host", "my port"] } }, required: ["db", "name"] }), [
    "$: Missing required property: name",
    "$.db: Missing required property: host",
    "$.db: Missing required property: my port",
  ]);
});

test("additionalProperties false: one line per extra property, at its path", () => {
  sameLines(errorsOf({ a: 1, b: 2, "c d": 3 }, { properties: { a: {} }, additionalProperties: false }), [
    "$.b: Additional property 'b' is not allowed",
    `$["c d"]: Additional property 'c d' is not allowed`,
  ]);
});

test("minItems / maxItems / minLength / maxLength", () => {
  sameLines(errorsOf({ a: [1], b: [1, 2, 3], c: "ab", d: "abcd" }, {
    properties: { a: { minItems: 2 }, b: { maxItems: 2 }, c: { minLength: 3 }, d: { maxLength: 3 } },
  }), [
    "$.a: Array must have at least 2 items, got 1",
    "$.b: Array must have at most 2 items, got 3",
    "$.c: String must be at least 3 characters, got 2",
    "$.d: String must be at most 3 characters, got 4",
  ]);
});

test("string lengths count code points (an emoji is one character)", () => {
  sameLines(errorsOf({ a: "😀😀", b: "ção" }, { properties: { a: { maxLength: 2 }, b: { maxLength: 3 } } }), []);
  sameLines(errorsOf({ a: "😀😀😀" }, { properties: { a: { maxLength: 2 } } }), ["$.a: String must be at most 2 characters, got 3"]);
});

test("uniqueItems: every later duplicate, at its own index; deep equality ignores key order", () => {
  sameLines(errorsOf({ ids: [1, 2, 1, 1, { a: 1, b: [2] }, { b: [2], a: 1 }, "1"] }, { properties: { ids: { uniqueItems: true } } }), [
    "$.ids[2]: Duplicate item in array where uniqueItems is required",
    "$.ids[3]: Duplicate item in array where uniqueItems is required",
    "$.ids[5]: Duplicate item in array where uniqueItems is required",
  ]);
});

test("pattern, minimum, maximum, const, enum", () => {
  sameLines(errorsOf({ p: "abc", lo: -1, hi: 2.5, c: "dev", e: 4, o: { x: 1 } }, {
    properties: {
      p: { pattern: "^[0-9]+$" },
      lo: { minimum: 0 },
      hi: { maximum: 1.5 },
      c: { const: "prod" },
      e: { enum: ["a", 1, null, [2]] },
      o: { const: { x: 2 } },
    },
  }), [
    "$.p: String does not match pattern: ^[0-9]+$",
    "$.lo: Value must be >= 0, got -1",
    "$.hi: Value must be <= 1.5, got 2.5",
    "$.c: Value must be exactly prod",
    `$.e: Value must be one of: ["a",1,null,[2]]`,
    `$.o: Value must be exactly {"x":2}`,
  ]);
});

test("anyOf / oneOf / not report one line each, without branch errors", () => {
  const schema = {
    properties: {
      a: { anyOf: [{ type: "string" }, { type: "object", required: ["x"] }] },
      b: { oneOf: [{ type: "number" }, { type: "integer" }, { minimum: 0 }, { maximum: 1 }] },
      c: { oneOf: [{ type: "string" }, { type: "boolean" }] },
      d: { not: { type: "number" } },
      e: { oneOf: [{ type: "number" }, { type: "string" }, { minimum: 0 }] },
    },
  };
  sameLines(errorsOf({ a: 5, b: 5, c: 5, d: 5, e: 5 }, schema), [
    "$.a: Value does not match any of the schemas in anyOf",
    "$.b: Value must match exactly one schema in oneOf, but matched 3",
    "$.c: Value must match exactly one schema in oneOf, but matched 0",
    "$.d: Value should not match the schema in 'not'",
    "$.e: Value must match exactly one schema in oneOf, but matched 2",
  ]);
  sameLines(errorsOf({ a: "ok", c: true, d: "x" }, schema), []);
});

test("a passing anyOf next to failing siblings keeps the siblings' errors", () => {
  sameLines(errorsOf(5, { anyOf: [{ type: "number" }], minimum: 6, allOf: [{ maximum: 4 }] }), [
    "$: Value must be >= 6, got 5",
    "$: Value must be <= 4, got 5",
  ]);
});

test("if / then / else: the branch's errors, not ajv's 'must match then schema'", () => {
  const schema = { if: { properties: { mode: { const: "prod" } } }, then: { properties: { n: { minimum: 2 } } }, else: { properties: { n: { maximum: 0 } } } };
  sameLines(errorsOf({ mode: "prod", n: 1 }, schema), ["$.n: Value must be >= 2, got 1"]);
  sameLines(errorsOf({ mode: "dev", n: 1 }, schema), ["$.n: Value must be <= 0, got 1"]);
});

test("paths: nested keys, array items, keys that are not identifiers, Unicode identifiers", () => {
  sameLines(errorsOf({ db: { pool: [{ max: 0 }] }, "my key": 1, ção: 1, "10": 1, "": 1 }, {
    properties: {
      db: { properties: { pool: { items: { properties: { max: { minimum: 1 } } } } } },
      "my key": { type: "string" },
      ção: { type: "string" },
      "10": { type: "string" },
      "": { type: "string" },
    },
  }), [
    `$[""]: Expected type string but got number`,
    `$["10"]: Expected type string but got number`,
    `$["my key"]: Expected type string but got number`,
    "$.db.pool[0].max: Value must be >= 1, got 0",
    "$.ção: Expected type string but got number",
  ]);
  sameLines(errorsOf({ "a/b~c": 1 }, { properties: { "a/b~c": { type: "string" } } }), [`$["a/b~c"]: Expected type string but got number`]);
});

test("other keywords use ajv's message", () => {
  sameLines(errorsOf({ a: 7, b: 5, c: "not-an-email", d: 1 }, {
    properties: { a: { multipleOf: 3 }, b: { exclusiveMinimum: 5 }, c: { format: "email" }, d: { minProperties: 1 } },
    maxProperties: 2,
  }), [
    "$: must NOT have more than 2 properties",
    "$.a: must be multiple of 3",
    "$.b: must be > 5",
    `$.c: must match format "email"`,
  ]);
});

test("multipleOf: a quotient that overflows is not a multiple (1e308 / 0.123456789 is Infinity), as in ajv without multipleOfPrecision", () => {
  const schema = { properties: { a: { multipleOf: 0.123456789 }, b: { multipleOf: 0.123456789 }, c: { multipleOf: 1e-300 }, d: { multipleOf: 2 } } };
  sameLines(errorsOf({ a: 1e308, b: 0.123456789 * 4, c: 1e10, d: -1.7976931348623157e308 }, schema), ["$.a: must be multiple of 0.123456789", "$.c: must be multiple of 1e-300"]);
});

test("multipleOf tolerates binary floating point (0.3 is a multiple of 0.1)", () => {
  sameLines(errorsOf({ a: 0.3, b: 0.35 }, { properties: { a: { multipleOf: 0.1 }, b: { multipleOf: 0.1 } } }), ["$.b: must be multiple of 0.1"]);
});

test("contains and propertyNames report one line each", () => {
  sameLines(errorsOf({ list: [1, 2], obj: { Good: 1, bad: 2, Worse: 3 } }, {
    properties: { list: { contains: { type: "string" } }, obj: { propertyNames: { pattern: "^[a-z]+$" } } },
  }), [
    "$.list: must contain at least 1 valid item(s)",
    "$.obj: property name 'Good' must be valid",
    "$.obj: property name 'Worse' must be valid",
  ]);
});

test("big integers (bigint) validate as numbers and print exactly", () => {
  sameLines(errorsOf({ n: 12345678901234567890n, m: 2n ** 60n }, { properties: { n: { type: "integer", maximum: 10 }, m: { type: "string" } } }), [
    "$.n: Value must be <= 10, got 12345678901234567890",
    "$.m: Expected type string but got number",
  ]);
});

test("plain data from toPlainData: null-prototype objects, `__proto__` as an ordinary key", () => {
  const data = Object.create(null) as Record<string, unknown>;
  Object.defineProperty(data, "__proto__", { value: 5, enumerable: true, writable: true, configurable: true });
  data["list"] = [Object.assign(Object.create(null) as object, { a: 1 }), Object.assign(Object.create(null) as object, { a: 1 })];
  // ajv never applies `properties.__proto__` (a guard of its own), but the key is data like any other.
  sameLines(errorsOf(data, { properties: { list: { uniqueItems: true, items: { const: { a: 2 } } } }, propertyNames: { maxLength: 4 } }), [
    "$: property name '__proto__' must be valid",
    "$.list[1]: Duplicate item in array where uniqueItems is required",
    `$.list[0]: Value must be exactly {"a":2}`,
    `$.list[1]: Value must be exactly {"a":2}`,
  ]);
});

test("a value tree is accepted and converted to plain data", () => {
  const root = new ObjectValue();
  root.set("ratio", new FloatValue(3));
  root.set("name", "x");
  sameLines(errorsOf(root, { properties: { ratio: { type: "integer", maximum: 2 }, name: { type: "number" } } }), [
    "$.ratio: Value must be <= 2, got 3",
    "$.name: Expected type number but got string",
  ]);
});

test("dialects: 2019-09 and 2020-12 keywords work when $schema names them", () => {
  const s2020 = { $schema: "https://json-schema.org/draft/2020-12/schema", prefixItems: [{ type: "string" }], items: false, $defs: { n: { minimum: 1 } }, properties: {} };
  sameLines(errorsOf(["a", 2], s2020), ["$: must NOT have more than 1 items"]);
  const s2019 = {
    $schema: "https://json-schema.org/draft/2019-09/schema",
    properties: { a: {} },
    dependentRequired: { a: ["b"] },
    unevaluatedProperties: false,
  };
  sameLines(errorsOf({ a: 1, z: 2 }, s2019), ["$: must have property b when property a is present", "$: must NOT have unevaluated properties"]);
  // draft-07 semantics by default: `items` as an array is tuple validation.
  sameLines(errorsOf(["a", 2], { items: [{ type: "string" }, { type: "string" }] }), ["$[1]: Expected type string but got number"]);
});

test("local $ref (definitions, $defs, recursion) works", () => {
  const tree = { definitions: { node: { type: "object", properties: { v: { type: "integer" }, kids: { type: "array", items: { $ref: "#/definitions/node" } } } } }, $ref: "#/definitions/node" };
  sameLines(errorsOf({ v: 1, kids: [{ v: 2, kids: [{ v: "x" }] }] }, tree), ["$.kids[0].kids[0].v: Expected type integer but got string"]);
  const withId = { $id: "https://example.com/root.json", definitions: { s: { $id: "str.json", type: "string" } }, properties: { a: { $ref: "str.json" }, b: { $ref: "https://example.com/root.json#/definitions/s" } } };
  sameLines(errorsOf({ a: 1, b: 2 }, withId), ["$.a: Expected type string but got number", "$.b: Expected type string but got number"]);
});

test("the order of lines is deterministic", () => {
  const schema = JSON.stringify({ properties: { a: { type: "string" }, b: { minimum: 3 }, c: { anyOf: [{ type: "null" }] } }, required: ["z", "y"] });
  const data = { c: 1, b: 1, a: 1 };
  const first = validator.validate(data, schema, {}).errors;
  for (let i = 0; i < 5; i++) assert.equal(validator.validate(data, schema, {}).errors, first);
});

test("boolean schemas", () => {
  assert.equal(validator.validate({ a: 1 }, "true", {}).valid, true);
  const r = validator.validate({ a: 1 }, "false", { schemaFormat: "json" });
  assert.equal(r.errors, ["$: boolean schema is false"]);
});

test.run();
