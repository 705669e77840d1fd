/**
 * Lazy evaluation (large maps and template blocks, produced as emitters pull
 * them) must give exactly the data eager evaluation gives, even when the
 * program rebinds names or redefines presets after the lazy value was made.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createEngine, renderDiagnostic, type EvaluateResult } from "../../index.js";

const engine = createEngine();

/** Output with everything eager, and with every map lazy (threshold 1), buffered and streamed. */
function outputs(src: string, format = "json"): string[] {
  const eager = engine.transpile(src, { format, streamThreshold: 1e9 });
  const lazy = engine.transpile(src, { format, streamThreshold: 1 });
  let streamed = "";
  const s = engine.transpileTo(src, { write: (c) => void (streamed += c) }, { format, streamThreshold: 1 });
  const show = (r: EvaluateResult, text: string): string => (r.ok ? text : "error: " + renderDiagnostic(r.diagnostics[0]!));
  return [show(eager, eager.ok ? eager.output : ""), show(lazy, lazy.ok ? lazy.output : ""), show(s, streamed)];
}

function same(src: string, expectedJson?: unknown): void {
  for (const format of ["json", "yaml", "toml", "typescript"]) {
    const [eager, lazy, streamed] = outputs(src, format);
    assert.is(lazy, eager, `lazy ≠ eager (${format})`);
    assert.is(streamed, eager, `streamed ≠ eager (${format})`);
  }
  if (expectedJson !== undefined) assert.equal(JSON.parse(outputs(src)[0]!), expectedJson);
}

test("a name rebound after a lazy map keeps its value at the map", () => {
  same("x := 1\na = (0..2 map (i) = i + x)\nx := 2\nb = x", { a: [1, 2, 3], b: 2 });
});

test("a sibling defined after the map is not visible to it", () => {
  same("o { a = (0..1 map (i) = later), later = 5 }", { o: { a: ["later", "later"], later: 5 } });
});

test("a preset redefined after the map keeps the first definition at the map", () => {
  same('@preset "p" { v = 1 }\na = (0..1 map (i) = @use "p")\n@preset "p" { v = 2 }\nb = @use "p"', { a: [{ v: 1 }, { v: 1 }], b: { v: 2 } });
});

test("template blocks with a map clause and zipped ranges", () => {
  same("t [\n  template { id, n }\n  map (r) = { id = r.id * 10, n = r.n }\n  0..3, a1..a9\n  7, x\n]", {
    t: [
      { id: 0, n: "a1" },
      { id: 10, n: "a2" },
      { id: 20, n: "a3" },
      { id: 30, n: "a4" },
      { id: 70, n: "x" },
    ],
  });
});

test("nested lazy maps and template strings", () => {
  same("g = (0..2 map (x) = (0..1 map (y) = `${x}-${y}`))", { g: [["0-0", "0-1"], ["1-0", "1-1"], ["2-0", "2-1"]] });
});

test("an error inside a lazy map is reported, never output (buffered and streamed)", () => {
  const src = "ok = 1\nbad = (0..5 map (i) = 10 / (3 - i))";
  const [eager, lazy, streamed] = outputs(src);
  assert.is(eager, "error: Line 2: division by zero");
  assert.is(lazy, eager);
  assert.is(streamed, eager);
});

test("a streamed run that fails in a lazy map writes nothing", () => {
  let written = "";
  const r = engine.transpileTo("a = (0..100 map (i) = i)\nb = (0..9 map (i) = i == 9 ? 1 / 0 : i)", { write: (c) => void (written += c) }, { streamThreshold: 1 });
  assert.is(r.ok, false);
  assert.is(written, "");
});

test("preset bodies that look up no name are shared, and still give the same output", () => {
  same('@preset "leaf" { a = 1, b = [1, 2] }\n@preset "pair" { l = @use "leaf", r = @use "leaf" }\nx = @use "pair"\ny = @use "pair" { r = 3 }', {
    x: { l: { a: 1, b: [1, 2] }, r: { a: 1, b: [1, 2] } },
    y: { l: { a: 1, b: [1, 2] }, r: 3 },
  });
});

test("a preset body that uses a name is evaluated at each use site", () => {
  same('@preset "p" { v = n * 2 }\na = (1..3 map (n) = @use "p")', { a: [{ v: 2 }, { v: 4 }, { v: 6 }] });
});

test.run();
