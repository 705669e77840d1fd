#!/usr/bin/env node
// The cost fuzzer's long pass (issue #12; not part of CI): random programs
// built from the expensive constructs (test/fuzz/cost-program.ts) run one at
// a time in a worker capped at 512 MB of heap, under a 200 ms time limit and
// a 10^6 item limit. Prints the number of programs run, their outcomes
// (output or diagnostic code), runs past the allowed time (limit + 10 % +
// 250 ms; one over it is run again, and is a finding only if it is over it
// again: the machine may be shared), the worst overrun, crashes and runs that never answered, the peak
// heap of the worker and the peak RSS of the process, and the seed and
// source of every finding.
//
// Then the shaped programs (test/fuzz/cost-shapes.ts: deep scopes, wide
// objects, big ranges, shared values, preset copies, lazy snapshots; and
// bench/fuzz/attack-shapes.mjs: the attacker's round-3 variants), each
// one uniform loop whose work is known from its parameters: run without a
// time limit, they print per shape the work, the cost meter's looks at the
// clock and the largest work per look (the property test's bound is
// 2 x CHECK_EVERY); over that bound is a finding. Looks are counted by
// wrapping CostMeter.prototype.check (every look goes through it), so
// `--engine-dist DIR` measures another build's engine (A/B against the
// previous commit) with this build's generators.
//
//   npx tsc -p tsconfig.json && node bench/fuzz/cost.mjs [--seconds S] [--programs N] [--seed N] [--shapes N] [--engine-dist DIR] [--smoke]
//
// Uses the compiled helpers in dist/test/fuzz (so build first).
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const dist = new URL("../../dist/test/fuzz/", import.meta.url);
if (!existsSync(fileURLToPath(new URL("cost-program.js", dist)))) {
  console.error("bench/fuzz/cost: dist/test/fuzz is missing — run `npx tsc -p tsconfig.json` first");
  process.exit(2);
}
const { BoundedRunner, runChecked, allowedMs } = await import("../../dist/test/fuzz/bounded-runner.js");
const { costProgram, COST_FUZZ_LIMITS, COST_FUZZ_HEAP_MB, COST_FUZZ_FORMATS } = await import("../../dist/test/fuzz/cost-program.js");
const { COST_SHAPES, shapedProgram } = await import("../../dist/test/fuzz/cost-shapes.js");

const { values: args } = parseArgs({
  options: {
    seconds: { type: "string", default: "60" },
    programs: { type: "string" },
    seed: { type: "string" },
    shapes: { type: "string", default: "3" },
    "engine-dist": { type: "string" },
    smoke: { type: "boolean", default: false },
  },
});
if (args.smoke) Object.assign(args, { seconds: "2", programs: "3", shapes: "1" });
const deadline = Date.now() + Number(args.seconds) * 1000;
const maxPrograms = args.programs === undefined ? Infinity : Number(args.programs);
const baseSeed = args.seed === undefined ? Date.now() % 2 ** 31 : Number(args.seed);
const timeoutMs = COST_FUZZ_LIMITS.timeoutMs;

const runner = new BoundedRunner(COST_FUZZ_HEAP_MB);
const outcomes = new Map();
const findings = [];
let programs = 0;
let reruns = 0;
const slowOnce = [];
let worstFirstMs = 0;
let timedRuns = 0;
let worstOverrunMs = -Infinity;
let worstMs = 0;
let peakHeap = 0;
let peakRss = 0;

console.log(`cost fuzz: seed ${baseSeed}, limits ${JSON.stringify(COST_FUZZ_LIMITS)}, worker heap cap ${COST_FUZZ_HEAP_MB} MB, allowed ${allowedMs(timeoutMs)} ms per run`);
for (let i = 0; i < maxPrograms && Date.now() < deadline; i++) {
  const seed = baseSeed + i;
  const { source, files } = costProgram(seed);
  const format = COST_FUZZ_FORMATS[i % COST_FUZZ_FORMATS.length];
  const { answer, problems, reran, firstMs } = await runChecked(runner, { source, files, limits: COST_FUZZ_LIMITS, format }, 30_000);
  programs++;
  if (reran) {
    reruns++;
    slowOnce.push(`${seed} (-f ${format}, ${firstMs.toFixed(0)} ms)`);
    worstFirstMs = Math.max(worstFirstMs, firstMs);
  }
  const key = answer.kind === "done" ? (answer.outcome.ok ? "output" : answer.outcome.code ?? "?") : answer.kind;
  outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
  if (answer.kind === "done") {
    const o = answer.outcome;
    worstMs = Math.max(worstMs, o.ms);
    peakHeap = Math.max(peakHeap, o.peakHeap);
    if (o.code === "JSSON6005") {
      timedRuns++;
      worstOverrunMs = Math.max(worstOverrunMs, o.ms - timeoutMs);
    }
  }
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  if (problems.length > 0) findings.push({ seed, format, problems, source, files });
}
await runner.close();

const mb = (b) => `${Math.round(b / 2 ** 20)} MB`;
console.log(`programs run: ${programs}`);
console.log(`outcomes: ${[...outcomes].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(", ")}`);
console.log(`time-limit errors: ${timedRuns}; worst overrun past the ${timeoutMs} ms limit: ${timedRuns > 0 ? `${worstOverrunMs.toFixed(1)} ms` : "n/a"}; slowest run: ${worstMs.toFixed(1)} ms`);
console.log(`peak worker heap: ${mb(peakHeap)}; peak process RSS: ${mb(peakRss)}`);
console.log(`runs over the allowed time once, then run again: ${reruns}${reruns > 0 ? ` (slowest first attempt ${worstFirstMs.toFixed(1)} ms; seeds ${slowOnce.join(", ")})` : ""}`);
console.log(`findings: ${findings.length}`);
for (const f of findings) console.log(`\n--- seed ${f.seed} (-f ${f.format}): ${f.problems.join("; ")}\n${f.source}${Object.keys(f.files).length > 0 ? `files: ${JSON.stringify(f.files)}` : ""}`);

// ---- shaped programs: work between two looks at the clock ----
const CHECK_EVERY = 0x4000;
const MAX_WORK_PER_CHECK = 2 * CHECK_EVERY;
const engineDist = args["engine-dist"] === undefined ? new URL("../../dist/", import.meta.url) : new URL(`file://${args["engine-dist"].replace(/\/?$/, "/")}`);
const { createEngine } = await import(new URL("index.js", engineDist).href);
const engine = createEngine();
const perShape = Number(args.shapes);
const shapeFindings = [];
console.log(`\nshaped programs (${perShape} per shape, engine ${fileURLToPath(engineDist)}): work per look at the clock, bound ${MAX_WORK_PER_CHECK}`);
console.log("| shape | programs | work (units) | looks | largest work per look |");
console.log("| --- | ---: | ---: | ---: | ---: |");
const { CostMeter } = await import(new URL("core/values/cost-meter.js", engineDist).href);
const realCheck = CostMeter.prototype.check;
let calls = 0;
CostMeter.prototype.check = function (at) {
  calls++;
  return realCheck.call(this, at);
};
const { MemoryHost } = await import(new URL("index.js", engineDist).href);
const { ATTACK_SHAPES, attackProgram } = await import("./attack-shapes.mjs");
const allShapes = [...COST_SHAPES.map((shape) => ({ shape, make: (seed) => shapedProgram(shape, seed) })), ...ATTACK_SHAPES.map((shape) => ({ shape, make: (seed) => attackProgram(shape, seed) }))];
for (const { shape, make } of allShapes) {
  let work = 0;
  let looks = 0;
  let worst = 0;
  for (let i = 0; i < perShape; i++) {
    const p = make(baseSeed + i);
    calls = 0;
    const files = "files" in p ? p.files : undefined;
    const host = files === undefined ? undefined : new MemoryHost(files);
    const ev = engine.evaluate(p.source, { format: "json", ...(host === undefined ? {} : { host }), limits: { timeoutMs: 0, maxItems: 50_000_000, maxRangeItems: 10_000_000 } });
    const w = ev.ok ? ev.write({ write() {} }) : ev;
    if (!w.ok) throw new Error(`${shape} seed ${p.seed}: ${w.diagnostics.map((d) => d.message).join("; ")}`);
    work += p.work;
    looks += calls;
    const gap = p.work / Math.max(1, calls);
    worst = Math.max(worst, gap);
    if (gap > MAX_WORK_PER_CHECK) shapeFindings.push(`${shape} seed ${p.seed}: ${p.work} units, ${calls} looks`);
  }
  console.log(`| ${shape} | ${perShape} | ${work} | ${looks} | ${Math.round(worst)} |`);
}
CostMeter.prototype.check = realCheck;
console.log(`shape findings: ${shapeFindings.length}${shapeFindings.length > 0 ? "\n" + shapeFindings.join("\n") : ""}`);
process.exit(findings.length + shapeFindings.length > 0 ? 1 : 0);
