import { test } from "uvu";
import * as assert from "uvu/assert";
import { load } from "js-yaml";
import { IntRange } from "../../core/values/values.js";
import { emit, expectedData, f, obj } from "./support.js";
import { plainDataDifference } from "../support/same-data.js";

test("block layout: nested mappings, sequences, items on the dash line", () => {
  const root = obj(
    ["server", obj(["host", "localhost"], ["features", ["logging", "metrics"]], ["limits", obj(["max", 10])])],
    ["routes", [obj(["path", "/a"], ["methods", ["GET"]]), obj(["path", "/b"], ["methods", []])]],
    ["matrix", [[1, 2], [[3], 4]]],
    ["empties", [[], obj()]],
  );
  assert.is(
    emit("yaml", root),
    [
      "server:",
      "  host: localhost",
      "  features:",
      "    - logging",
      "    - metrics",
      "  limits:",
      "    max: 10",
      "routes:",
      '  - path: "/a"',
      "    methods:",
      "      - GET",
      '  - path: "/b"',
      "    methods: []",
      "matrix:",
      "  - - 1",
      "    - 2",
      "  - - - 3",
      "    - 4",
      "empties:",
      "  - []",
      "  - {}",
      "",
    ].join("\n"),
  );
});

test("empty root is {}", () => {
  assert.is(emit("yaml", obj()), "{}\n");
  assert.is(emit("yaml", obj(["a", obj()], ["b", []])), "a: {}\nb: []\n");
});

test("plain strings: letters (any script) first, then letters, digits, space and _-./+()=;~$^", () => {
  for (const s of ["João", "Software Engineer", "api.example.com", "v1", "_x", "a(b)=c;d~e$f^g+h/i-j", "日本語", "Δx 2", "x-", "Straße"])
    assert.is(emit("yaml", obj(["k", s])), `k: ${s}\n`, s);
});

test("quoted strings: special words, non-letter starts, other characters, edge spaces", () => {
  const cases = [
    "", "true", "True", "FALSE", "yes", "No", "on", "OFF", "y", "N", "null", "NULL", "~", "123", "1.0", "-x", "/a",
    "a: b", "#x", "x#", " lead", "trail ", "l1\nl2", "it's", "x,y", "user@example.com", "a\tb", "e\u0301", "😀", "[a]", "a|b", "a*b",
  ];
  for (const s of cases) assert.is(emit("yaml", obj(["k", s])), `k: ${JSON.stringify(s)}\n`, JSON.stringify(s));
});

test("keys follow the same rule", () => {
  assert.is(emit("yaml", obj(["n", 1], ["a b", 2], ["", 3], ["10", 4], ["é", 5])), '"n": 1\na b: 2\n"": 3\n"10": 4\né: 5\n');
});

test("keys longer than 1024 characters use the explicit ? / : form", () => {
  const long = "k".repeat(1100);
  const root = obj([long, 1], ["x", [obj([long, [1]], ["b", 2])]], ["short", obj([long, obj(["c", 3])])]);
  const out = emit("yaml", root);
  assert.is(out, `? ${long}\n: 1\nx:\n  - ? ${long}\n    :\n      - 1\n    b: 2\nshort:\n  ? ${long}\n  :\n    c: 3\n`);
  assert.is(plainDataDifference(expectedData(root, "numbers"), load(out), { strictNumbers: true }), undefined);
  const edge = "é".repeat(1022); // 1022 characters, 2044 UTF-8 bytes: still implicit
  assert.is(emit("yaml", obj([edge, 1])), `${edge}: 1\n`);
});

test("key length counts UTF-16 code units: a quoted key of 1026 units (514 code points) uses the explicit form, one of 1024 stays implicit", () => {
  const over = "😀".repeat(512); // written quoted: 2 + 1024 code units
  const at = "😀".repeat(511); // written quoted: 2 + 1022 code units
  const out = emit("yaml", obj([over, 1], [at, 2]));
  assert.is(out, `? "${over}"\n: 1\n"${at}": 2\n`);
  assert.equal(load(out), { [over]: 1, [at]: 2 });
});

test("escapes: JSON escapes plus \\u for characters YAML may not hold literally", () => {
  const s = 'q" \\ \b\f\n\r\t \u0000\u001b \u007f\u0085\u009f \u2028\u2029 \ud800 \udc00x \ufffe\uffff 😀';
  const out = emit("yaml", obj(["s", s]));
  assert.is(
    out,
    's: "q\\" \\\\ \\b\\f\\n\\r\\t \\u0000\\u001b \\u007f\\u0085\\u009f \\u2028\\u2029 \\ud800 \\udc00x \\ufffe\\uffff 😀"\n',
  );
  assert.equal(load(out), { s });
});

test("floats always contain a '.'; integers and big integers are exact", () => {
  const root = obj(
    ["a", f(3)],
    ["b", f(-0)],
    ["c", f(1e21)],
    ["d", f(1.5e-7)],
    ["e", f(2.5)],
    ["g", 9223372036854775807n],
    ["h", -7],
    ["i", f(Infinity)],
    ["j", f(-Infinity)],
    ["k", f(NaN)],
  );
  assert.is(
    emit("yaml", root),
    "a: 3.0\nb: 0.0\nc: 1.0e+21\nd: 1.5e-7\ne: 2.5\ng: 9223372036854775807\nh: -7\ni: .inf\nj: -.inf\nk: .nan\n",
  );
});

test("null, booleans and ranges", () => {
  assert.is(emit("yaml", obj(["n", null], ["t", true], ["r", new IntRange(3, -1, 3)])), '"n": null\nt: true\nr:\n  - 3\n  - 2\n  - 1\n');
});

test.run();
