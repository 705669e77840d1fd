#!/usr/bin/env node
// The long fuzzing pass (not part of CI): the properties of test/fuzz run in
// rotation on fresh seeds until --cases cases (default 1,000,000) or
// --seconds seconds have run. Prints cases/s per property and every finding
// as a shrunk (minimal) counterexample with its error, deduplicated.
//
//   npm run build && node bench/fuzz/run.mjs [--cases N] [--seconds S] [--seed N] [--only NAME[,NAME]] [--batch N] [--smoke]
//
// Uses the compiled test helpers in dist/test/fuzz (so build first).
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const dist = new URL("../../dist/test/fuzz/", import.meta.url);
if (!existsSync(fileURLToPath(new URL("properties.js", dist)))) {
  console.error("bench/fuzz: dist/test/fuzz is missing — run `npm run build` first");
  process.exit(2);
}
const { default: fc } = await import("fast-check");
const { createEngine } = await import("jsson");
const { checkSourceEverywhere, checkRoundTrip, checkStreamedEqualsBuffered, FORMATS } = await import("../../dist/test/fuzz/properties.js");
const { anyTextArb, tokenSoupArb } = await import("../../dist/test/fuzz/text-arbitrary.js");
const { rootArb } = await import("../../dist/test/fuzz/data-arbitrary.js");
const { writeJsson } = await import("../../dist/test/fuzz/jsson-writer.js");
const { programArb } = await import("../../dist/test/fuzz/program-arbitrary.js");
const { mutateAll, mutationArb } = await import("../../dist/test/fuzz/mutation.js");
const { loadConformanceInputs } = await import("../../dist/test/fuzz/conformance-inputs.js");

const { values: args } = parseArgs({
  options: {
    cases: { type: "string", default: "1000000" },
    smoke: { type: "boolean", default: false },
    seconds: { type: "string" },
    seed: { type: "string" },
    only: { type: "string" },
    batch: { type: "string", default: "2000" },
  },
});
if (args.smoke) Object.assign(args, { cases: "40", batch: "10", seconds: "10" });
const totalCases = Number(args.cases);
const deadline = args.seconds === undefined ? Infinity : Date.now() + Number(args.seconds) * 1000;
const baseSeed = args.seed === undefined ? Date.now() % 2 ** 31 : Number(args.seed);
const batch = Number(args.batch);

const engine = createEngine();
const cases = loadConformanceInputs();
const byName = new Map(cases.map((c) => [c.name, c]));

/** name → [weight, property] */
const PROPERTIES = {
  "any-text": [2, fc.property(anyTextArb(), (t) => void checkSourceEverywhere(engine, t))],
  "token-soup": [3, fc.property(tokenSoupArb(40), (t) => void checkSourceEverywhere(engine, t))],
  "round-trip": [2, fc.property(rootArb(4), fc.integer(), (root, seed) => {
    const problem = checkRoundTrip(engine, root, seed);
    if (problem !== undefined) throw new Error(problem);
  })],
  "programs-read-back": [2, fc.property(programArb, (src) => void checkSourceEverywhere(engine, src, { expectSuccess: true }))],
  "data-read-back": [1, fc.property(rootArb(3), fc.integer(), (root, seed) => void checkSourceEverywhere(engine, writeJsson(root, seed), { expectSuccess: true }))],
  // Mutations start from the shared conformance inputs: without ../shared there is nothing to mutate.
  ...(cases.length === 0 ? {} : { "mutation": [3, fc.property(fc.constantFrom(...cases.map((c) => c.name)), fc.array(mutationArb, { minLength: 1, maxLength: 6 }), (name, ms) => {
    const c = /** @type {NonNullable<ReturnType<typeof byName.get>>} */ (byName.get(name));
    checkSourceEverywhere(engine, mutateAll(c.input, ms), { file: c.file, host: c.host, files: c.files });
  })] }),
  "streamed-equals-buffered": [1, fc.property(programArb, fc.constantFrom(...FORMATS), (src, f) => void checkStreamedEqualsBuffered(engine, src, f))],
};
const names = args.only ? args.only.split(",") : Object.keys(PROPERTIES);
for (const n of names) if (!(n in PROPERTIES)) {
  console.error(`unknown property ${n}; known: ${Object.keys(PROPERTIES).join(", ")}`);
  process.exit(2);
}
const rotation = names.flatMap((n) => Array(PROPERTIES[n][0]).fill(n));

const stats = new Map(names.map((n) => [n, { cases: 0, ms: 0 }]));
/** signature → { property, count, seed, path, counterexample, error } */
const findings = new Map();

function signature(message) {
  // The first line, without numbers and quoted text, identifies a kind of failure.
  return message.split("\n")[0].replace(/\([^()]*\)/g, "(…)").replace(/"(?:[^"\\]|\\.)*"/g, '"…"').replace(/'[^']*'/g, "'…'").replace(/\d+/g, "N").slice(0, 200);
}

console.log(`bench/fuzz: up to ${totalCases} cases${Number.isFinite(deadline) ? ` or ${args.seconds} s` : ""}, seed ${baseSeed}, properties ${names.join(", ")}`);
const started = Date.now();
let done = 0;
let lastReport = started;
for (let round = 0; done < totalCases && Date.now() < deadline; round++) {
  const name = rotation[round % rotation.length];
  const seed = (baseSeed + round * 7919) % 2 ** 31;
  const numRuns = Math.min(batch, totalCases - done);
  const t0 = Date.now();
  const remaining = deadline - t0;
  const result = /** @type {import("fast-check").RunDetails<unknown>} */ (/** @type {unknown} */ (fc.check(PROPERTIES[name][1], {
    seed,
    numRuns,
    includeErrorInReport: true,
    ...(Number.isFinite(remaining) ? { interruptAfterTimeLimit: Math.max(1, remaining) } : {}),
  })));
  const ran = result.numRuns + (result.failed ? 1 : 0);
  const s = /** @type {{ cases: number, ms: number }} */ (stats.get(name));
  s.cases += ran;
  s.ms += Date.now() - t0;
  done += ran;
  if (result.failed) {
    const error = result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
    const sig = `${name}: ${signature(error)}`;
    const known = findings.get(sig);
    if (known) known.count++;
    else {
      findings.set(sig, { property: name, count: 1, seed, path: result.counterexamplePath, counterexample: fc.stringify(result.counterexample), error });
      console.log(`\nFINDING (${name}, seed ${seed}, path ${result.counterexamplePath}):\n  counterexample: ${fc.stringify(result.counterexample).slice(0, 1000)}\n  ${error.split("\n").slice(0, 6).join("\n  ")}`);
    }
  }
  if (Date.now() - lastReport > 10_000) {
    lastReport = Date.now();
    const secs = (lastReport - started) / 1000;
    console.log(`  … ${done} cases in ${secs.toFixed(0)} s (${(done / secs).toFixed(0)} cases/s), ${findings.size} findings`);
  }
}

const secs = (Date.now() - started) / 1000;
console.log(`\n${done} cases in ${secs.toFixed(1)} s: ${(done / secs).toFixed(0)} cases/s`);
for (const [n, s] of stats) if (s.cases > 0) console.log(`  ${n.padEnd(26)} ${String(s.cases).padStart(9)} cases  ${(s.cases / (s.ms / 1000 || 1)).toFixed(0).padStart(6)} cases/s`);
console.log(`\n${findings.size} finding(s)${findings.size ? ":" : ""}`);
for (const [sig, f] of findings) {
  console.log(`\n- ${sig}  (${f.count}×; reproduce: seed ${f.seed}, path ${f.path})\n  counterexample: ${f.counterexample.slice(0, 2000)}\n  ${f.error.split("\n").slice(0, 8).join("\n  ")}`);
}
process.exit(findings.size > 0 ? 1 : 0);
