/**
 * Composition copies (LANGUAGE.md §16.3) are bounded like every other copy:
 * spreads, `+` on arrays and objects count what they copy against the item
 * and array limits before copying, and charge the meter per element, so a
 * program that multiplies a large range ends with a `Line <n>:` error.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { CODES, createEngine, renderDiagnostic, type RunOptions } from "../../index.js";

const engine = createEngine();

function failure(source: string, limits: NonNullable<RunOptions["limits"]>): { code: string; text: string } {
  const r = engine.transpile(source, { limits });
  assert.not.ok(r.ok, "expected the run to stop at a limit");
  if (r.ok) return { code: "", text: "" };
  return { code: r.diagnostics[0]!.code, text: renderDiagnostic(r.diagnostics[0]!).split("\n")[0]! };
}

const TRIPLE = "xs := 1..1000000\nys = [...xs, ...xs, ...xs]\n";

test("three spreads of a million-element range stop at the item limit, at the spreading line", () => {
  const f = failure(TRIPLE, { maxItems: 2_000_000 });
  assert.is(f.code, CODES.LIMIT_ITEMS);
  assert.is(f.text, "Line 2: too many values (limit 2000000)");
});

test("a spread past the array limit is R21 at its line", () => {
  const f = failure(TRIPLE, { maxRangeItems: 2_500_000 });
  assert.is(f.code, CODES.R21_RANGE_TOO_LARGE);
  assert.is(f.text, "Line 2: array too large (limit 2500000)");
});

test("the copy is charged to the meter: a time limit stops it at the spreading line", () => {
  // 3 million copies at a few ns each: past a 1 ms limit on any machine (the meter looks at the clock every 16 Ki units).
  const f = failure(TRIPLE, { timeoutMs: 1 });
  assert.is(f.code, CODES.LIMIT_TIME);
  assert.match(f.text, /^Line [12]: evaluation timed out/);
});

test("+ on arrays counts both sides", () => {
  const f = failure("xs := 1..1000000\nys = [0] + xs + xs\n", { maxItems: 2_000_000 });
  assert.is(f.text, "Line 2: too many values (limit 2000000)");
});

test("doubling an array by spreads or + ends at the item limit, not in memory", () => {
  const spreads = "a0 := [1]\n" + Array.from({ length: 40 }, (_, i) => `a${i + 1} := [...a${i}, ...a${i}]`).join("\n") + "\n";
  assert.is(failure(spreads, { maxItems: 1_000_000 }).code, CODES.LIMIT_ITEMS);
  const nested = "a0 := [[1]]\n" + Array.from({ length: 60 }, (_, i) => `a${i + 1} := a${i} + a${i}`).join("\n") + "\nx = a60\n";
  assert.is(failure(nested, { maxItems: 1_000_000 }).code, CODES.LIMIT_ITEMS);
});

test("a merge of large objects counts the members it copies", () => {
  const big = "o := { " + Array.from({ length: 2000 }, (_, i) => `k${i} = ${i}`).join(", ") + " }\n";
  const source = big + Array.from({ length: 100 }, (_, i) => `m${i} := o + { x = ${i} }`).join("\n") + "\n";
  const f = failure(source, { maxItems: 100_000 });
  assert.is(f.code, CODES.LIMIT_ITEMS);
});

test.run();
