/**
 * The cost fuzzer's short deterministic pass (issue #12): random programs
 * built from the expensive constructs (cost-program.ts) run under a tight
 * time limit (on a counted clock: bounded-run-worker.ts) and item limit, in
 * a worker whose heap is capped; every run must end with output or a
 * well-formed `Line <n>:` diagnostic, without an exception or a crash, and a
 * run stopped by its time limit must stop at its first look at the clock
 * past the deadline. The long pass, on the wall clock, is
 * `node bench/fuzz/cost.mjs --seconds N`.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { BoundedRunner, runChecked } from "./bounded-runner.js";
import { COST_FUZZ_FORMATS, COST_FUZZ_HEAP_MB, COST_FUZZ_LIMITS, costProgram } from "./cost-program.js";
import { SCALE, SEED } from "./fuzz-settings.js";

const PROGRAMS = Math.max(1, Math.round(40 * SCALE));

test(`cost fuzz: ${PROGRAMS} programs end within their limits (seed ${SEED})`, async () => {
  const runner = new BoundedRunner(COST_FUZZ_HEAP_MB);
  const findings: string[] = [];
  const outcomes = new Map<string, number>();
  try {
    for (let i = 0; i < PROGRAMS; i++) {
      const seed = SEED + i;
      const { source, files } = costProgram(seed);
      const format = COST_FUZZ_FORMATS[i % COST_FUZZ_FORMATS.length] as string;
      const { answer, problems } = await runChecked(runner, { source, files, limits: COST_FUZZ_LIMITS, format, countedClock: true }, 30_000);
      if (problems.length > 0) findings.push(`seed ${seed} (-f ${format}): ${problems.join("; ")}\n${source}`);
      const key = answer.kind === "done" ? (answer.outcome.ok ? "output" : (answer.outcome.code ?? "?")) : answer.kind;
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
    }
  } finally {
    await runner.close();
  }
  console.log(`  cost fuzz outcomes: ${[...outcomes].map(([k, n]) => `${k} ${n}`).join(", ")}`);
  assert.equal(findings, [], findings.join("\n\n"));
});

test.run();
