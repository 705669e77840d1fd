#!/usr/bin/env node
// Parse speed of the concrete syntax tree against the parse that builds only
// the AST, on one workload (default W3). Both are the one parser
// (core/syntax/parser.ts); the tree comes out of it when a TreeBuilder is
// given (core/syntax/tree-builder.ts). Phases, interleaved run by run so
// that load from other processes falls on all alike: `parse`
// (parseProgram, what evaluation calls: no tree), `parseTree` (what the
// formatter calls: the parse with its tree and errors), `editorTree`
// (documentTree, the language server's tree of a text from scratch) and
// `edit` (the editor's tree of the text after a one-character edit in the
// middle, rebuilt from the tree before it, core/syntax/incremental-tree.ts;
// the edit alternates between inserting and removing the character).
// Each run starts at the next phase (rotating). Medians of this process's CPU time per run (user + system) and of wall
// time. With `--base DIR` (a checkout built with tsc, e.g. the previous
// commit in a scratch folder), `parse (base)` and `parseTree (base)` run
// that build's functions in the same loop: an A/B (and `editorTree (base)`
// where that build had a separate tree builder).
// Run `npx tsc -p tsconfig.json` first.
//   node bench/syntax-tree.mjs [--runs 200] [--warmup 50] [--workload w3] [--base DIR] [--smoke]
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { parseProgram } from "../dist/core/syntax/parser.js";
import { documentTree, parseTree } from "../dist/core/syntax/parse-tree.js";
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
  parseTree: () => parseTree(source, limits),
  editorTree: () => documentTree(source),
};
if (values.base !== undefined) {
  const syntax = `${values.base}/dist/core/syntax`;
  const parser = await import(pathToFileURL(`${syntax}/parser.js`).href);
  phases["parse (base)"] = () => parser.parseProgram(source, limits);
  // parseTree lived in tree-builder.js before the parser built the tree
  const trees = await import(pathToFileURL(`${syntax}/parse-tree.js`).href).catch(() => import(pathToFileURL(`${syntax}/tree-builder.js`).href));
  phases["parseTree (base)"] = () => trees.parseTree(source, limits);
  // the editor's tree before: a second pass over the lexer's tokens, not the parser
  if (trees.buildSyntaxTree !== undefined) phases["editorTree (base)"] = () => trees.buildSyntaxTree(source, []);
}
phases.edit = () => (editable = editedTree(editable, editable.text === source ? edited : source));
/** @type {Record<string, { cpu: number[]; wall: number[] }>} */
const times = {};
for (const name of Object.keys(phases)) times[name] = { cpu: [], wall: [] };

const order = Object.entries(phases);
for (let i = 0; i < warmup + runs; i++) {
  // each run starts at another phase: none always runs right after the same one (a collection it left behind)
  for (let k = 0; k < order.length; k++) {
    const [name, run] = /** @type {[string, () => unknown]} */ (order[(i + k) % order.length]);
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
console.log("phase            | CPU median ms | wall median ms | CPU vs parse");
for (const [name, t] of Object.entries(times)) {
  const cpu = median(t.cpu);
  console.log(`${name.padEnd(16)} | ${cpu.toFixed(2).padStart(13)} | ${median(t.wall).toFixed(2).padStart(14)} | ${((cpu / base) * 100).toFixed(0).padStart(10)} %`);
}
