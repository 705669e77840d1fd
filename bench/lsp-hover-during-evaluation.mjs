#!/usr/bin/env node
// Hover latency in `jsson lsp` while bench/workloads/w3.jsson evaluates:
// a real server process spoken to over stdio (vscode-jsonrpc). Each round
// starts a fresh server, opens W3 (its evaluation starts at once) and sends
// hovers one after another until W3's diagnostics arrive; then edits the
// text and does the same while the edited text evaluates (a warm engine).
// Reported per phase: the hovers answered before the diagnostics, and the
// median and slowest of their latencies (over all rounds), and the time to
// the diagnostics. Works against any build (no server-specific requests),
// so it A/Bs against an older commit built in a scratch folder:
// Usage: npx tsc -p tsconfig.json && node bench/lsp-hover-during-evaluation.mjs [--rounds 5] [--root DIR] [--smoke]
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from "vscode-jsonrpc/node";
import { flag, smokeOr } from "./bench-args.mjs";

const rounds = Number(flag("rounds", smokeOr("1", "5")));
const root = flag("root", fileURLToPath(new URL("..", import.meta.url)));
const file = fileURLToPath(new URL("workloads/w3.jsson", import.meta.url));
const text = readFileSync(file, "utf8");
const uri = pathToFileURL(file).href;
// `port = basePort + 0`, on `basePort`
const position = { line: 12, character: 10 };

/** Hovers one after another until `done` settles: the latency in ms of each one sent before. */
async function hoversUntil(c, done) {
  let over = false;
  done.then(() => (over = true));
  const latencies = [];
  while (!over) {
    const t0 = performance.now();
    await c.sendRequest("textDocument/hover", { textDocument: { uri }, position });
    latencies.push(performance.now() - t0); // sent before the diagnostics came: a hover held behind the evaluation counts
  }
  return latencies;
}

async function round() {
  const child = spawn(process.execPath, [`${root}/bin/jsson.js`, "lsp"], { stdio: ["pipe", "pipe", "inherit"] });
  const c = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  let next;
  c.onNotification("textDocument/publishDiagnostics", (p) => {
    if (p.uri === uri) next?.(p.diagnostics);
  });
  const diagnostics = () => new Promise((resolve) => (next = resolve));
  c.listen();
  await c.sendRequest("initialize", { processId: process.pid, rootUri: null, capabilities: {} });
  await c.sendNotification("initialized", {});
  const phases = {};
  const steps = [
    { phase: "open", send: () => c.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: "jsson", version: 1, text } }) },
    { phase: "edit", send: () => c.sendNotification("textDocument/didChange", { textDocument: { uri, version: 2 }, contentChanges: [{ text: text + "edited = 1\n" }] }) },
  ];
  for (const { phase, send } of steps) {
    const published = diagnostics();
    const t0 = performance.now();
    await send();
    const latencies = await hoversUntil(c, published);
    await published;
    phases[phase] = { latencies, diagnosticsMs: performance.now() - t0 };
  }
  await c.sendRequest("shutdown");
  await c.sendNotification("exit");
  await new Promise((r) => child.on("exit", r));
  c.dispose();
  return phases;
}

const results = [];
for (let r = 0; r < rounds; r++) results.push(await round());
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
console.log(`w3.jsson: ${text.split("\n").length} lines; ${rounds} fresh servers; server from ${root}`);
for (const phase of ["open", "edit"]) {
  const all = results.flatMap((x) => x[phase].latencies);
  const counts = results.map((x) => x[phase].latencies.length);
  console.log(
    `${phase}: hovers answered before the diagnostics per round ${counts.join(", ")}; latency median ${median(all).toFixed(1)} ms, slowest ${(all.length === 0 ? NaN : Math.max(...all)).toFixed(1)} ms; diagnostics after median ${median(results.map((x) => x[phase].diagnosticsMs)).toFixed(0)} ms`,
  );
}
