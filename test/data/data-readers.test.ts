/**
 * Data documents (LANGUAGE.md §16.1) read on their own: exact integers and
 * floats in JSON, YAML and TOML, document key order, limits (arrays, depth,
 * items, YAML alias bombs), refused tags, duplicate keys, non-finite
 * numbers, and errors on the document's own line.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { toPlainData } from "../../core/index.js";
import { DEFAULT_LIMITS } from "../../core/index.js";
import { standaloneBudget } from "../../core/data/data-budget.js";
import { dataFormatOf, readDataObject, readDataValue, type DataFormat } from "../../core/data/data-document.js";
import { DataError } from "../../core/data/data-error.js";
import { FloatValue, ObjectValue, type Value } from "../../core/values/values.js";

type Limits = Parameters<typeof standaloneBudget>[0];

function read(format: DataFormat, text: string, limits: Partial<Limits> = {}): ObjectValue {
  return readDataObject(format, text, `doc.${format}`, standaloneBudget({ ...DEFAULT_LIMITS, ...limits }), "not an object");
}

/** The error a document gives, as `Line <n>: <message>`. */
function problem(format: DataFormat, text: string, limits: Partial<Limits> = {}): string {
  try {
    read(format, text, limits);
  } catch (e) {
    if (e instanceof DataError) return `Line ${e.line}: ${e.message}`;
    throw e;
  }
  assert.unreachable(`no error for ${JSON.stringify(text)}`);
  return "";
}

test("extensions name the data formats, any case; others are not data", () => {
  assert.is(dataFormatOf("a/values.JSON"), "json");
  assert.is(dataFormatOf("v.yml"), "yaml");
  assert.is(dataFormatOf("v.Yaml"), "yaml");
  assert.is(dataFormatOf("v.toml"), "toml");
  assert.is(dataFormatOf("v.jsson"), undefined);
  assert.is(dataFormatOf("json"), undefined);
});

test("integers stay exact 64-bit integers and floats stay floats, in every format", () => {
  const cases: [DataFormat, string][] = [
    ["json", '{"small": 42, "big": 9007199254740993, "max": 9223372036854775807, "min": -9223372036854775808, "one": 1.0, "e": 1e3, "neg0": -0}'],
    ["yaml", "small: 42\nbig: 9007199254740993\nmax: 9223372036854775807\nmin: -9223372036854775808\none: 1.0\ne: 1e3\nneg0: -0\n"],
    ["toml", "small = 42\nbig = 9007199254740993\nmax = 9223372036854775807\nmin = -9223372036854775808\none = 1.0\ne = 1e3\nneg0 = -0\n"],
  ];
  for (const [format, text] of cases) {
    const o = read(format, text);
    assert.is(o.get("small"), 42, format);
    assert.is(o.get("big"), 9007199254740993n, format);
    assert.is(o.get("max"), 9223372036854775807n, format);
    assert.is(o.get("min"), -9223372036854775808n, format);
    assert.instance(o.get("one"), FloatValue, format);
    assert.is((o.get("one") as FloatValue).value, 1, format);
    assert.instance(o.get("e"), FloatValue, format);
    assert.is(Object.is(o.get("neg0"), 0), true, `${format}: -0 is the integer 0`);
  }
});

test("integers beyond 64 bits and non-finite numbers are errors on their own line", () => {
  assert.is(problem("json", '{\n"a": 1,\n"b": 9223372036854775808}'), 'Line 3: integer out of range in "doc.json"');
  assert.is(problem("yaml", "a: 1\nb: -9223372036854775809\n"), 'Line 2: integer out of range in "doc.yaml"');
  assert.is(problem("toml", "a = 1\n\nb = 9_223_372_036_854_775_808\n"), 'Line 3: integer out of range in "doc.toml"');
  assert.is(problem("json", '{"a":\n 1e400}'), 'Line 2: cannot represent 1e400 from "doc.json"');
  assert.is(problem("yaml", "a: 1\nb: .inf\n"), 'Line 2: cannot represent .inf from "doc.yaml"');
  assert.is(problem("yaml", "a: [1,\n  .nan]\n"), 'Line 2: cannot represent .nan from "doc.yaml"');
  // `inf` as a key is not the value; the value on line 3 is.
  assert.is(problem("toml", 'inf = "key"\ns = "inf"\nx = [1.5, -inf]\n'), 'Line 3: cannot represent -inf from "doc.toml"');
  assert.is(problem("toml", "# nan\na = nan\n"), 'Line 2: cannot represent nan from "doc.toml"');
});

test("keys keep document order (integer-like keys included) in JSON and YAML; __proto__ is an ordinary key", () => {
  assert.equal(read("json", '{"b": 1, "10": 2, "__proto__": 3, "a": 4}').keys, ["b", "10", "__proto__", "a"]);
  assert.equal(read("yaml", "b: 1\n10: 2\n__proto__: 3\na: 4\n").keys, ["b", "10", "__proto__", "a"]);
  // YAML keys that are not strings are keys as written.
  assert.equal(read("yaml", "1.0: a\ntrue: b\n0x10: c\n").keys, ["1.0", "true", "0x10"]);
});

test("duplicate keys are errors naming the key and the document", () => {
  assert.is(problem("json", '{"a": 1,\n "a": 2}'), 'Line 2: duplicate key "a" in "doc.json"');
  assert.is(problem("json", '{"o": {"k": 1, "k": 1}}'), 'Line 1: duplicate key "k" in "doc.json"');
  assert.is(problem("yaml", "a: 1\nb:\n  c: 1\n  c: 2\n"), 'Line 4: duplicate key "c" in "doc.yaml"');
  assert.is(problem("toml", "a = 1\nb = 2\na = 3\n"), 'Line 3: duplicate key "a" in "doc.toml"');
  assert.is(problem("toml", "[t]\nx = 1\n\n[t]\ny = 2\n"), 'Line 4: duplicate key "t" in "doc.toml"');
});

test("the top level must be an object", () => {
  assert.is(problem("json", "\n[1, 2]"), "Line 2: not an object");
  assert.is(problem("yaml", "- 1\n"), "Line 1: not an object");
  assert.is(problem("yaml", "just text\n"), "Line 1: not an object");
  assert.is(problem("yaml", ""), "Line 1: not an object");
  // (A TOML document is always a table.)
  assert.equal(read("toml", "").keys, []);
});

test("syntax errors name the format, the document and the line", () => {
  assert.match(problem("json", '{"a": 1,\n}'), /^Line 2: invalid JSON in "doc\.json": expected a key/);
  assert.match(problem("json", '{"a": tru}'), /^Line 1: invalid JSON in "doc\.json": unexpected 't'/);
  assert.match(problem("json", '{"a": "x\ty"}'), /control character U\+0009/);
  assert.match(problem("json", '{"a": 1} x'), /unexpected 'x'/);
  assert.match(problem("json", '{"a": 01}'), /expected ',' or '}'/);
  assert.match(problem("yaml", "a: [1, 2\nb: 3\n"), /^Line \d: invalid YAML in "doc\.yaml": /);
  assert.match(problem("toml", "a = 1\nb = [\n"), /^Line \d: invalid TOML in "doc\.toml": /);
});

test("JSON strings: escapes, surrogate pairs, a byte-order mark", () => {
  const o = read("json", '\uFEFF{"s": "a\\"b\\\\c\\n\\u00e9\\ud83d\\ude00\\/"}');
  assert.is(o.get("s"), 'a"b\\c\né😀/');
});

test("YAML: one document, core schema only; other tags and more documents are refused", () => {
  assert.match(problem("yaml", "a: 1\n---\nb: 2\n"), /^Line 2: invalid YAML in "doc\.yaml": more than one document/);
  assert.match(problem("yaml", "a: 1\nb: !custom x\n"), /^Line 2: invalid YAML in "doc\.yaml": .*!custom/);
  assert.match(problem("yaml", "a: !!binary aGk=\n"), /invalid YAML/);
  assert.match(problem("yaml", "a: !!set {x}\n"), /invalid YAML/);
  // YAML 1.1 spellings are strings in the core schema; so is a date.
  const o = read("yaml", "a: yes\nb: 2024-01-01\nc: !!str 12\nd: ~\ne: TRUE\nf: 0o17\n");
  assert.equal([...o.values], ["yes", "2024-01-01", "12", null, true, 15]);
});

test("YAML aliases are expanded, shared, and their expanded size counts against the item limit", () => {
  const o = read("yaml", "base: &b {x: 1, y: [1, 2]}\ncopy: *b\nlist: [*b, *b]\n");
  assert.is(o.get("copy"), o.get("base"), "shared, not copied");
  const bomb = ["a: &a [1,1,1,1,1,1,1,1,1,1]"];
  for (const [prev, name] of [["a", "b"], ["b", "c"], ["c", "d"], ["d", "e"], ["e", "f"], ["f", "g"], ["g", "h"], ["h", "i"]]) bomb.push(`${name}: &${name} [${Array(10).fill(`*${prev}`).join(",")}]`);
  // the item limit counts the expansion as it happens: stopped at 10^7 values, not after a billion
  assert.match(problem("yaml", bomb.join("\n") + "\n"), /^Line \d: too many values \(limit 10000000\)$/);
  assert.match(problem("yaml", "a: &a [1, 2, 3]\nb: [*a, *a, *a]\n", { maxItems: 10 }), /^Line 2: too many values \(limit 10\)$/);
  assert.match(problem("yaml", "a: &a [1, *a]\n"), /alias \*a refers to a node that contains it/);
  assert.match(problem("yaml", "a: *nowhere\n"), /invalid YAML/);
});

test("YAML aliases refer to the last anchor of their name before them (each anchor resolved once, in document order)", () => {
  const o = read("yaml", "a: &x 1\nb: *x\nc: &x [2]\nd: *x\n&k key: *k\ne: {&y f: 3, g: *y}\n");
  const plain = JSON.stringify(toPlainData(o), (_k, v: unknown) => (typeof v === "bigint" ? Number(v) : v));
  assert.is(plain, '{"a":1,"b":1,"c":[2],"d":[2],"key":"key","e":{"f":3,"g":"f"}}');
  assert.is(o.get("d"), o.get("c"), "the later anchor, shared");
  assert.match(problem("yaml", "a: *x\nb: &x 1\n"), /invalid YAML/, "an alias before its anchor");
  assert.match(problem("yaml", "a: &x {b: [1, {c: *x}]}\n"), /alias \*x refers to a node that contains it/);
  // 20,000 aliases of one anchor (#26 finding 2): all expanded, each counted.
  const many = "x: &x [1]\ny: [" + Array.from({ length: 20_000 }, () => "*x").join(", ") + "]\n";
  assert.is((read("yaml", many).get("y") as Value[]).length, 20_000);
  assert.match(problem("yaml", many, { maxItems: 30_000 }), /^Line 2: too many values \(limit 30000\)$/);
});

test("arrays, nesting and values are bounded by the limits", () => {
  assert.is(problem("json", '{"a": [1, 2, 3, 4]}', { maxRangeItems: 3 }), "Line 1: array too large (limit 3)");
  assert.is(problem("yaml", "a: [1, 2, 3, 4]\n", { maxRangeItems: 3 }), "Line 1: array too large (limit 3)");
  assert.is(problem("toml", "a = [1, 2, 3, 4]\n", { maxRangeItems: 3 }), "Line 1: array too large (limit 3)");
  assert.is(problem("json", '{"a": [[[[1]]]]}', { maxDepth: 3 }), "Line 1: nesting too deep (limit 3)");
  assert.match(problem("yaml", "a: [[[[1]]]]\n", { maxDepth: 3 }), /nesting too deep/);
  assert.match(problem("toml", "a = [[[[1]]]]\n", { maxDepth: 3 }), /nesting too deep|invalid TOML/);
  assert.match(problem("json", '{"a": [' + "[".repeat(100000) + "]".repeat(100000) + "]}"), /nesting too deep \(limit 512\)/);
  assert.match(problem("yaml", "a: " + "[".repeat(100000) + "]".repeat(100000) + "\n"), /nesting too deep/);
  assert.match(problem("json", '{"a": [1, 2], "b": {"c": 3}}', { maxItems: 3 }), /^Line 1: too many values \(limit 3\)$/);
  // A depth limit beyond what the stack holds still ends in the depth error.
  assert.match(problem("json", '{"a": ' + "[".repeat(1_000_000) + "]".repeat(1_000_000) + "}", { maxDepth: 10_000_000 }), /^Line 1: nesting too deep \(limit 10000000\)$/);
});

test("TOML: dates and times are their RFC 3339 text; tables nest; integer-like keys come first (a known limit)", () => {
  const o = read("toml", 'odt = 1979-05-27T07:32:00-08:00\nldt = 1979-05-27T07:32:00.5\nld = 1979-05-27\nlt = 07:32:00\n[srv]\nport = 8080\n[[hosts]]\nname = "a"\n');
  assert.equal([o.get("odt"), o.get("ldt"), o.get("ld"), o.get("lt")], ["1979-05-27T07:32:00-08:00", "1979-05-27T07:32:00.500", "1979-05-27", "07:32:00"]);
  assert.is(((o.get("srv") as ObjectValue).get("port") as Value), 8080);
  assert.is(((o.get("hosts") as Value[])[0] as ObjectValue).get("name"), "a");
  assert.equal(read("toml", "b = 1\n10 = 2\n").keys, ["10", "b"]);
});

test("a leading byte-order mark is ignored in every format", () => {
  for (const [format, text] of [["json", '\uFEFF{"a": 1}'], ["yaml", "\uFEFFa: 1\n"], ["toml", "\uFEFFa = 1\n"]] as const) assert.is(read(format, text).get("a"), 1, format);
});

test("readDataValue takes any JSON value (--var-json)", () => {
  const budget = standaloneBudget(DEFAULT_LIMITS);
  assert.is(readDataValue("json", "12345678901234567890".slice(0, 19), "v", budget), 1234567890123456789n);
  assert.instance(readDataValue("json", "2.0", "v", budget), FloatValue);
  assert.equal(readDataValue("json", '["a", null, true]', "v", budget), ["a", null, true]);
});

test("property: any JSON text reads to the data JSON.parse gives (numbers aside, which are exact here)", () => {
  const budget = standaloneBudget(DEFAULT_LIMITS);
  fc.assert(
    // (Integers of 19 digits or more may lie beyond 64 bits, where this reader refuses them, as tested above.)
    fc.property(fc.jsonValue({ maxDepth: 4 }).filter((v) => !/(^|[^.\d])\d{19,}/.test(JSON.stringify(v))), fc.boolean(), (v, pretty) => {
      const text = JSON.stringify(v, null, pretty ? 2 : undefined);
      const plain = toPlainData(readDataValue("json", text, "p", budget) as Value);
      // Compared as JSON.parse sees numbers (big integers rounded to doubles; -0 and 0 alike).
      assert.is(JSON.stringify(plain, (_k, x: unknown) => (typeof x === "bigint" ? Number(x) : x)), JSON.stringify(JSON.parse(text)));
    }),
    { numRuns: 300 },
  );
});

test("property: any text either reads or fails with a DataError, never anything else", () => {
  const budget = standaloneBudget({ ...DEFAULT_LIMITS, maxItems: 10_000 });
  const pieces = fc.constantFrom("{", "}", "[", "]", ",", ":", '"a"', '"\\u12"', "1", "-", "1.5e9", "true", "nul", " ", "\n", "&x", "*x", "- ", "a: ", "= ", "[t]", "#", "'", '"""');
  fc.assert(
    fc.property(fc.constantFrom<DataFormat>("json", "yaml", "toml"), fc.oneof(fc.string(), fc.array(pieces, { maxLength: 30 }).map((a) => a.join(""))), (format, text) => {
      try {
        readDataValue(format, text, "p", budget);
      } catch (e) {
        if (!(e instanceof DataError)) throw e;
        assert.ok(e.line >= 1, `line ${e.line}`);
      }
    }),
    { numRuns: 500 },
  );
});

test.run();
