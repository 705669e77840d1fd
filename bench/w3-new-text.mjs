#!/usr/bin/env node
// W3 with a new text every run (issue #18): the worker's whole /transpile job
// (parse, evaluate, JSON emission, response body) on bench/workloads/w3.jsson,
// with one number of the text changed each run (as bench/http-ab.sh's w3-new sends it).
// Prints the median and mean job time in one warm process, and a per-phase
// split (parse alone, evaluation = evaluate − parse, emission and the rest =
// job − evaluate), each a median over its own runs. Times are this process's
// CPU time (user + system) per run: on a shared machine, time other
// processes take stretches wall time but is not ours (wall medians are shown
// beside them).
// --phase job|parse|evaluate runs that phase only (for a profile: node --cpu-prof).
//   node bench/w3-new-text.mjs [--runs 400] [--warmup 100] [--workload w3] [--phase P] [--smoke]
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "400" },
    warmup: { type: "string", default: "100" },
    workload: { type: "string", default: "w3" },
    smoke: { type: "boolean", default: false },
    phase: { type: "string" },
  },
});
const { createEngine, MemoryHost } = await import("jsson");
const { resolveLimits } = await import("../dist/core/values/resolve-limits.js");
const { runTranspile } = await import("../dist/cli/serve/run/jobs/run-transpile.js");
const { parseProgram } = await import("../dist/core/syntax/parser.js");

const template = readFileSync(new URL(`workloads/${values.workload}.jsson`, import.meta.url), "utf8");
// The first integer of the text is the one that varies (in w3: `basePort := 8000`).
const firstInt = /\d+/.exec(template);
if (!firstInt) throw new Error("the workload has no integer to vary");
const head = template.slice(0, firstInt.index);
const tail = template.slice(firstInt.index + firstInt[0].length);
let serial = 0;
/** A new text, as a worker receives one (built by concatenation, then flattened by a Buffer round trip as a request body is). */
const newText = () => Buffer.from(head + String(1000 + (serial++ % 50000)) + tail, "utf8").toString("utf8");

const engine = createEngine();
const limits = resolveLimits({ timeoutMs: 10_000, maxOutputBytes: 64 * 1024 * 1024 });
const never = { aborted: false };

/** @param {string} source */
function job(source) {
  /** @type {string | undefined} */
  let body;
  runTranspile(
    { kind: "transpile", source, format: "json", files: [], streaming: false, streamThreshold: 10000, includeMerge: "error" },
    {
      engine, limits, signal: never, hostFor: (files) => new MemoryHost(new Map(files)),
      channel: { body: (/** @type {string} */ t) => (body = t), streamStart() {}, chunk() {}, streamEnd() {}, streamAbort() {} },
      streamChunkSize: 16384, streamWindow: 1 << 20,
    },
  );
  if (!body || !body.startsWith('{"success":true')) throw new Error("job failed: " + body?.slice(0, 200));
}
const phases = {
  job,
  parse: (source) => {
    if (!parseProgram(source, { maxDepth: limits.maxDepth, maxSourceLength: limits.maxSourceLength }).program) throw new Error("parse failed");
  },
  evaluate: (source) => {
    if (!engine.evaluate(source).ok) throw new Error("evaluation failed");
  },
};

const runs = values.smoke ? 5 : Number(values.runs);
const warmup = values.smoke ? 2 : Number(values.warmup);
const times = { job: [], parse: [], evaluate: [] };
const walls = { job: [], parse: [], evaluate: [] };
for (let i = 0; i < warmup + runs; i++) {
  // Interleaved, so drift in the machine's speed touches every phase alike.
  for (const [name, run] of Object.entries(phases)) {
    if (values.phase !== undefined && values.phase !== name) continue;
    const source = newText();
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    run(source);
    const t = performance.now() - t0;
    const c = process.cpuUsage(c0);
    if (i >= warmup) {
      times[name].push((c.user + c.system) / 1000);
      walls[name].push(t);
    }
  }
}
if (values.phase !== undefined) {
  const xs = times[values.phase] ?? [];
  const median = (ys) => [...ys].sort((a, b) => a - b)[Math.floor(ys.length / 2)]?.toFixed(3);
  console.log(`${values.phase} median ${median(xs)} cpu-ms (wall ${median(walls[values.phase] ?? [])} ms) over ${xs.length} runs`);
  process.exit(0);
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const f = (x) => x.toFixed(3);
const [mj, mp, me] = [median(times.job), median(times.parse), median(times.evaluate)];
console.log(`${values.workload} (${template.length} chars), a new text each run, ${runs} runs after ${warmup} warm-up`);
console.log(`job       median ${f(mj)} cpu-ms  mean ${f(mean(times.job))} (the mean includes garbage collection)  wall median ${f(median(walls.job))} ms`);
console.log(`parse     median ${f(mp)} cpu-ms`);
console.log(`evaluate  median ${f(me - mp)} cpu-ms (evaluate ${f(me)} − parse)`);
console.log(`emit+rest median ${f(mj - me)} cpu-ms (job − evaluate)`);
