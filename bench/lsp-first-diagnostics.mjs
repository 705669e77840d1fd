#!/usr/bin/env node
// Time to first diagnostics in `jsson lsp` for bench/workloads/w3.jsson:
// from the didOpen notification to the publishDiagnostics for it, with a
// real server process spoken to over stdio (vscode-jsonrpc), after
// initialize. Each round starts a fresh server (cold engine), so the number
// includes nothing cached from an earlier round. Also times the first
// semantic tokens and document symbols responses on the same document.
// Usage: npx tsc -p tsconfig.json && node bench/lsp-first-diagnostics.mjs [--rounds 5] [--smoke]
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from "vscode-jsonrpc/node";
import { flag, smokeOr } from "./bench-args.mjs";

const rounds = Number(flag("rounds", smokeOr("1", "5")));
const root = fileURLToPath(new URL("..", import.meta.url));
const file = fileURLToPath(new URL("workloads/w3.jsson", import.meta.url));
const text = readFileSync(file, "utf8");
const uri = pathToFileURL(file).href;

async function round() {
  const child = spawn(process.execPath, [`${root}bin/jsson.js`, "lsp"], { stdio: ["pipe", "pipe", "inherit"] });
  const c = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  let got;
  const diagnostics = new Promise((resolve) => (got = resolve));
  c.onNotification("textDocument/publishDiagnostics", (p) => {
    if (p.uri === uri) got(p.diagnostics);
  });
  c.listen();
  await c.sendRequest("initialize", { processId: process.pid, rootUri: pathToFileURL(root).href, capabilities: {} });
  await c.sendNotification("initialized", {});
  const t0 = performance.now();
  await c.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: "jsson", version: 1, text } });
  const d = await diagnostics;
  const first = performance.now() - t0;
  const t1 = performance.now();
  await c.sendRequest("textDocument/semanticTokens/full", { textDocument: { uri } });
  const tokens = performance.now() - t1;
  const t2 = performance.now();
  await c.sendRequest("textDocument/documentSymbol", { textDocument: { uri } });
  const symbols = performance.now() - t2;
  await c.sendRequest("shutdown");
  await c.sendNotification("exit");
  await new Promise((r) => child.on("exit", r));
  c.dispose();
  // w3 has warnings (W1: `api` one edit from the key `app`), never an error
  const errors = d.filter((x) => x.severity === 1);
  if (errors.length !== 0) throw new Error(`w3 should have no errors, got ${JSON.stringify(errors[0])}`);
  return { first, tokens, symbols };
}

const results = [];
for (let r = 0; r < rounds; r++) results.push(await round());
const median = (k) => results.map((x) => x[k]).sort((a, b) => a - b)[Math.floor(results.length / 2)];
const fmt = (k) => `median ${median(k).toFixed(1)} ms, fastest ${Math.min(...results.map((x) => x[k])).toFixed(1)} ms`;
console.log(`w3.jsson: ${text.split("\n").length} lines, ${text.length} characters; ${rounds} fresh servers`);
console.log(`first diagnostics (didOpen → publishDiagnostics): ${fmt("first")}`);
console.log(`then semantic tokens (full): ${fmt("tokens")}`);
console.log(`then document symbols: ${fmt("symbols")}`);
