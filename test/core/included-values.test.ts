/**
 * Values of included files (LANGUAGE.md §5, §8, §13.3), now adopted as views
 * instead of expanded copies: ranges lose their range-ness, lazy maps stay
 * lazy, and an error raised while an emitter pulls them is still the
 * include's error, buffered or streamed.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { CODES, createEngine, MemoryHost, renderDiagnostic, type RunOptions } from "../../index.js";

const engine = createEngine();
const withFiles = (files: Record<string, string>): RunOptions => ({ host: new MemoryHost(files), file: "/input.jsson" });

test("an included range is a plain array: not flattened into an array literal, usable with ==", () => {
  const r = engine.transpile('include "f.jsson"\na = [r, 4]\nb = r == [1, 2, 3]\n', withFiles({ "f.jsson": "r = 1..3\n" }));
  assert.ok(r.ok, r.ok ? "" : renderDiagnostic(r.diagnostics[0]!));
  if (r.ok) assert.equal(JSON.parse(r.output), { r: [1, 2, 3], a: [[1, 2, 3], 4], b: true });
});

test("an included lazy map gives the same elements as an eager one", () => {
  const r = engine.transpile('include "f.jsson"\n', withFiles({ "f.jsson": "m = 0..20000 map (i) = { n = i * 2 }\n" }));
  assert.ok(r.ok);
  if (!r.ok) return;
  const m = (JSON.parse(r.output) as { m: { n: number }[] }).m;
  assert.is(m.length, 20001);
  assert.equal(m[20000], { n: 40000 });
});

test("an error in an included lazy map is the include's error (I4), buffered and streamed", () => {
  const options = withFiles({ "f.jsson": "m = 0..20000 map (i) = 10 / (i - 15000)\n" });
  const source = 'x = 1\ninclude "f.jsson"\n';
  const expected = 'Line 2: error in included file "f.jsson": Line 1: division by zero';
  const buffered = engine.transpile(source, options);
  assert.is(buffered.ok, false);
  if (!buffered.ok) {
    assert.is(buffered.diagnostics[0]?.code, CODES.I4_ERROR_IN_INCLUDE);
    assert.is(renderDiagnostic(buffered.diagnostics[0]!), expected);
  }
  let written = "";
  const streamed = engine.transpileTo(source, { write: (c) => void (written += c) }, options);
  assert.is(streamed.ok, false);
  if (!streamed.ok) assert.is(renderDiagnostic(streamed.diagnostics[0]!), expected);
  assert.is(written, "", "nothing is written before the error is found");
});

test("nested includes: an error in the innermost lazy map is wrapped once per include", () => {
  const options = withFiles({ "a.jsson": 'k = 0\ninclude "b.jsson"\n', "b.jsson": "m = 0..20000 map (i) = 10 / (i - 20000)\n" });
  const r = engine.transpile('include "a.jsson"\n', options);
  assert.is(r.ok, false);
  if (!r.ok) assert.is(renderDiagnostic(r.diagnostics[0]!), 'Line 1: error in included file "a.jsson": Line 2: error in included file "b.jsson": Line 1: division by zero');
});

test("a time limit reached while writing an included range names the include's line", () => {
  const r = engine.transpile('k = 1\ninclude "f.jsson"\n', { ...withFiles({ "f.jsson": "r = 0..9999999\ns = 0..9999999\n" }), limits: { timeoutMs: 100 } });
  assert.is(r.ok, false);
  if (!r.ok) assert.is(renderDiagnostic(r.diagnostics[0]!), "Line 2: evaluation timed out (limit 100 ms)");
});

test.run();
