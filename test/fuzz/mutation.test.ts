/**
 * Mutation fuzzing: every conformance input, edited at random (characters or
 * tokens deleted, inserted, duplicated, swapped, replaced), run through
 * `check` and every format: nothing throws, diagnostics are well formed, and
 * whatever still succeeds reads back to its data.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { createEngine } from "../../index.js";
import { loadConformanceInputs, type ConformanceInput } from "./conformance-inputs.js";
import { fcParams } from "./fuzz-settings.js";
import { mutate, mutateAll, mutationArb, roughTokens } from "./mutation.js";
import { checkSourceEverywhere } from "./properties.js";
import { whenShared } from "../support/shared-folder.js";

const engine = createEngine();
const cases = loadConformanceInputs();
const byName = new Map(cases.map((c) => [c.name, c]));
/** Tests that need the inputs of ../shared/conformance (a lone clone has none; one line says so). */
const testShared = whenShared("conformance", test);

testShared("the conformance inputs are there", () => {
  assert.ok(cases.length >= 100, `only ${cases.length} conformance inputs found`);
});

test("rough tokens cover the text, and mutations change it", () => {
  const text = 'a = "x y" + 12.5 // c\nb := `t ${a}` .. """r"""';
  assert.is(roughTokens(text).join(""), text);
  assert.ok(roughTokens(text).includes('"x y"'));
  assert.is(mutate("abc", { op: "delete", unit: "char", at: 0, length: 1 }), "bc");
  assert.is(mutate("a = 1", { op: "swap", unit: "token", at: 0, other: 0.99 }), "1 = a");
  assert.is(mutate("a = 1", { op: "insert", unit: "token", at: 0.99, text: "+" }), "a = 1+");
});

test("every unmutated conformance input passes the properties", () => {
  for (const c of cases) checkSourceEverywhere(engine, c.input, { file: c.file, host: c.host, files: c.files });
});

testShared("property: mutated conformance inputs never make the engine throw", () => {
  let ok = 0;
  fc.assert(
    // Cases are drawn by name, so a counterexample prints short.
    fc.property(fc.constantFrom(...cases.map((c) => c.name)), fc.array(mutationArb, { minLength: 1, maxLength: 4 }), (name, ms) => {
      const c = byName.get(name) as ConformanceInput;
      const outcomes = checkSourceEverywhere(engine, mutateAll(c.input, ms), { file: c.file, host: c.host, files: c.files });
      if (outcomes.some((o) => o.ok)) ok++;
    }),
    fcParams(500),
  );
  assert.ok(ok > 0, "no mutated input ever succeeded");
});

test.run();
