import { test } from "uvu";
import * as assert from "uvu/assert";
import { load, type LoadOptions } from "js-yaml";
import { parse } from "smol-toml";
import { type Value } from "../../core/plugin/index.js";
import { ObjectValue } from "../../core/values/values.js";
import { CountingLazyArray, FORMATS, GeneratedArray, emit, expectedData, obj, run, type FormatName } from "./support.js";
import { plainDataDifference } from "../support/same-data.js";

const NAMES = Object.keys(FORMATS) as FormatName[];

function user(i: number): ObjectValue {
  return obj(["id", i], ["name", "user" + String(i)], ["email", `u${String(i)}@example.com`], ["active", i % 2 === 0], ["tags", ["a", "b"]]);
}

test("large output is written in bounded chunks and equals the same tree built eagerly", () => {
  const n = 20_000;
  const lazyRoot = obj(["users", new GeneratedArray(n, user)], ["ids", new GeneratedArray(n, (i) => i)]);
  const eagerRoot = obj(["users", Array.from({ length: n }, (_, i) => user(i))], ["ids", Array.from({ length: n }, (_, i) => i)]);
  for (const name of NAMES) {
    const lazy = run(FORMATS[name], lazyRoot);
    const eager = run(FORMATS[name], eagerRoot);
    assert.ok(lazy.chunks.length > 10, `${name}: ${lazy.chunks.length} chunks`);
    for (const c of lazy.chunks) assert.ok(c.length > 0 && c.length <= 64 * 1024, `${name}: chunk of ${c.length}`);
    assert.is(lazy.text, eager.text, name);
  }
});

test("lazy arrays are iterated once, never indexed", () => {
  for (const name of ["json", "yaml", "typescript"] as const) {
    const lazy = new CountingLazyArray([1, obj(["a", new CountingLazyArray(["x"])]), [2]]);
    emit(name, obj(["v", lazy]));
    assert.is(lazy.iterations, 1, name);
  }
});

/** Objects and arrays nested `depth` deep: {k: [{k: [ … 1 … ]}]}. */
function nested(depth: number, withArrays: boolean): ObjectValue {
  let v: Value = 1;
  for (let i = 0; i < depth; i++) v = withArrays && i % 2 === 1 ? [v] : obj(["k", v]);
  return v instanceof ObjectValue ? v : obj(["k", v]);
}

/** js-yaml stops at depth 100 by default; its typings do not list the option yet. */
const DEEP_YAML = { maxDepth: 5000 } as LoadOptions;

test("depth 1000 is written without exhausting the stack and reads back", () => {
  for (const withArrays of [false, true]) {
    const root = nested(1000, withArrays);
    const expected = expectedData(root, "numbers");
    assert.is(plainDataDifference(expected, JSON.parse(emit("json", root)), { strictNumbers: true }), undefined);
    assert.is(plainDataDifference(expected, load(emit("yaml", root), DEEP_YAML), { strictNumbers: true }), undefined);
    assert.is(plainDataDifference(expectedData(root, "toml-bigint"), parse(emit("toml", root), { maxDepth: 5000, integersAsBigInt: true }), { strictNumbers: true }), undefined);
    const ts = emit("typescript", root);
    const [body, types] = ts.split(" as const;\n\n");
    assert.is(types, "// Generated types\nexport type K = typeof k;\n");
    // The body is JSON but for its unquoted `k` keys.
    const json = (body ?? "").replace(/^export const k = /, "").replace(/^(\s*)k: /gm, '$1"k": ');
    assert.is(plainDataDifference(expectedData(root.get("k") ?? null, "numbers"), JSON.parse(json), { strictNumbers: true }), undefined);
  }
});

test.run();
