/**
 * The public value API (`jsson/plugin`, API 3) shows plugins the value and
 * nothing of the evaluator's bookkeeping, tells values apart by their kind
 * (no class identity), and a writer's caches are its own.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createEngine } from "../../index.js";
import { API_VERSION, JsonLayoutWriter, TextWriter, isArrayValue, isFloatValue, isLazyArray, isObjectValue, isRangeValue, kindOf, toPlainData, type TextSink, type Value } from "../../core/plugin/index.js";
import { IntRange, ObjectValue } from "../../core/values/values.js";

/** A sink that keeps its chunks. */
function collector(): TextSink & { readonly chunks: string[] } {
  const chunks: string[] = [];
  return { chunks, write: (c) => void chunks.push(c) };
}

test("the API version is 3", () => {
  assert.is(API_VERSION, 3);
});

/** Value objects as another copy of jsson's modules makes them: other classes, the same `kind` and shape. */
class ForeignFloat {
  constructor(readonly value: number) {}
  get kind(): "float" {
    return "float";
  }
}
class ForeignObject {
  readonly keys = ["f", "r"];
  readonly values: unknown[] = [new ForeignFloat(1.5), new IntRange(1, 1, 2)];
  get kind(): "object" {
    return "object";
  }
}

test("values are told apart by their kind, not their class: another copy's values read the same", () => {
  const foreign = new ForeignObject() as unknown as Value;
  assert.is(kindOf(foreign), "object");
  assert.ok(isObjectValue(foreign));
  assert.ok(isFloatValue(new ForeignFloat(2)));
  assert.not.ok(isObjectValue([1]));
  assert.not.ok(isLazyArray([1]));
  assert.ok(isArrayValue([1]) && isArrayValue(new IntRange(0, 1, 3)) && isRangeValue(new IntRange(0, 1, 3)));
  assert.equal(toPlainData(foreign), Object.assign(Object.create(null) as object, { f: 1.5, r: [1, 2] }));
  const sink = collector();
  const w = new JsonLayoutWriter(sink, { keyLabel: (k) => JSON.stringify(k) + ":", compact: true, formatName: "JSON" });
  w.writeValue(foreign, 0);
  w.flush();
  assert.is(sink.chunks.join(""), '{"f":1.5,"r":[1,2]}');
});

test("an evaluated object carries no evaluator bookkeeping a plugin could see", () => {
  // Nested containers make the evaluator record written-out sizes (the objects' weights).
  const r = createEngine().evaluate("a {\n b { c = [1, 2, { d = 3 }] }\n}\nlist = [{ x = [1, 2] }, { y = { z = 1 } }]\n");
  assert.ok(r.ok);
  if (!r.ok) return;
  const seen: ObjectValue[] = [];
  const walk = (v: unknown): void => {
    if (v instanceof ObjectValue) {
      seen.push(v);
      v.values.forEach(walk);
    } else if (Array.isArray(v)) v.forEach(walk);
  };
  walk(r.value);
  assert.ok(seen.length >= 6, `${seen.length} objects`);
  for (const o of seen) {
    assert.not.ok(Object.keys(o).includes("weight"));
    assert.not.ok("weight" in o);
  }
});

test("keys and values read in order; changes go through set and append", () => {
  const o = new ObjectValue([["b", 1], ["a", 2]]);
  o.set("b", 3);
  o.append("c", null);
  assert.equal([...o.keys], ["b", "a", "c"]);
  assert.equal([...o.values], [3, 2, null]);
  assert.equal([...o.entries], [["b", 3], ["a", 2], ["c", null]]);
});

/** A writer that writes keys through one maker and counts what the maker is asked. */
class KeyWriter extends TextWriter {
  constructor(sink: TextSink, private readonly make: (key: string) => string) {
    super(sink);
  }
  keys(keys: readonly string[]): void {
    for (const k of keys) this.write(this.cachedKey(k, this.make));
    this.flush();
  }
}

test("key texts are cached per writer: a new writer starts with an empty cache", () => {
  const asked: string[] = [];
  const make = (k: string): string => {
    asked.push(k);
    return `<${k}>`;
  };
  const sink = collector();
  new KeyWriter(sink, make).keys(["a", "b", "a", "a"]);
  assert.equal(asked, ["a", "b"]);
  new KeyWriter(sink, make).keys(["a", "b"]);
  assert.equal(asked, ["a", "b", "a", "b"], "the second writer made its own texts");
  assert.is(sink.chunks.join(""), "<a><b><a><a><a><b>");
});

test("a writer hands its text to the sink on flush, in chunks that concatenate to the text", () => {
  const sink = collector();
  const w = new TextWriter(sink);
  w.write("x".repeat(40_000));
  w.flushIfFull();
  w.write("end");
  w.flushIfFull();
  assert.is(sink.chunks.length, 1);
  w.flush();
  w.flush();
  assert.equal(sink.chunks.map((c) => c.length), [40_000, 3]);
});

test("JsonLayoutWriter writes the JSON layout, canonical and compact, with the caller's key labels", () => {
  const o = new ObjectValue([["a", [1, "two", null, true]], ["b", new ObjectValue([["c", new ObjectValue()]])], ["d", []]]);
  const plain = { a: [1, "two", null, true], b: { c: {} }, d: [] };
  for (const compact of [false, true]) {
    const sink = collector();
    const w = new JsonLayoutWriter(sink, { compact, keyLabel: (k) => JSON.stringify(k) + (compact ? ":" : ": "), formatName: "JSON" });
    w.writeValue(o, 0);
    w.flush();
    assert.is(sink.chunks.join(""), JSON.stringify(plain, null, compact ? undefined : 2));
  }
  const sink = collector();
  const w = new JsonLayoutWriter(sink, { keyLabel: (k) => `${k} = `, formatName: "Mine" });
  w.writeValue(new ObjectValue([["k", 1]]), 0);
  w.flush();
  assert.is(sink.chunks.join(""), "{\n  k = 1\n}");
});

test.run();
