#!/usr/bin/env node
// Parse speed of the concrete syntax tree (core/syntax/tree-builder.ts) against
// the parser that builds the AST (core/syntax/parser.ts), on one workload
// (default W3). Three phases, interleaved run by run so that load from other
// processes falls on all alike: `parse` (parseProgram, today's front end),
// `tree` (buildSyntaxTree alone: lossless tokens and the tree, no errors
// to place) and `parseTree` (what the formatter calls: the parse for the
// errors, then the tree). Medians of this process's CPU time per run (user +
// system) and of wall time. With `--base DIR` (a checkout built with tsc,
// e.g. main in a scratch folder), a fourth phase `tree (base)` runs that
// build's builder in the same loop: an A/B of the builder. A fifth phase,
// `edit`, is the editor's tree of the text after a one-character edit in
// the middle, rebuilt from the tree before it (core/syntax/incremental-tree.ts;
// the edit alternates between inserting and removing the character).
// Run `npx tsc -p tsconfig.json` first.
//   node bench/syntax-tree.mjs [--runs 200] [--warmup 50] [--workload w3] [--base DIR] [--smoke]
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { parseProgram } from "../dist/core/syntax/parser.js";
import { buildSyntaxTree, parseTree } from "../dist/core/syntax/tree-builder.js";
import { editableTree, editedTree } from "../dist/core/syntax/incremental-tree.js";
import { DEFAULT_LIMITS } from "../dist/core/values/limits.js";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "200" },
    warmup: { type: "string", default: "50" },
    workload: { type: "string", default: "w3" },
    base: { type: "string" },
    smoke: { type: "boolean", default: false },
  },
});
const runs = values.smoke ? 3 : Number(values.runs);
const warmup = values.smoke ? 1 : Number(values.warmup);
const source = readFileSync(new URL(`workloads/${values.workload}.jsson`, import.meta.url), "utf8");
const limits = { maxDepth: DEFAULT_LIMITS.maxDepth, maxSourceLength: DEFAULT_LIMITS.maxSourceLength };

const middle = Math.floor(source.length / 2);
const edited = source.slice(0, middle) + "x" + source.slice(middle);
let editable = editableTree(source);

/** @type {Record<string, () => unknown>} */
const phases = {
  parse: () => parseProgram(source, limits),
  tree: () => buildSyntaxTree(source, []),
  parseTree: () => parseTree(source, limits),
};
if (values.base !== undefined) {
  const base = await import(pathToFileURL(`${values.base}/dist/core/syntax/tree-builder.js`).href);
  phases["tree (base)"] = () => base.buildSyntaxTree(source, []);
}
phases.edit = () => (editable = editedTree(editable, editable.text === source ? edited : source));
/** @type {Record<string, { cpu: number[]; wall: number[] }>} */
const times = {};
for (const name of Object.keys(phases)) times[name] = { cpu: [], wall: [] };

for (let i = 0; i < warmup + runs; i++) {
  for (const [name, run] of Object.entries(phases)) {
    const cpu0 = process.cpuUsage();
    const wall0 = performance.now();
    run();
    const wall = performance.now() - wall0;
    const cpu = process.cpuUsage(cpu0);
    if (i >= warmup) {
      const t = /** @type {{ cpu: number[]; wall: number[] }} */ (times[name]);
      t.cpu.push((cpu.user + cpu.system) / 1000);
      t.wall.push(wall);
    }
  }
}

/** @param {number[]} xs */
function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
}

const base = median(times.parse?.cpu ?? []);
console.log(`${values.workload}: ${source.length} chars, ${source.split("\n").length} lines; ${runs} runs after ${warmup} warm-up runs, interleaved`);
console.log("phase       | CPU median ms | wall median ms | CPU vs parse");
for (const [name, t] of Object.entries(times)) {
  const cpu = median(t.cpu);
  console.log(`${name.padEnd(11)} | ${cpu.toFixed(2).padStart(13)} | ${median(t.wall).toFixed(2).padStart(14)} | ${((cpu / base) * 100).toFixed(0).padStart(10)} %`);
}
