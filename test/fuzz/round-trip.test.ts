/**
 * Property: any JSON-like value written as JSSON source (in any of the
 * spellings the language allows) evaluates back to itself — same kinds
 * (integer vs float), same integers to the last bit, same key order — and its
 * JSON output reads back to the same data.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { createEngine } from "../../index.js";
import { type Value } from "../../core/plugin/index.js";
import { FloatValue, ObjectValue } from "../../core/values/values.js";
import { rootArb } from "./data-arbitrary.js";
import { fcParams } from "./fuzz-settings.js";
import { checkRoundTrip } from "./properties.js";
import { plainDecimal, writeJsson } from "./jsson-writer.js";

const engine = createEngine();

test("plainDecimal writes doubles without exponent and reads back exactly", () => {
  assert.is(plainDecimal(1e21), "1000000000000000000000.0");
  assert.is(plainDecimal(1.5e-7), "0.00000015");
  assert.is(plainDecimal(-0), "-0.0");
  assert.is(plainDecimal(3), "3.0");
  fc.assert(
    fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => Number(plainDecimal(x)) === x || (x === 0 && Number(plainDecimal(x)) === 0)),
    fcParams(500),
  );
});

test("a hand-written tree with every kind round-trips (the property can fail)", () => {
  const root = new ObjectValue(
    new Map<string, Value>([
      ["a", 9223372036854775807n],
      ["b", new FloatValue(3)],
      ["my key", ['x"\\y\n', null, true, -7]],
      ["o", new ObjectValue(new Map([["", new FloatValue(-1.5e-300)]]))],
    ]),
  );
  for (let seed = 0; seed < 20; seed++) assert.is(checkRoundTrip(engine, root, seed), undefined, writeJsson(root, seed));
  // The checker notices a wrong value: the integer 3 is not the float 3.0 it should have been written as.
  assert.match(checkRoundTrip(engine, new ObjectValue(new Map([["a", new FloatValue(3)]])), 1, "a = 3") ?? "", /expected float 3, got 3/);
});

test("property: any value written as JSSON evaluates back to itself", () => {
  fc.assert(
    fc.property(rootArb(4), fc.integer(), (root, seed) => {
      const problem = checkRoundTrip(engine, root, seed);
      if (problem !== undefined) throw new Error(problem);
    }),
    fcParams(300),
  );
});

test.run();
