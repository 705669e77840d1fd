/**
 * A tree from `Engine.evaluate` written later with `Engine.emit` (what the
 * HTTP server does for a buffered request) is one run: its time limit counts
 * from the start of evaluation, not again from the start of writing. Once
 * written, the run is over: reading the tree again is not stopped by it.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { CODES, createEngine, renderDiagnostic, toPlainData } from "../../index.js";

const engine = createEngine();

/** Block the thread for `ms` (the time a caller may spend between the two calls). */
function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

test("emit after evaluate stops at the deadline counted from evaluation", () => {
  const limits = { timeoutMs: 300 };
  const evaluated = engine.evaluate("k = 1\nx = 0..9999999\n", { limits });
  assert.ok(evaluated.ok);
  if (!evaluated.ok) return;
  sleep(400);
  let written = 0;
  const r = engine.emit(evaluated.value, { write: (c) => void (written += c.length) }, { limits }, "k = 1\nx = 0..9999999\n");
  assert.is(r.ok, false);
  if (!r.ok) {
    assert.is(r.diagnostics[0]?.code, CODES.LIMIT_TIME);
    assert.is(renderDiagnostic(r.diagnostics[0]!), "Line 2: evaluation timed out (limit 300 ms)");
  }
  // Already past the deadline when writing starts: the first chunk meets it (every chunk is
  // checked before it is passed on), so nothing of the range's ~80 MB is written.
  assert.is(written, 0, "characters written past the deadline");
});

test("a tree emitted twice is counted once per pass (items of lazy parts do not add up across emits)", () => {
  const limits = { maxItems: 50_000 };
  const source = "m = 0..20000 map (i) = { n = i }\n";
  const evaluated = engine.evaluate(source, { limits });
  assert.ok(evaluated.ok);
  if (!evaluated.ok) return;
  for (let i = 0; i < 3; i++) {
    const r = engine.emit(evaluated.value, { write: () => {} }, { limits, format: "yaml" }, source);
    assert.ok(r.ok, r.ok ? "" : renderDiagnostic(r.diagnostics[0]!));
  }
});

test("a tree read after its run has ended (schema validation's plain data) is not stopped by the run's time limit", () => {
  // a run of ~20 ms with 75 times that as its limit (a loaded machine), and more values (32,000) than the
  // meter charges between two looks at the clock (CHECK_EVERY), so a read charged to the run would meet the deadline
  const limits = { timeoutMs: 1500 };
  const r = engine.transpile("x = 0..29999\nm = 0..2000 map (i) = { n = i }\n", { limits });
  assert.ok(r.ok, r.ok ? "" : renderDiagnostic(r.diagnostics[0]!));
  if (!r.ok) return;
  sleep(1550);
  const data = toPlainData(r.value) as { x: number[]; m: { n: number }[] };
  assert.is(data.x.length, 30000);
  assert.is(data.m[2000]?.n, 2000);
});

test.run();
