#!/usr/bin/env node
// Formatter speed (docs/formatting.md): formatSource on a workload, including
// the parse that checks it. Target: the 5,000-line w3 under 100 ms.
// Run `npx tsc -p tsconfig.json` first.
// Usage: node bench/fmt.mjs [workload=bench/workloads/w3.jsson] [reps=10]
import { readFileSync } from "node:fs";
import { formatSource } from "../dist/core/format/format-source.js";

const file = process.argv[2] ?? new URL("workloads/w3.jsson", import.meta.url).pathname;
const reps = Number(process.argv[3] ?? 10);
const source = readFileSync(file, "utf8");
const times = [];
let r;
for (let i = 0; i < reps; i++) {
  const t = performance.now();
  r = formatSource(source);
  times.push(performance.now() - t);
}
if (!r.ok) throw new Error(`refused: ${r.diagnostics[0]?.message}`);
times.sort((a, b) => a - b);
const lines = source.split("\n").length;
console.log(
  `${file}: ${lines} lines, ${source.length} chars; first ${times.length ? "" : ""}run ${times[times.length - 1].toFixed(1)} ms (slowest), ` +
    `median ${times[Math.floor(times.length / 2)].toFixed(1)} ms, fastest ${times[0].toFixed(1)} ms over ${reps} runs; output ${r.text.length} chars`,
);
