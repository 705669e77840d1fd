#!/usr/bin/env node
// A/B of engine.evaluate on one workload, builds interleaved in one process so that the
// machine's drift (2 shared cores) falls on every build alike: each round runs a block of
// `--block` evaluations per build, in turn; the median cpu-ms per evaluation is reported.
// One heap for all builds: a build that leaves more garbage also slows the others' scavenges,
// so a retention bug shows smaller here than in a process of its own (check with --trace-gc).
//   node bench/ab-evaluate-cpu.mjs [--workload w3] [--rounds 30] [--block 20] name=path/dist/index.js ...
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";
const { values: opt, positionals } = parseArgs({
  options: { workload: { type: "string", default: "w3" }, rounds: { type: "string", default: "30" }, block: { type: "string", default: "20" } },
  allowPositionals: true,
});
const src = readFileSync(new URL(`workloads/${opt.workload}.jsson`, import.meta.url), "utf8");
const builds = [];
for (const p of positionals) {
  const [name, path] = p.split("=");
  const { createEngine } = await import(pathToFileURL(resolve(path)).href);
  builds.push({ name, engine: createEngine(), samples: [] });
}
const block = Number(opt.block);
for (const b of builds) for (let i = 0; i < 50; i++) b.engine.evaluate(src);
for (let r = 0; r < Number(opt.rounds); r++) {
  for (const b of builds) {
    const c0 = process.cpuUsage();
    for (let i = 0; i < block; i++) b.engine.evaluate(src);
    const c = process.cpuUsage(c0);
    b.samples.push((c.user + c.system) / 1000 / block);
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const first = median(builds[0].samples);
for (const b of builds) {
  const m = median(b.samples);
  console.log(`${b.name.padEnd(12)} ${m.toFixed(2)} cpu-ms/evaluate  ${((m / first - 1) * 100).toFixed(1).padStart(6)} %`);
}
