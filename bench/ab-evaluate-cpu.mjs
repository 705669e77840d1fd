#!/usr/bin/env node
// A/B of engine.evaluate (or, with --phase, engine.transpile or engine.check) on one workload, builds interleaved in one process so that the
// machine's drift (2 shared cores) falls on every build alike: each round runs a block of
// `--block` evaluations per build, in turn; the median cpu-ms per evaluation is reported.
// One heap for all builds: a build that leaves more garbage also slows the others' scavenges,
// so a retention bug shows smaller here than in a process of its own (check with --trace-gc).
//   node bench/ab-evaluate-cpu.mjs [--workload w3] [--phase evaluate|transpile|check] [--rounds 30] [--block 20] [--smoke] name=path/dist/index.js ...
// (no build named: this checkout's dist/index.js alone)
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";
const { values: opt, positionals } = parseArgs({
  options: { workload: { type: "string", default: "w3" }, phase: { type: "string", default: "evaluate" }, rounds: { type: "string", default: "30" }, block: { type: "string", default: "20" }, smoke: { type: "boolean", default: false } },
  allowPositionals: true,
});
const src = readFileSync(new URL(`workloads/${opt.workload}.jsson`, import.meta.url), "utf8");
/** @type {{ name: string, engine: any, samples: number[] }[]} */
const builds = [];
for (const p of positionals.length > 0 ? positionals : [`this=${new URL("../dist/index.js", import.meta.url).pathname}`]) {
  const [name, path] = p.split("=");
  const { createEngine } = await import(pathToFileURL(resolve(path)).href);
  builds.push({ name, engine: createEngine(), samples: [] });
}
/** @type {Record<string, (engine: any) => unknown>} */
const phases = { evaluate: (engine) => engine.evaluate(src), transpile: (engine) => engine.transpile(src), check: (engine) => engine.check(src) };
const run = phases[opt.phase];
if (run === undefined) throw new Error(`--phase: one of ${Object.keys(phases).join(", ")}, not ${opt.phase}`);
const block = opt.smoke ? 2 : Number(opt.block);
const rounds = opt.smoke ? 2 : Number(opt.rounds);
for (const b of builds) for (let i = 0; i < (opt.smoke ? 2 : 50); i++) run(b.engine);
for (let r = 0; r < rounds; r++) {
  for (const b of builds) {
    const c0 = process.cpuUsage();
    for (let i = 0; i < block; i++) run(b.engine);
    const c = process.cpuUsage(c0);
    b.samples.push((c.user + c.system) / 1000 / block);
  }
}
/** @param {number[]} xs */
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const first = median(builds[0].samples);
for (const b of builds) {
  const m = median(b.samples);
  console.log(`${b.name.padEnd(12)} ${m.toFixed(2)} cpu-ms/${opt.phase}  ${((m / first - 1) * 100).toFixed(1).padStart(6)} %`);
}
