// Issue #26, round 3: variants of each hostile class against a real `jsson serve`
// (1 process, WORKERS workers, -timeout TIMEOUT, default memory budget), one fresh server per
// case so each peak RSS is that case's alone, /health polled from a separate process.
//   [WORKERS=1] [COPIES=1] [TIMEOUT=5s] node bench/attack/variants.mjs [regex on case names]
import { startServer, attack, row } from "./harness.mjs";

const WORKERS = process.env.WORKERS ?? "1";
const COPIES = Number(process.env.COPIES ?? 1);
const TIMEOUT = process.env.TIMEOUT ?? "5s";
const only = process.argv[2] ? new RegExp(process.argv[2]) : null;

const nest = (d, inner = "y = 1") => "x {\n".repeat(d) + inner + "\n" + "}\n".repeat(d);
const nestedArrays = (d) => "a = " + "[".repeat(d) + "1" + "]".repeat(d);
const schemaCase = (source, schema) => ({ path: "/validate-schema", body: { source, schema: JSON.stringify(schema) } });
const rec = (node) => ({ $defs: { n: node }, $ref: "#/$defs/n" });
const R = { $ref: "#/$defs/n" };
const transpile = (source, extra = {}) => ({ path: "/transpile", body: { source, ...extra } });
const yamlInclude = (yaml) => transpile('include "d.yaml"', { files: { "d.yaml": yaml } });
const yamlValue = (yaml) => transpile('v := include "d.yaml"\nn = 1', { files: { "d.yaml": yaml } });

/** Chain of `levels` anchors, each a list of `width` aliases of the one before (billion laughs). */
function laughs(levels, width) {
  let y = "l0: &l0 [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]\n";
  for (let i = 1; i <= levels; i++) y += `l${i}: &l${i} [${Array(width).fill(`*l${i - 1}`).join(", ")}]\n`;
  return y;
}
/** Same with merge keys: each level an object merging the one before under new keys. */
function mergeLaughs(levels, width) {
  let y = "m0: &m0 {a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7, h: 8, i: 9, j: 10}\n";
  for (let i = 1; i <= levels; i++) {
    y += `m${i}: &m${i}\n`;
    for (let k = 0; k < width; k++) y += `  k${k}:\n    <<: *m${i - 1}\n`;
  }
  return y;
}
const aliasObjects = (n) => "x: &x {a: 1, b: [1, 2, 3]}\ny: {" + Array.from({ length: n }, (_, i) => `k${i}: *x`).join(", ") + "}\n";
const mergeMany = (n) => "x: &x {a: 1, b: 2}\ny:\n" + Array.from({ length: n }, (_, i) => `  - {<<: *x, c: ${i}}`).join("\n") + "\n";
const mergeList = (n) => "x: &x {a: 1, b: 2}\ny: {<<: [" + Array(n).fill("*x").join(", ") + "]}\n";
const deepAnchor = (d, n) => "x: &x " + "{a: ".repeat(d) + "1" + "}".repeat(d) + "\ny: [" + Array(n).fill("*x").join(", ") + "]\n";

/** `a := [1..1000]`, then `levels` levels of 10 references to the one before: 10^(3+levels) elements by sharing. */
function shared(name, levels) {
  let s = `${name}0 := [1..1000]\n`;
  for (let i = 1; i <= levels; i++) s += `${name}${i} := [${Array(10).fill(`${name}${i - 1}`).join(", ")}]\n`;
  return s;
}
function deepScopes(depth, inner) {
  let s = "";
  for (let i = 0; i < depth; i++) s += `b${i} {\nv${i} := ${i}\n`;
  s += inner + "\n" + "}\n".repeat(depth);
  return s;
}

/** `a0` = 16 characters, `a<k> := a<k-1> + a<k-1>` up to `a<n>` (16·2^n characters), then `o` = `copies` references to it. */
function bigStrings(n, copies, ch = "x") {
  let s = `a0 := "${ch.repeat(16)}"\n`;
  for (let i = 1; i <= n; i++) s += `a${i} := a${i - 1} + a${i - 1}\n`;
  return s + `o = [${Array(copies).fill(`a${n}`).join(", ")}]\n`;
}

const CASES = {
  "baseline: no request, 3 s of /health polls": { path: null, body: 3000 },
  // --- schema shapes (finding 1's class) ---
  "schema oneOf of two recursions, depth 40": schemaCase(nest(40), rec({ type: "object", properties: { x: { oneOf: [R, R] } } })),
  "schema allOf of two recursions, depth 40": schemaCase(nest(40), rec({ type: "object", properties: { x: { allOf: [R, R] } } })),
  "schema if/then/else all recursing, depth 40": schemaCase(nest(40), rec({ type: "object", properties: { x: { if: R, then: R, else: R } } })),
  "schema not(not) + ref, depth 40": schemaCase(nest(40), rec({ type: "object", properties: { x: { allOf: [R, { not: { not: R } }] } } })),
  "schema dependentSchemas recursing twice, depth 40": schemaCase(nest(40), rec({ type: "object", properties: { x: R }, dependentSchemas: { x: { properties: { x: R } } } })),
  "schema unevaluatedProperties + anyOf, depth 40": schemaCase(nest(40), rec({ type: "object", anyOf: [{ properties: { x: R } }, { properties: { x: R } }], unevaluatedProperties: false })),
  "schema contains+minContains+items on nested arrays, depth 40": schemaCase(nestedArrays(40), { properties: { a: { $ref: "#/$defs/n" } }, $defs: { n: { anyOf: [{ type: "integer" }, { type: "array", items: R, contains: R, minContains: 1 }] } } }),
  "schema DAG of 40 defs, anyOf [next,next]": (() => {
    const $defs = {};
    for (let i = 0; i < 40; i++) $defs[`d${i}`] = { type: "object", properties: { x: { anyOf: [{ $ref: `#/$defs/d${i + 1}` }, { $ref: `#/$defs/d${i + 1}` }] } } };
    $defs.d40 = {};
    return schemaCase(nest(40), { $defs, $ref: "#/$defs/d0" });
  })(),
  "schema patternProperties 3000 patterns × 30k keys": schemaCase(Array.from({ length: 30_000 }, (_, i) => `k${i} = ${i}`).join("\n"), { patternProperties: Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`^k.*${i % 10}.*$`.slice(0, 8) + "x".repeat(i % 7) + `|k${i}`, { type: "integer" }])) }),
  "schema in YAML, alias DAG 9 levels × 10 (10^9 subschemas by sharing)": { path: "/validate-schema", body: { source: "a = 1", schema_format: "yaml", schema: "$defs:\n  l0: &l0 {type: object}\n" + Array.from({ length: 9 }, (_, i) => `  l${i + 1}: &l${i + 1} {allOf: [${Array(10).fill(`*l${i}`).join(", ")}]}\n`).join("") + "$ref: '#/$defs/l9'\n" } },
  "schema ReDoS pattern ^(a+)+$": schemaCase('s = "' + "a".repeat(40) + 'b"', { properties: { s: { pattern: "^(a+)+$" } } }),
  "schema uniqueItems on 200k distinct objects": schemaCase("xs = (1..200000 map (i) = { a = i, b = [i] })", { properties: { xs: { uniqueItems: true } } }),
  "schema uniqueItems on 200k arrays": schemaCase("xs = (1..200000 map (i) = [i, i])", { properties: { xs: { uniqueItems: true } } }),
  "schema of a 10^7 range (lazy made eager)": schemaCase("xs = 1..9999999", { properties: { xs: { type: "array", items: { type: "integer" } } } }),
  "schema of a lazy map of 10^7 zeros (20 MB output, 80 MB as plain data)": schemaCase("xs = (0..9999999 map (i) = 0)", { type: "object" }),
  "schema of a lazy map of 3·10^6 [0]": schemaCase("xs = (0..2999999 map (i) = [0])", { type: "object" }),
  "schema of a lazy map of 10^7 zeros, two properties": schemaCase("xs = (0..9999999 map (i) = 0)\nys = (0..9999999 map (i) = 0)", { type: "object" }),
  "validate (no schema) of a lazy map of 10^7 zeros": { path: "/validate", body: { source: "xs = (0..9999999 map (i) = 0)" } },
  "15 × a 4 Mi-char string (60 MB output, 15 items), json": transpile(bigStrings(18, 15)),
  "10 × a 2 Mi-char string of € (60 MiB output, two-byte), json": transpile(bigStrings(17, 10, "€")),
  "10 × a 2 Mi-char string of €, typescript": transpile(bigStrings(17, 10, "€"), { format: "typescript" }),
  "15 × a 4 Mi-char string, yaml": transpile(bigStrings(18, 15), { format: "yaml" }),
  "15 × a 4 Mi-char string, typescript": transpile(bigStrings(18, 15), { format: "typescript" }),
  "15 × a 4 Mi-char string, schema": schemaCase(bigStrings(18, 15), { type: "object" }),
  "15 × a 4 Mi-char string, schema, output yaml": { path: "/validate-schema", body: { source: bigStrings(18, 15), schema: '{"type":"object"}', output_format: "yaml" } },
  "schema, output yaml, lazy map of 5·10^6 zeros": { path: "/validate-schema", body: { source: "xs = (0..4999999 map (i) = 0)", schema: '{"type":"object"}', output_format: "yaml" } },
  "schema, output toml, lazy map of 3·10^6 {a=0}": { path: "/validate-schema", body: { source: "xs = (0..2999999 map (i) = { a = 0 })", schema: '{"type":"object"}', output_format: "toml" } },
  "schema, output yaml, 5.9 MB of YAML read back (1.3·10^6 zeros)": { path: "/validate-schema", body: { source: "xs = (0..1299999 map (i) = 0)", schema: '{"type":"object"}', output_format: "yaml" } },
  "schema, output yaml, 5.9 MB of YAML read back (objects)": { path: "/validate-schema", body: { source: "xs = (0..299999 map (i) = { a = 0, b = 1 })", schema: '{"type":"object"}', output_format: "yaml" } },
  "schema, output toml, 5.9 MB of TOML read back (objects)": { path: "/validate-schema", body: { source: "xs = (0..299999 map (i) = { a = 0, b = 1 })", schema: '{"type":"object"}', output_format: "toml" } },
  "schema, json, 5.9 MB of [0] (plain data 10x the text)": schemaCase("xs = (0..1399999 map (i) = [0])", { type: "object" }),
  "schema of shared 10^8 elements": schemaCase(shared("s", 5) + "x = s5", { properties: { x: { type: "array" } } }),
  "schema nested 20000 items (compile depth)": ({ path: "/validate-schema", body: { source: "a = [1]", schema: '{"items":'.repeat(20000) + "{}" + "}".repeat(20000) } }),
  "schema data nested 5000 deep, recursive ref": schemaCase(nest(5000), rec({ type: "object", properties: { x: R } })),
  // --- alias shapes (finding 2's class) ---
  "YAML billion laughs 9 levels × 10": yamlInclude(laughs(9, 10)),
  "YAML billion laughs as value 30 levels × 2": yamlValue(laughs(30, 2)),
  "YAML merge-key laughs 8 levels × 10": yamlInclude(mergeLaughs(8, 10)),
  "YAML 20k aliases in a flow map": yamlInclude(aliasObjects(20_000)),
  "YAML 30k merges of one anchor": yamlInclude(mergeMany(30_000)),
  "YAML one merge of 50k aliases": yamlInclude(mergeList(50_000)),
  "YAML 20k aliases of a 500-deep anchor": yamlInclude(deepAnchor(500, 20_000)),
  // --- lazy values made eager (finding 3's class) ---
  "template over a 10^7 range": transpile("x := 1..9999999\ns = `${x}`"),
  "template over [1..9999999]": transpile("s = `${[1..9999999]}`"),
  "spread of a 10^7 range": transpile("x := [...1..9999999]\ny = 1"),
  "concatenation of two 5·10^6 arrays": transpile("x := [1..5000000] + [1..5000000]\ny = 1"),
  "concatenation of range+array": transpile("x := (1..9999999) + [1]\ny = 1"),
  "== of two big maps": transpile("a = (1..3000000 map (i) = { a = i }) == (1..3000000 map (i) = { a = i })"),
  "== of shared 10^9 values": transpile(shared("p", 6) + shared("q", 6) + "r = p6 == q6"),
  "template of shared 10^8 values": transpile(shared("p", 5) + 's = `${p5}`'),
  "object merge of 2·10^5-member maps": transpile("a := { " + Array.from({ length: 100_000 }, (_, i) => `k${i} = ${i}`).join(", ") + " }\nb = a + a + a + a"),
  "stream_threshold 2^53 with 10^7 range, yaml": transpile("x = 1..9999999", { stream_threshold: 9007199254740991, format: "yaml" }),
  "stream_threshold 2^53 with map of objects, toml": transpile("x = (1..3000000 map (i) = { b = i })", { stream_threshold: 9007199254740991, format: "toml" }),
  "typescript emit of a big map": transpile("x = (1..3000000 map (i) = { b = i, c = i })", { format: "typescript" }),
  "yaml emit of shared 10^8 values": transpile(shared("p", 5) + "x = p5", { format: "yaml" }),
  "data include of a big JSON, used twice": transpile('a := include "d.json"\nb := include "d.json"\nx = a == b', { files: { "d.json": "[" + Array(300_000).fill('{"a":1}').join(",") + "]" } }),
  "data include of a 1.9 MB JSON of 950k small integers": transpile('include "d.json"', { files: { "d.json": '{"x":[' + Array(950_000).fill("1").join(",") + "]}" } }),
  "data include of a 1.9 MB JSON of 270k objects": transpile('include "d.json"', { files: { "d.json": '{"x":[' + Array(270_000).fill('{"a":1}').join(",") + "]}" } }),
  "an integer of 1.9 M digits in the source": transpile("a = " + "9".repeat(1_900_000)),
  "an integer of 1.9 M digits in a JSON include": transpile('include "d.json"', { files: { "d.json": '{"a":' + "9".repeat(1_900_000) + "}" } }),
  "an integer of 1.9 M digits in a YAML include": transpile('include "d.yaml"', { files: { "d.yaml": "a: " + "9".repeat(1_900_000) + "\n" } }),
  "an integer of 1.9 M digits in a TOML include": transpile('include "d.toml"', { files: { "d.toml": "a = " + "9".repeat(1_900_000) + "\n" } }),
  "an integer of 1.9 M digits in vars": { path: "/transpile", body: '{"source":"a = v","vars":{"v":' + "9".repeat(60_000) + "}}" },
  // --- deep scopes × lookups (finding 4's class) ---
  "500 scopes × 5000 bare-word lookups": transpile(deepScopes(500, "r = (1..5000 map (i) = zz)")),
  "500 scopes × template lookups": transpile(deepScopes(500, 'r = (1..5000 map (i) = `${zz} ${yy} ${v0}`)')),
  "500 scopes × v0 lookups in nested maps": transpile(deepScopes(500, "r = (1..300 map (i) = (1..300 map (j) = v0))")),
  // --- wide objects ---
  "2·10^5 top-level members": transpile(Array.from({ length: 200_000 }, (_, i) => `k${i} = ${i}`).join("\n")),
  "1.2·10^5 top-level members (1.9 MB, under the default body limit)": transpile(Array.from({ length: 120_000 }, (_, i) => `k${i} = ${i}`).join("\n")),
  "2·10^5 members in one object": transpile("o {\n" + Array.from({ length: 200_000 }, (_, i) => `k${i} = ${i}`).join("\n") + "\n}"),
};

console.log(`workers ${WORKERS}, copies ${COPIES}, -timeout ${TIMEOUT}`);
console.log("| variant | status | first error | answer after | workers | /health p99/max (poller) | event loop delay p99/max (server) | main thread CPU | peak RSS |");
console.log("|---|---|---|---|---|---|---|---|---|");
for (const [name, c] of Object.entries(CASES)) {
  if (only && !only.test(name)) continue;
  const server = await startServer(["-workers", WORKERS, "-timeout", TIMEOUT, "-max-body", "4MiB"]);
  try {
    console.log(row(name, await attack(server, c.path, c.body, COPIES)));
  } catch (e) {
    console.log(`| ${name} | harness error: ${/** @type {Error} */ (e).message} |`);
  }
  server.child.kill("SIGKILL");
}
