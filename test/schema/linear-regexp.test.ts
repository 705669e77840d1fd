/**
 * The regex engine behind `pattern` / `patternProperties`: ECMAScript-style
 * patterns run on RE2 (linear time), with `\u` escapes translated.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compileLinear, translateEscapes } from "../../plugins/schema-json/linear-regexp.js";
import { validateJsonSchema } from "../../plugins/schema-json/index.js";

test("translateEscapes: \\uXXXX, surrogate pairs and \\u{…} become \\x{…}; other escapes untouched", () => {
  assert.is(translateEscapes("\\u0041b"), "\\x{41}b");
  assert.is(translateEscapes("[\\u0041-\\u005A]"), "[\\x{41}-\\x{5a}]");
  assert.is(translateEscapes("\\uD83D\\uDE00"), "\\x{1f600}");
  assert.is(translateEscapes("\\u{1F600}"), "\\x{1F600}");
  assert.is(translateEscapes("\\\\u0041"), "\\\\u0041");
  assert.is(translateEscapes("\\d+\\.\\/"), "\\d+\\.\\/");
  assert.is(translateEscapes("\\u00"), "\\u00");
  assert.is(translateEscapes("a\\"), "a\\");
});

test("unanchored search semantics, like RegExp.prototype.test", () => {
  assert.is(compileLinear("b+").test("abbbc"), true);
  assert.is(compileLinear("^b").test("abc"), false);
  assert.is(compileLinear("c$").test("abc"), true);
  assert.is(compileLinear("^\\p{L}+$").test("ção"), true);
  assert.is(compileLinear("^.$").test("😀"), true);
  assert.is(compileLinear("^\\u00e9$").test("é"), true);
});

test("distinct patterns stay distinct inside ajv (cached by their text)", () => {
  const schema = JSON.stringify({ properties: { a: { pattern: "^a+$" }, b: { pattern: "^b+$" } }, patternProperties: { "^x": { type: "string" }, "^y": { type: "number" } } });
  assert.equal(validateJsonSchema({ a: "aaa", b: "bbb", x1: "s", y1: 1 }, schema, {}).errors, []);
  assert.equal([...validateJsonSchema({ a: "b", b: "a", x1: 1, y1: "s" }, schema, {}).errors].sort(), [
    "$.a: String does not match pattern: ^a+$",
    "$.b: String does not match pattern: ^b+$",
    "$.x1: Expected type string but got number",
    "$.y1: Expected type number but got string",
  ]);
});

test("catastrophic patterns run in linear time", () => {
  const input = "a".repeat(200_000) + "!";
  for (const p of ["(a+)+$", "^(a|a)*$", "^(a|aa)+$", "(.*a){20}$", "^(\\w+\\s?)*$"]) {
    const t = performance.now();
    assert.is(compileLinear(p).test(input), false, p);
    const ms = performance.now() - t;
    assert.ok(ms < 1000, `${p} took ${ms.toFixed(0)} ms`);
  }
});

test.run();
