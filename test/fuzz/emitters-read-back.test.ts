/**
 * Property: on generated valid programs (variables, arithmetic, ranges, maps,
 * templates, presets, ternaries…), every emitter's output parses back to the
 * evaluated data — JSON exactly, YAML with js-yaml, TOML with smol-toml
 * (nulls dropped from tables; a null in an array must be an error), and the
 * TypeScript module, compiled and run.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { createEngine } from "../../index.js";
import { ObjectValue } from "../../core/values/values.js";
import { fcParams } from "./fuzz-settings.js";
import { programArb } from "./program-arbitrary.js";
import { checkSourceEverywhere } from "./properties.js";
import { rootArb } from "./data-arbitrary.js";
import { writeJsson } from "./jsson-writer.js";
import { dataDifference } from "../support/same-data.js";
import { readBack } from "./read-back.js";

const engine = createEngine();

test("the read-back comparison notices a difference (it can fail)", () => {
  const r = engine.transpile("a = 1\nb = [1.5, null]\nc { d = x }", { format: "yaml" });
  assert.ok(r.ok);
  if (!r.ok) return;
  const back = readBack("yaml", r.output.replace("1.5", "2.5"));
  assert.match(dataDifference(r.value, back.data, back.reading) ?? "", /\$\.b\[0\]/);
  // A TypeScript module whose type lines do not match its constants is refused.
  assert.throws(() => readBack("typescript", "export const a = 1 as const;\n\n// Generated types\n"), /1 constants/);
  assert.equal(readBack("typescript", "export const a = [\n  1\n] as const;\n\n// Generated types\nexport type A = typeof a;\n").data, Object.assign(Object.create(null), { a: [1] }));
  const toml = engine.transpile("a = [1, null]", { format: "toml" });
  assert.not.ok(toml.ok);
  // An invalid program is fine as fuzz input, but not as a "generated valid program".
  checkSourceEverywhere(engine, "a = 1 +");
  assert.throws(() => checkSourceEverywhere(engine, "a = 1 +", { expectSuccess: true }), /a generated program failed/);
});

test("property: generated programs evaluate, and every format reads back", () => {
  const stats = new Map<string, number>();
  fc.assert(
    fc.property(programArb, (src) => {
      for (const o of checkSourceEverywhere(engine, src, { expectSuccess: true })) {
        const k = `${o.format}:${o.ok ? "ok" : o.code}`;
        stats.set(k, (stats.get(k) ?? 0) + 1);
      }
    }),
    fcParams(150),
  );
  for (const f of ["json", "yaml", "toml", "typescript"]) assert.ok((stats.get(`${f}:ok`) ?? 0) > 0, `${f} never succeeded: ${JSON.stringify([...stats])}`);
});

test("property: the TypeScript output of generated programs compiles with the TypeScript compiler and runs to the same data", () => {
  fc.assert(
    fc.property(programArb, (src) => {
      checkSourceEverywhere(engine, src, { expectSuccess: true, tsCompiler: true });
    }),
    fcParams(30),
  );
});

test("property: arbitrary data documents read back in every format", () => {
  fc.assert(
    fc.property(rootArb(3), fc.integer(), (root: ObjectValue, seed: number) => {
      checkSourceEverywhere(engine, writeJsson(root, seed), { expectSuccess: true });
    }),
    fcParams(200),
  );
});

test.run();
