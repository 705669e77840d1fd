#!/usr/bin/env node
// Formatter speed (docs/formatting.md): formatSource on a workload, including
// the parse that checks it. Target: the 5,000-line w3 under 100 ms. The
// first run includes compiling the parser and the formatter (a one-file
// `jsson fmt` pays it once); later runs are what an editor sees.
// Run `npx tsc -p tsconfig.json` first.
// Usage: node bench/fmt.mjs [workload=bench/workloads/w3.jsson] [reps=10] [--smoke]
import { readFileSync } from "node:fs";
import { formatSource } from "../dist/core/format/format-source.js";
import { ARGS, smokeOr } from "./bench-args.mjs";

const file = ARGS[0] ?? new URL("workloads/w3.jsson", import.meta.url).pathname;
const reps = Number(ARGS[1] ?? smokeOr(1, 10));
const source = readFileSync(file, "utf8");
const times = [];
/** @type {import("../dist/core/format/format-source.js").FormatResult | undefined} */
let r;
for (let i = 0; i < reps; i++) {
  const t = performance.now();
  r = formatSource(source);
  times.push(performance.now() - t);
}
if (r === undefined) throw new Error("no runs (reps must be at least 1)");
if (!r.ok) throw new Error(`refused: ${r.diagnostics[0]?.message}`);
const formatted = r.text;
const first = times[0];
times.sort((a, b) => a - b);
const lines = source.split("\n").length;
console.log(
  `${file}: ${lines} lines, ${source.length} chars; first run (cold: the parser and formatter not yet compiled) ${first.toFixed(1)} ms; ` +
    `then median ${times[Math.floor(times.length / 2)].toFixed(1)} ms, fastest ${times[0].toFixed(1)} ms over ${reps} runs; output ${formatted.length} chars`,
);
