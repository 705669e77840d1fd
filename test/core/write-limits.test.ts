/** Limits that apply while output is written: time, size, cancellation — also for plain ranges, which evaluate nothing. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createEngine, renderDiagnostic } from "../../index.js";

const engine = createEngine();

for (const format of ["json", "yaml", "toml", "typescript"]) {
  test(`a huge plain range stops at the time limit (${format})`, () => {
    // no clock: a writer that never looked at the deadline would end with 20 million values, ok
    const r = engine.transpile("a = 0..9999999\nb = 0..9999999", { format, limits: { timeoutMs: 150 } });
    assert.is(r.ok, false);
    if (!r.ok) assert.match(renderDiagnostic(r.diagnostics[0]!), /^Line \d+: evaluation timed out \(limit 150 ms\)$/);
  });
}

test("the output-size limit ends a run", () => {
  const r = engine.transpile("a = 0..999999", { limits: { maxOutputBytes: 100_000 } });
  assert.is(r.ok, false);
  if (!r.ok) assert.match(r.diagnostics[0]!.message, /output too large \(limit 100000 bytes\)/);
});

test("a cancelled run ends while writing", () => {
  const r = engine.transpile("a = 0..9999999", { signal: { aborted: true } });
  assert.is(r.ok, false);
  if (!r.ok) assert.is(r.diagnostics[0]!.message, "evaluation cancelled");
});

test.run();
