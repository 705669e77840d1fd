#!/usr/bin/env node
// CPU time per run of engine.check (parse), engine.evaluate (parse + evaluate) and
// engine.transpile (parse + evaluate + write, warnings placed) on a workload:
// 50 warm-up runs, then 200 timed ones (process.cpuUsage).
//   node bench/check-evaluate-cpu.mjs [workload-name-or-path] [dist/index.js of another build, for A/B] [--smoke]
import { readFileSync } from "node:fs";
const smoke = process.argv.includes("--smoke");
const args = process.argv.slice(2).filter((a) => a !== "--smoke");
const name = args[0] ?? "w3";
const path = name.includes("/") ? name : new URL(`workloads/${name}.jsson`, import.meta.url);
const { createEngine } = await import(args[1] ?? "jsson");
const src = readFileSync(path, "utf8");
const e = createEngine();
const [warm, timed] = smoke ? [2, 5] : [50, 200];
for (const { phase, run } of [{ phase: "check", run: () => e.check(src) }, { phase: "evaluate", run: () => e.evaluate(src) }, { phase: "transpile", run: () => e.transpile(src) }]) {
  for (let i = 0; i < warm; i++) run();
  const c0 = process.cpuUsage();
  for (let i = 0; i < timed; i++) run();
  const c = process.cpuUsage(c0);
  console.log(phase, ((c.user + c.system) / 1000 / timed).toFixed(2), "cpu-ms");
}
