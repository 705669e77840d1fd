/** The shared data comparisons (test/support/same-data.ts): expected first, and each strictness does what it says. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { FloatValue, ObjectValue } from "../../core/values/values.js";
import { dataDifference, plainDataDifference, valueDifference } from "./same-data.js";

test("plainDataDifference names the path, expected first", () => {
  assert.is(plainDataDifference({ a: [1, { b: "x" }] }, { a: [1, { b: "y" }] }), '$.a[1].b: expected "x", got "y"');
  assert.is(plainDataDifference({ "a b": 1 }, { "a b": 1 }), undefined);
  assert.is(plainDataDifference({ a: 1 }, { b: 1 }), '$: expected keys ["a"], got ["b"]');
  assert.is(plainDataDifference({ a: 1, b: 2 }, { b: 2, a: 1 }), undefined, "key order is not compared");
});

test("plainDataDifference: numbers by value, as doubles, or strictly by type", () => {
  assert.is(plainDataDifference(1n, 1), undefined);
  assert.is(plainDataDifference(2n ** 53n + 1n, 2 ** 53), "$: expected 9007199254740993n, got 9007199254740992");
  assert.is(plainDataDifference(2n ** 53n + 1n, 2 ** 53, { lossyNumbers: true }), undefined);
  assert.is(plainDataDifference(1n, 1, { strictNumbers: true }), "$: expected 1n, got 1");
  assert.is(plainDataDifference(NaN, NaN, { strictNumbers: true }), undefined);
});

test("plainDataDifference: null members may count as absent (TOML)", () => {
  assert.ok(plainDataDifference({ a: null, b: 1 }, { b: 1 }) !== undefined);
  assert.is(plainDataDifference({ a: null, b: 1 }, { b: 1 }, { nullsInObjectsDropped: true }), undefined);
});

test("dataDifference reads as strictly as the reader allows", () => {
  const tree = new ObjectValue([["b", 1n], ["a", new FloatValue(2)]]);
  assert.is(dataDifference(tree, new Map<string, unknown>([["b", 1n], ["a", 2n]]), "exact-json"), undefined, "an integral float may come back as an integer");
  assert.match(dataDifference(tree, new Map<string, unknown>([["a", 2n], ["b", 1n]]), "exact-json") ?? "", /in this order/);
  assert.is(dataDifference(tree, { a: 2, b: 1 }, "js-numbers"), undefined);
  assert.match(dataDifference(tree, { a: 2, b: 1 }, "toml") ?? "", /^\$\.b: expected integer 1/);
});

test("valueDifference tells integers from floats", () => {
  assert.is(valueDifference(new ObjectValue([["x", 1n]]), new ObjectValue([["x", 1n]])), undefined);
  assert.match(valueDifference(new ObjectValue([["x", 1n]]), new ObjectValue([["x", new FloatValue(1)]])) ?? "", /^\$\.x: expected integer 1/);
});

test.run();
