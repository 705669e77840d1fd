#!/usr/bin/env node
// What the language server's `:=` previews cost the evaluation thread
// (cli/lsp/declaration-previews.ts): for each workload, the median time of
// the evaluation proper (engine.evaluate, as a job runs it) and of the second
// run that finds the `:=` values (outline, probed text, evaluation, previews),
// in the same process, alternating. The second run comes after the job's
// diagnostics, so it delays no diagnostics; this is the thread time it takes.
// Usage: npx tsc -p tsconfig.json && node bench/lsp-declaration-previews.mjs [--rounds 7] [--smoke]
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createEngine, NodeFsHost } from "../dist/index.js";
import { declarationRequests } from "../dist/cli/lsp/declaration-ids.js";
import { declarationPreviews } from "../dist/cli/lsp/declaration-previews.js";
import { outlineDocument } from "../dist/cli/lsp/document-outline.js";
import { LSP_LIMITS } from "../dist/cli/lsp/lsp-limits.js";
import { scanTokens } from "../dist/cli/lsp/scan-tokens.js";
import { flag, smokeOr } from "./bench-args.mjs";

const rounds = Number(flag("rounds", smokeOr("1", "7")));
const files = ["workloads/w3.jsson", "../examples/compose-service/service.jsson"].map((f) => fileURLToPath(new URL(f, import.meta.url)));
const engine = createEngine();
const host = new NodeFsHost();
const signal = { aborted: false };
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

console.log("| workload | chars | `:=` asked | evaluation ms (median) | `:=` run ms (median) | previews |");
console.log("|---|---|---|---|---|---|");
for (const file of files) {
  const text = readFileSync(file, "utf8");
  const requests = declarationRequests(outlineDocument(text, scanTokens(text)), 20_000);
  const evaluation = [];
  const second = [];
  let made = 0;
  for (let i = 0; i < rounds; i++) {
    let t = performance.now();
    const r = engine.evaluate(text, { limits: LSP_LIMITS, host, signal, file });
    evaluation.push(performance.now() - t);
    if (!r.ok) throw new Error(`${file} does not evaluate`);
    t = performance.now();
    made = declarationPreviews(engine, host, text, file, requests, signal).length;
    second.push(performance.now() - t);
  }
  const name = file.slice(file.lastIndexOf("/") + 1);
  console.log(`| ${name} | ${text.length} | ${requests.length} | ${median(evaluation).toFixed(1)} | ${median(second).toFixed(1)} | ${made} |`);
}
