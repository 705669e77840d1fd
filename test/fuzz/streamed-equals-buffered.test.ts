/**
 * Property: streaming is only an execution strategy (LANGUAGE.md §11) —
 * `transpileTo(src, sink, {stream: true, streamThreshold: 1})` writes exactly
 * what `transpile(src)` returns, in every format, fails with the same
 * diagnostic, and a failed run writes nothing.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { createEngine } from "../../index.js";
import { fcParams } from "./fuzz-settings.js";
import { programArb } from "./program-arbitrary.js";
import { checkStreamedEqualsBuffered, FORMATS } from "./properties.js";
import { loadConformanceInputs } from "./conformance-inputs.js";
import { rootArb } from "./data-arbitrary.js";
import { writeJsson } from "./jsson-writer.js";

const engine = createEngine();

test("the streaming check notices a difference (it can fail)", () => {
  const real = createEngine();
  // An engine whose streamed run writes one byte more than its buffered run.
  const skewed = {
    transpile: real.transpile.bind(real),
    transpileTo: (...args: Parameters<typeof real.transpileTo>) => {
      const r = real.transpileTo(...args);
      args[1].write(" ");
      return r;
    },
  };
  assert.throws(() => checkStreamedEqualsBuffered(skewed, "a = 1", "json"), /streamed output differs from buffered/);
  assert.throws(() => checkStreamedEqualsBuffered(skewed, "a = 1 / 0", "json"), /after writing 1 chars/);
});

test("streamed equals buffered on the conformance inputs without includes", () => {
  for (const c of loadConformanceInputs()) {
    if (c.files.size > 1) continue;
    for (const format of FORMATS) checkStreamedEqualsBuffered(engine, c.input, format);
  }
});

test("a large mapped range streams the same bytes in every format", () => {
  const src = "n := 3\nbig = 0..30000 map (i) = { id = i, name = \"item-\" + i, even = i % 2 == 0 }\ngrid = (0..40 map (r) = (0..40 map (c) = r * c))\n";
  for (const format of FORMATS) checkStreamedEqualsBuffered(engine, src, format, { streamThreshold: 1 });
});

test("a run that fails in the emitter writes nothing, even after a large output (TOML, unpaired surrogate)", () => {
  // More than the TOML emitter's 32K chunk comes before the string it cannot write.
  const src = 'a = 0..20000 map (i) = "item" + i\nb = "\ud800"\n';
  checkStreamedEqualsBuffered(engine, src, "toml");
});

test("property: generated programs stream the same bytes in every format", () => {
  fc.assert(
    fc.property(programArb, fc.constantFrom(...FORMATS), (src, format) => {
      checkStreamedEqualsBuffered(engine, src, format);
    }),
    fcParams(200),
  );
});

test("property: arbitrary data documents stream the same bytes in every format", () => {
  fc.assert(
    fc.property(rootArb(3), fc.integer(), fc.constantFrom(...FORMATS), (root, seed, format) => {
      checkStreamedEqualsBuffered(engine, writeJsson(root, seed), format);
    }),
    fcParams(150),
  );
});

test.run();
