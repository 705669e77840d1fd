#!/usr/bin/env node
// CPU time per run of engine.check (parse) and engine.evaluate (parse + evaluate)
// on a workload: 50 warm-up runs, then 200 timed ones (process.cpuUsage).
//   node bench/check-evaluate-cpu.mjs [workload-name-or-path] [dist/index.js of another build, for A/B]
import { readFileSync } from "node:fs";
const name = process.argv[2] ?? "w3";
const path = name.includes("/") ? name : new URL(`workloads/${name}.jsson`, import.meta.url);
const { createEngine } = await import(process.argv[3] ?? "jsson");
const src = readFileSync(path, "utf8");
const e = createEngine();
for (const [phase, run] of [["check", () => e.check(src)], ["evaluate", () => e.evaluate(src)]]) {
  for (let i = 0; i < 50; i++) run();
  const c0 = process.cpuUsage();
  for (let i = 0; i < 200; i++) run();
  const c = process.cpuUsage(c0);
  console.log(phase, ((c.user + c.system) / 1000 / 200).toFixed(2), "cpu-ms");
}
