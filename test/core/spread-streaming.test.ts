/**
 * A spread of a large range or lazy map streams (LANGUAGE.md §11, §16.3):
 * the array is produced as the emitter pulls it, never copied whole, and
 * the output is byte for byte the output of a copy, in every format.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createEngine, renderDiagnostic } from "../../index.js";
import { LazyArray } from "../../core/values/values.js";

const engine = createEngine();
const SOURCE = "head := [0, 1]\nys = [...head, ...1..20000, 5, ...(1..15000 map (i) = { n = i }), if (true) [7]]\n";

test("a spread past the stream threshold leaves the array lazy", () => {
  const r = engine.evaluate(SOURCE, { streamThreshold: 1000 });
  assert.ok(r.ok);
  if (r.ok) assert.instance(r.value.get("ys"), LazyArray);
  // below the threshold a spread is copied (a larger threshold never makes a big one eager: the memory bound)
  const small = engine.evaluate("head := [0, 1]\nys = [...head, ...1..20]\n", { streamThreshold: 1000 });
  assert.ok(small.ok);
  if (small.ok) assert.ok(Array.isArray(small.value.get("ys")));
});

for (const format of ["json", "yaml", "toml", "ts"]) {
  test(`streamed spreads write what a copy writes [${format}]`, () => {
    const streamed = engine.transpile(SOURCE, { format, streamThreshold: 1000 });
    const copied = engine.transpile(SOURCE, { format, streamThreshold: 1_000_000 });
    assert.ok(streamed.ok && copied.ok, [streamed, copied].map((r) => (r.ok ? "" : renderDiagnostic(r.diagnostics[0]!))).join(" "));
    if (streamed.ok && copied.ok) assert.ok(streamed.output === copied.output, "outputs differ");
  });
}

test("a streamed spread still stops at the time limit while it is written", () => {
  const r = engine.transpile("ys = [...0..5000000]\n", { format: "json", limits: { timeoutMs: 1 } });
  assert.not.ok(r.ok);
  if (!r.ok) assert.match(renderDiagnostic(r.diagnostics[0]!), /^Line 1: evaluation timed out/);
});

test.run();
