#!/usr/bin/env node
// Which warnings (LANGUAGE.md §16.5) fire over a corpus, and whether any output
// changed: every conformance input, every examples/ file and every reference
// example, run with warnings collected; outputs compared with the expected files
// (conformance, reference examples) — collecting warnings must change no byte.
//   node bench/warnings-survey.mjs [--shared ../shared] [--list] [--smoke: the same run, it is small]
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const { values } = parseArgs({ options: { shared: { type: "string", default: join(root, "..", "shared") }, list: { type: "boolean", default: false }, smoke: { type: "boolean", default: false } } });
const { createEngine, NodeFsHost } = await import("jsson");
const { diagnosticMessage } = await import("../dist/core/diagnostics/diagnostic.js");
const engine = createEngine();
const shared = resolve(values.shared);

/** counts[corpus][code] */
const counts = {};
const listed = [];
let changed = 0;
let compared = 0;

/** Conformance outputs are compared byte for byte; a reference example's expected JSON (the reference's layout, keys sorted by its Go maps) as data. */
const sorted = (v) => (Array.isArray(v) ? v.map(sorted) : v !== null && typeof v === "object" ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted(v[k])])) : v);
const asData = (text) => JSON.stringify(sorted(JSON.parse(text)));
const same = (corpus, a, b) => (corpus === "reference" ? asData(a) === asData(b) : a === b);

function run(corpus, file, text, options, expected) {
  const r = engine.transpile(text, { file, host: new NodeFsHost(), ...options });
  const warnings = r.warnings ?? [];
  counts[corpus] ??= { files: 0 };
  counts[corpus].files++;
  for (const w of warnings) {
    counts[corpus][w.code] = (counts[corpus][w.code] ?? 0) + 1;
    listed.push(`${corpus} ${file.slice(file.lastIndexOf("/", file.lastIndexOf("/") - 1) + 1)}:${w.line}:${w.column} ${w.code} ${diagnosticMessage(w)}`);
  }
  if (expected !== undefined && r.ok) {
    compared++;
    if (!same(corpus, r.output, expected)) {
      changed++;
      console.log(`CHANGED: ${file}`);
    }
  }
}

const conformance = join(shared, "conformance");
if (existsSync(conformance))
  for (const name of readdirSync(conformance).sort()) {
    const dir = join(conformance, name);
    if (!existsSync(join(dir, "input.jsson"))) continue;
    const o = existsSync(join(dir, "options.json")) ? JSON.parse(readFileSync(join(dir, "options.json"), "utf8")) : {};
    const format = o.format ?? "json";
    const exp = { json: "expected.json", yaml: "expected.yaml", toml: "expected.toml", ts: "expected.ts", typescript: "expected.ts" }[format];
    const expected = exp !== undefined && existsSync(join(dir, exp)) ? readFileSync(join(dir, exp), "utf8") : undefined;
    run("conformance", join(dir, "input.jsson"), readFileSync(join(dir, "input.jsson"), "utf8"), { format, ...(o.include_merge ? { includeMerge: o.include_merge } : {}) }, expected);
  }
for (const name of readdirSync(join(root, "examples")).filter((f) => f.endsWith(".jsson")).sort()) {
  const file = join(root, "examples", name);
  run("examples", file, readFileSync(file, "utf8"), {}, undefined);
}
const reference = join(shared, "reference-examples");
if (existsSync(reference))
  for (const name of readdirSync(reference).filter((f) => f.endsWith(".jsson")).sort()) {
    const file = join(reference, name);
    const exp = join(reference, name.replace(/\.jsson$/, ".expected.json"));
    run("reference", file, readFileSync(file, "utf8"), {}, existsSync(exp) ? readFileSync(exp, "utf8") : undefined);
  }

if (values.list) for (const l of listed) console.log(l);
const codes = ["JSSON8001", "JSSON8002", "JSSON8003", "JSSON8004", "JSSON8005", "JSSON8006"];
console.log(`| corpus | files | ${codes.join(" | ")} |`);
console.log(`|---|---:|${codes.map(() => "---:").join("|")}|`);
for (const [corpus, c] of Object.entries(counts)) console.log(`| ${corpus} | ${c.files} | ${codes.map((k) => c[k] ?? 0).join(" | ")} |`);
console.log(`outputs compared with the expected files: ${compared}, changed: ${changed}`);
