/** ObjectValue: insertion order, first position kept on rewrite, lookups before and after the index exists. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createEngine } from "../../index.js";
import { ObjectValue } from "../../core/values/values.js";

test("small and large objects find, rewrite in place and append", () => {
  for (const n of [3, 8, 9, 40]) {
    const o = new ObjectValue();
    for (let i = 0; i < n; i++) o.set(`k${i}`, i);
    o.set("k1", "again"); // rewrite keeps the position
    o.append("extra", true); // appended after the search index may exist
    o.set("k0", null);
    assert.is(o.size, n + 1);
    assert.equal(o.keys.slice(0, 2), ["k0", "k1"]);
    assert.is(o.get("k1"), "again");
    assert.is(o.get("k0"), null);
    assert.is(o.get("extra"), true);
    assert.is(o.get(`k${n - 1}`), n - 1);
    assert.is(o.has("missing"), false);
    assert.is(o.keys[o.size - 1], "extra");
  }
});

test("a body that repeats a key among many keeps the first position and the last value", () => {
  const r = createEngine().transpile('o {\n a = 1, b = 2, c = 3, d = 4, e = 5, f = 6, g = 7, h = 8, i = 9\n a = 10\n "b" = 20\n}\n');
  assert.ok(r.ok);
  if (r.ok) assert.equal(JSON.parse(r.output), { o: { a: 10, b: 20, c: 3, d: 4, e: 5, f: 6, g: 7, h: 8, i: 9 } });
  if (r.ok) assert.match(r.output, /"a": 10,\n\s+"b": 20/);
});

test.run();
