/**
 * The traced evaluation that finds schema failure places (LANGUAGE.md
 * §12.3) is bounded like any run: the same limits, and past them no places
 * (the failures are still reported), never a throw or a hang.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createEngine, type SchemaFailure } from "../../index.js";
import { locateFailures } from "../../core/provenance/locate-failures.js";
import { tracingEvaluator } from "../../core/engine/internal.js";

const engine = tracingEvaluator(createEngine());
const failure: SchemaFailure = { path: "$.xs[0].n", message: "Value must be <= 0, got 1", keyword: "maximum", schemaPath: "#/properties/xs/items/properties/n/maximum", instance: ["xs", "0", "n"], target: "value" };

test("within the limits: the place of the value (the map body's member)", () => {
  const source = "xs = (1..50000 map (i) = { n = i })\n";
  const places = locateFailures(engine, source, { limits: { maxItems: 200_000 } }, [failure]);
  assert.equal(places, [{ start: 31, end: 32, line: 1, column: 32, endLine: 1, endColumn: 33 }]);
});

test("past the time limit or the item limit: no places, no throw", () => {
  assert.is(locateFailures(engine, "xs = (1..3000000 map (i) = { n = i * i })\n", { limits: { timeoutMs: 20 } }, [failure]), undefined);
  assert.is(locateFailures(engine, "xs = (1..50000 map (i) = { n = i })\n", { limits: { maxItems: 60_000 } }, [failure]), undefined);
});

test("a failure that names no value is not placed, and needs no second evaluation", () => {
  const more: SchemaFailure = { path: "$", message: "3 more errors not shown", keyword: "", schemaPath: "", target: "value" };
  // a source that cannot even be evaluated: proves nothing was run for it
  assert.equal(locateFailures(engine, "x = 1 / 0\n", {}, [more]), [undefined]);
});

test.run();
