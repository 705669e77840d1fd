#!/usr/bin/env node
// The price of schema failure places (LANGUAGE.md §12.3), paid only by a
// check that failed: CPU time of a plain evaluation, of a traced one
// (every container's records), and of locateFailures
// (a traced evaluation plus the walk of each failure's path), on a workload.
// Usage: npm run build && node bench/schema-places.mjs [--workload w3] [--rounds 7] [--runs 20] [--smoke]
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { createEngine, toPlainData } from "jsson";
// not public API: the locating pass the CLI, the server and the language server use
import { locateFailures } from "../dist/core/provenance/locate-failures.js";
import { ValueTrace } from "../dist/core/provenance/value-trace.js";
import { tracingEvaluator } from "../dist/core/engine/internal.js";

const { values } = parseArgs({ options: { workload: { type: "string", default: "w3" }, rounds: { type: "string", default: "7" }, runs: { type: "string", default: "20" }, smoke: { type: "boolean", default: false } } });
if (values.smoke) Object.assign(values, { rounds: "1", runs: "1" });
const source = readFileSync(new URL(`workloads/${values.workload}.jsson`, import.meta.url), "utf8");
const engine = createEngine();
const rounds = Number(values.rounds);
const runs = Number(values.runs);

// A schema every number of the data fails (so every number is a failure to place, up to the report's cap).
const evaluated = engine.evaluate(source);
if (!evaluated.ok) throw new Error("workload does not evaluate");
const noNumbers = { type: ["object", "array", "string", "boolean", "null"], additionalProperties: { $ref: "#/$defs/v" }, items: { $ref: "#/$defs/v" } };
const verdict = engine.validate(toPlainData(evaluated.value), JSON.stringify({ $schema: "https://json-schema.org/draft/2020-12/schema", $defs: { v: noNumbers }, $ref: "#/$defs/v" }));
const failures = verdict.failures ?? [];

/** Median CPU milliseconds of `f` over `rounds` rounds of `runs` calls, after a warm-up. */
function cpuMs(f) {
  for (let i = 0; i < 3; i++) f();
  const per = [];
  for (let r = 0; r < rounds; r++) {
    const c = process.cpuUsage();
    for (let i = 0; i < runs; i++) f();
    const d = process.cpuUsage(c);
    per.push((d.user + d.system) / runs / 1000);
  }
  return per.sort((a, b) => a - b)[Math.floor(per.length / 2)];
}

const plain = cpuMs(() => engine.evaluate(source, { streamThreshold: Infinity }));
// tracing is the engine's own (core/engine/internal.ts), not a run option
const tracing = tracingEvaluator(engine);
const traced = cpuMs(() => tracing.evaluate(source, {}, new ValueTrace({ id: undefined, text: source })));
const located = cpuMs(() => locateFailures(tracing, source, {}, failures));
console.log(`workload ${values.workload} (${source.length} chars), ${failures.length} failures to place, median of ${rounds} × ${runs} runs (cpu ms/run)`);
console.log(`evaluate (eager)   ${plain.toFixed(2)}`);
console.log(`evaluate (traced)  ${traced.toFixed(2)}  (${((traced / plain - 1) * 100).toFixed(0)}% more)`);
console.log(`locateFailures     ${located.toFixed(2)}`);
