/**
 * The regex engine behind `pattern` / `patternProperties`: ECMAScript-style
 * patterns run on RE2 (linear time), with `\u` escapes translated.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compileLinear } from "../../plugins/schema-json/linear-regexp.js";
import { ecmaToRe2 } from "../../plugins/schema-json/ecma-pattern.js";
import { JsonSchemaValidator } from "../../plugins/schema-json/index.js";

/** The validator under test: its own compile cache, as each engine's plugin has. */
const validator = new JsonSchemaValidator();

test("ecmaToRe2: \\uXXXX, surrogate pairs and \\u{…} become \\x{…}; escapes RE2 shares are copied", () => {
  assert.is(ecmaToRe2("\\u0041b"), "\\x{41}b");
  assert.is(ecmaToRe2("[\\u0041-\\u005A]"), "[\\x{41}-\\x{5a}]");
  assert.is(ecmaToRe2("\\uD83D\\uDE00"), "\\x{1f600}");
  assert.is(ecmaToRe2("\\u{1F600}"), "\\x{1F600}");
  assert.is(ecmaToRe2("\\\\u0041"), "\\\\u0041");
  assert.is(ecmaToRe2("\\d+\\.\\/"), "\\d+\\.\\/");
  assert.is(ecmaToRe2("\\u00"), "\\u00");
  assert.is(ecmaToRe2("a\\"), "a\\");
});

/** Strings that tell the ECMA-262 meanings apart from RE2's defaults. */
const SAMPLES = ["", "a", "A", "z9_", "é", "É", "ǅ", "ß", "7", "٣", "\u00a0", "\ufeff", "\u2028", "\u2029", "\u3000", "\u1680", "\u200a", "\u200b", " ", "\t", "\n", "\r", "\v", "\f", "\u0000", "\b",
  "\u0085", "x\u00a0y", "α", "Ω", "ω", "π1", "ж", "😀", "€", "+", "-", "_", "a\nb", "a\rb", "\u0007", "!", "Ⅻ", "\u0301", "\ue000", "\u0378"];

test("patterns mean on RE2 what they mean as ECMA-262 RegExp (u flag), on sample strings", () => {
  const patterns = [
    "\\s", "^\\s+$", "\\S", "^\\S+$", "^[\\s]$", "^[\\S]$", "^[^\\s]$", "^[a\\s]+$", "^[\\Sa]$", "\\d", "^\\d+$", "\\w", "^\\w+$", "\\W", "\\bz",
    "^.$", "^a.b$", "^[^]$", "[]", "^\\p{Letter}+$", "^\\p{Lowercase_Letter}$", "^\\p{Uppercase_Letter}$", "^\\p{Titlecase_Letter}$", "\\P{Letter}",
    "^\\p{Script=Greek}+$", "^\\p{sc=Cyrillic}$", "^\\p{General_Category=Decimal_Number}+$", "^\\p{gc=Nd}$", "\\p{Number}", "^\\p{Punctuation}$", "^\\p{Symbol}$",
    "^\\p{Currency_Symbol}$", "^\\p{Space_Separator}$", "^\\p{Line_Separator}$", "^\\p{Control}$", "^\\p{Format}$", "^\\p{Private_Use}$", "^\\p{Mark}$", "^\\p{Letter_Number}$",
    "^\\p{ASCII}+$", "^\\P{ASCII}$", "^[\\p{ASCII}é]+$", "^\\p{Any}$", "^\\p{Assigned}$", "^\\P{Assigned}$", "^[\\p{L}\\d]+$", "^[^\\p{L}]$", "\\cG", "^\\0$", "^[\\b]$", "^\\u00e9$", "^\\u{1F600}$",
  ];
  const mismatches: string[] = [];
  for (const p of patterns) {
    const ecma = new RegExp(p, "u");
    const linear = compileLinear(p);
    for (const s of SAMPLES) if (ecma.test(s) !== linear.test(s)) mismatches.push(`${p} on ${JSON.stringify(s)}: ECMA ${ecma.test(s)}`);
  }
  assert.equal(mismatches, []);
});

test("through ajv: pattern and patternProperties use the ECMA-262 meanings (NBSP is \\s, \\w is ASCII, Script=Greek)", () => {
  const schema = JSON.stringify({ properties: { gap: { pattern: "^a\\sb$" }, word: { pattern: "^\\w+$" } }, patternProperties: { "^\\p{Script=Greek}+$": { type: "number" } } });
  assert.equal(validator.validate({ gap: "a\u00a0b", word: "abc_1", "αβ": 1 }, schema, {}).errors, []);
  assert.equal([...validator.validate({ gap: "a\u200bb", word: "é", "αβ": "x" }, schema, {}).errors].sort(), [
    "$.gap: String does not match pattern: ^a\\sb$",
    "$.word: String does not match pattern: ^\\w+$",
    "$.αβ: Expected type number but got string",
  ]);
});

test("what the linear-time engine cannot do is a schema error naming the construct", () => {
  const cases: [string, RegExp][] = [
    ["(a)\\1", /backreference \\1 is not supported/],
    ["(?<x>a)\\k<x>", /backreference \\k<x> is not supported/],
    ["a(?=b)", /lookahead \(\?=…\) is not supported/],
    ["a(?!b)", /lookahead \(\?!…\) is not supported/],
    ["(?<=a)b", /lookbehind \(\?<=…\) is not supported/],
    ["(?<!a)b", /lookbehind \(\?<!…\) is not supported/],
    ["\\p{Script_Extensions=Greek}", /Unicode property \\p\{Script_Extensions=Greek\} is not supported/],
  ];
  for (const [pattern, message] of cases) {
    const r = validator.validate("x", JSON.stringify({ pattern }), {});
    assert.ok(r.schemaError, pattern);
    assert.is(r.errors.length, 1, pattern);
    assert.match(r.errors[0] ?? "", message);
    assert.ok((r.errors[0] ?? "").includes(JSON.stringify(pattern)), r.errors[0]);
  }
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
  assert.equal(validator.validate({ a: "aaa", b: "bbb", x1: "s", y1: 1 }, schema, {}).errors, []);
  assert.equal([...validator.validate({ a: "b", b: "a", x1: 1, y1: "s" }, schema, {}).errors].sort(), [
    "$.a: String does not match pattern: ^a+$",
    "$.b: String does not match pattern: ^b+$",
    "$.x1: Expected type string but got number",
    "$.y1: Expected type number but got string",
  ]);
});

// No clock: a backtracking engine needs ~2^200000 steps for these, so an answer at all is the proof.
test("catastrophic patterns run in linear time", () => {
  const input = "a".repeat(200_000) + "!";
  for (const p of ["(a+)+$", "^(a|a)*$", "^(a|aa)+$", "(.*a){20}$", "^(\\w+\\s?)*$"]) assert.is(compileLinear(p).test(input), false, p);
});

test.run();
