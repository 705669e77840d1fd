import { test } from "uvu";
import * as assert from "uvu/assert";
import { parse } from "smol-toml";
import { OutputError, type ObjectValue } from "../../core/plugin/index.js";
import { StringRange } from "../../core/values/values.js";
import { tomlFormat } from "../../plugins/toml/index.js";
import { CountingLazyArray, emit, f, obj } from "./support.js";
import { plainDataDifference } from "../support/same-data.js";

const lines = (...l: string[]): string => l.join("\n") + "\n";

test("scalars first, then tables in insertion order, a blank line before every header", () => {
  const root = obj(
    ["name", "x"],
    ["server", obj(["host", "h"], ["db", obj(["name", "main"])], ["port", 1])],
    ["after", 3],
  );
  assert.is(emit("toml", root), lines('name = "x"', "after = 3", "", "[server]", 'host = "h"', "port = 1", "", "[server.db]", 'name = "main"'));
});

test("arrays of tables, with sub-tables and nested arrays of tables after each element", () => {
  const root = obj([
    "items",
    [
      obj(["id", 1], ["meta", obj(["tag", "t1"])], ["parts", [obj(["n", "p"])]], ["k", 2]),
      obj(["id", 2], ["meta", obj()]),
    ],
  ]);
  assert.is(
    emit("toml", root),
    lines("[[items]]", "id = 1", "k = 2", "", "[items.meta]", 'tag = "t1"', "", "[[items.parts]]", 'n = "p"', "", "[[items]]", "id = 2", "", "[items.meta]"),
  );
});

test("empty tables keep their header; empty arrays are inline; empty root is empty", () => {
  assert.is(emit("toml", obj(["e", obj()], ["arr", []], ["nested", obj(["inner", obj()])])), lines("arr = []", "", "[e]", "", "[nested]", "", "[nested.inner]"));
  assert.is(emit("toml", obj()), "");
  assert.is(emit("toml", obj(["only", null])), "");
});

test("inline arrays, inline tables inside arrays, mixed arrays", () => {
  const root = obj(
    ["a", [1, "x", f(2), true, [1, [2]], []]],
    ["m", [obj(["k", 1], ["n", null], ["o", obj(["p", "q"])]), obj(), 5]],
  );
  assert.is(emit("toml", root), lines('a = [1, "x", 2.0, true, [1, [2]], []]', 'm = [{ k = 1, o = { p = "q" } }, {}, 5]'));
});

test("keys: bare when [A-Za-z0-9_-]+, else quoted; header segments quoted one by one", () => {
  const root = obj(["a-b_9", 1], ["a b", 2], ["", 3], ["é", 4], ["a.b", obj(["x y", obj(["z", 1])])]);
  assert.is(emit("toml", root), lines("a-b_9 = 1", '"a b" = 2', '"" = 3', '"é" = 4', "", '["a.b"]', "", '["a.b"."x y"]', "z = 1"));
});

test("strings: TOML basic strings with escapes", () => {
  const out = emit("toml", obj(["s", 'line1\nline2 "q" \\ tab\t\r\b\f\u0000\u001f\u007f é 😀']));
  assert.is(out, 's = "line1\\nline2 \\"q\\" \\\\ tab\\t\\r\\b\\f\\u0000\\u001f\\u007f é 😀"\n');
  assert.is(plainDataDifference({ s: 'line1\nline2 "q" \\ tab\t\r\b\f\u0000\u001f\u007f é 😀' }, parse(out), { strictNumbers: true }), undefined);
});

test("numbers: floats keep a '.', integers exact to 64 bits", () => {
  const root = obj(["a", f(2)], ["b", 2], ["c", f(1e21)], ["d", f(-0)], ["e", 9223372036854775807n], ["g", -9223372036854775808n], ["h", f(5e-324)]);
  const out = emit("toml", root);
  assert.is(out, lines("a = 2.0", "b = 2", "c = 1.0e+21", "d = 0.0", "e = 9223372036854775807", "g = -9223372036854775808", "h = 5.0e-324"));
  assert.is(plainDataDifference({ a: 2, b: 2n, c: 1e21, d: 0, e: 9223372036854775807n, g: -9223372036854775808n, h: 5e-324 }, parse(out, { integersAsBigInt: true }), { strictNumbers: true }), undefined);
});

test("nulls in tables and inline tables are omitted", () => {
  assert.is(emit("toml", obj(["a", null], ["b", 1], ["t", obj(["n", null], ["x", 1])])), lines("b = 1", "", "[t]", "x = 1"));
});

function refusal(root: ObjectValue): OutputError {
  try {
    tomlFormat.check?.(root, { options: {} });
  } catch (e) {
    if (e instanceof OutputError) return e;
    throw e;
  }
  throw new Error("check accepted the tree");
}

test("a null array element is refused by the pre-flight check, naming the array and the top-level key", () => {
  const cases: [ObjectValue, string, string][] = [
    [obj(["a", [1, null]]), "a", "a"],
    [obj(["x", 1], ["m", [[1], [2, null]]]), "m[1]", "m"],
    [obj(["t", obj(["list", [null]])]), "t.list", "t"],
    [obj(["a b", [obj(["x", ["y", null]])]]), '"a b"[0].x', "a b"],
    [obj(["users", [obj(["tags", obj(["all", [null]])])]]), "users[0].tags.all", "users"],
  ];
  for (const [root, where, key] of cases) {
    const e = refusal(root);
    assert.is(e.message, `TOML cannot represent null (in array at ${where})`);
    assert.is(e.key, key);
  }
});

test("an unpaired surrogate in a written string or key is refused by the check, with its path", () => {
  const cases: [ObjectValue, string, string][] = [
    [obj(["ok", "x"], ["b", "a\ud800"]), "b", "b"],
    [obj(["t", obj(["k\udc00", 1])]), 't."k\\udc00"', "t"],
    [obj(["l", [obj(["s", ["x", "\udfff"]])]]), "l[0].s[1]", "l"],
    [obj(["r", new StringRange("\ud800-", 1, 1, 2, 0)]), "r", "r"],
  ];
  for (const [root, where, key] of cases) {
    const e = refusal(root);
    assert.is(e.message, `TOML cannot represent a string with an unpaired UTF-16 surrogate (at ${where})`);
    assert.is(e.key, key);
  }
  // A key whose value is null is not written, so it does not matter; a well-formed pair is fine.
  assert.is(emit("toml", obj(["\ud800", null], ["s", "😀"])), 's = "😀"\n');
});

test("emit refuses a null array element even without the check, before writing it", () => {
  const chunks: string[] = [];
  assert.throws(() => tomlFormat.emit(obj(["a", [null]]), { write: (c) => void chunks.push(c) }, { options: {} }), (e: unknown) => e instanceof OutputError && e.message === "TOML cannot represent null (in array at a)");
});

test("a lazy array of tables is not generated more often than check + emit", () => {
  const lazy = new CountingLazyArray([obj(["id", 1]), obj(["id", 2])]);
  assert.is(emit("toml", obj(["rows", lazy])), lines("[[rows]]", "id = 1", "", "[[rows]]", "id = 2"));
  assert.is(lazy.iterations, 2);
});

test.run();
