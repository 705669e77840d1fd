/**
 * The property behind every time limit (issue #26, What to build §2): the
 * work a run does between two looks of its cost meter at the clock is
 * bounded, whatever the program. Each program of cost-shapes.ts is one
 * uniform loop whose work is counted from its parameters (scopes walked,
 * elements compared or copied), apart from the meter; it is evaluated and
 * written through the engine with no time limit, and the meter's own count
 * of its looks at the clock gives the work per look. Since the loop is
 * uniform, that is the largest gap up to one iteration; it must stay under
 * {@link MAX_WORK_PER_CHECK} for every shape and seed. Before the fix, 200
 * nested blocks × 5000 lookups (finding 4) did a million scope steps
 * between two looks.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createEngine } from "../../index.js";
import { CHECK_EVERY } from "../../core/values/cost-meter.js";
import { ProgramValue } from "../../core/values/program-value.js";
import { COST_SHAPES, shapedProgram, type ShapedProgram } from "./cost-shapes.js";
import { SCALE, SEED } from "./fuzz-settings.js";

/** Work per look at the clock allowed: the meter looks every CHECK_EVERY units, and every step above is at least one unit. */
export const MAX_WORK_PER_CHECK = 2 * CHECK_EVERY;

const PER_SHAPE = Math.max(1, Math.round(3 * SCALE));
const engine = createEngine();

/** Work per look of one program, and the looks counted. */
function measure(p: ShapedProgram): { checks: number; gap: number } {
  const evaluated = engine.evaluate(p.source, { format: "json", limits: { timeoutMs: 0, maxItems: 50_000_000, maxRangeItems: 10_000_000 } });
  if (!evaluated.ok) throw new Error(`${p.shape} seed ${p.seed}: ${evaluated.diagnostics.map((d) => d.message).join("; ")}`);
  let bytes = 0;
  const written = evaluated.write({ write: (chunk) => void (bytes += chunk.length) });
  if (!written.ok) throw new Error(`${p.shape} seed ${p.seed}: ${written.diagnostics.map((d) => d.message).join("; ")}`);
  const run = evaluated.value instanceof ProgramValue ? evaluated.value.run : undefined;
  if (run === undefined || bytes === 0) throw new Error("the run's meter is not reachable from its tree");
  const checks = run.meter.checks;
  return { checks, gap: p.work / Math.max(1, checks) };
}

for (const shape of COST_SHAPES) {
  test(`${shape}: at most ${MAX_WORK_PER_CHECK} units of work between two looks at the clock (${PER_SHAPE} programs, seed ${SEED})`, () => {
    const findings: string[] = [];
    let worst = 0;
    for (let i = 0; i < PER_SHAPE; i++) {
      const p = shapedProgram(shape, SEED + i);
      const { checks, gap } = measure(p);
      worst = Math.max(worst, gap);
      if (gap > MAX_WORK_PER_CHECK) findings.push(`seed ${p.seed}: ${p.work} units of work, ${checks} looks at the clock (${Math.round(gap)} per look)`);
    }
    console.log(`  ${shape}: largest work per look ${Math.round(worst)}`);
    assert.equal(findings, [], findings.join("\n"));
  });
}

test.run();
