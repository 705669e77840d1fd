#!/usr/bin/env node
// Hover and completion latency in `jsson lsp` while bench/workloads/w3.jsson
// evaluates: a real server process spoken to over stdio (vscode-jsonrpc).
// Each round starts a fresh server, opens W3 (its evaluation starts at
// once), waits `--open-wait` ms (default 0), sends the first hover, then the
// first completion (each: latency, and the CPU time of the server's main
// thread while it was answered, from /proc/PID/task/PID/schedstat on Linux),
// and then hovers one after another until W3's diagnostics arrive; then edits the
// text and does the same while the edited text evaluates (a warm engine).
// Reported per phase: the hovers answered before the diagnostics, and the
// median and slowest of their latencies (over all rounds), and the time to
// the diagnostics. Then a typist's stream: `--edits` one-character edits
// (incremental sync, a new key typed into svc100's body) at one per 10 ms,
// a hover after each (on svc0's `basePort`, an item the edits do not
// touch) and a completion at the typing place after every 5th; reported:
// the hovers' and completions' median, 95th percentile and slowest, the
// main thread's CPU time over the stream, the
// evaluations started, cancelled and completed during the stream, and the
// server's RSS before and after (the `jsson/evaluationStats` request, when
// the build has it). Otherwise works against any build, so it A/Bs against
// an older commit built in a scratch folder:
// Usage: npx tsc -p tsconfig.json && node bench/lsp-hover-during-evaluation.mjs [--rounds 5] [--edits 200] [--open-wait 0] [--root DIR] [--smoke]
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from "vscode-jsonrpc/node";
import { flag, smokeOr } from "./bench-args.mjs";

const rounds = Number(flag("rounds", smokeOr("1", "5")));
const edits = Number(flag("edits", smokeOr("10", "200")));
const openWait = Number(flag("open-wait", "0"));
const root = flag("root", fileURLToPath(new URL("..", import.meta.url)));
const file = fileURLToPath(new URL("workloads/w3.jsson", import.meta.url));
const text = readFileSync(file, "utf8");
const uri = pathToFileURL(file).href;
// `port = basePort + 0`, on `basePort`
const position = { line: 12, character: 10 };
// after `port = `, in svc0's body: names in scope
const completionPosition = { line: 12, character: 9 };

/** CPU time of process `pid`'s main thread so far, in ms (NaN where /proc has no schedstat). */
function mainThreadCpuMs(pid) {
  const f = `/proc/${pid}/task/${pid}/schedstat`;
  return existsSync(f) ? Number(readFileSync(f, "utf8").split(" ")[0]) / 1e6 : NaN;
}

/** `send()`'s answer, its latency and the server's main-thread CPU time meanwhile. */
async function timed(pid, send) {
  const c0 = mainThreadCpuMs(pid);
  const t0 = performance.now();
  const answer = await send();
  return { answer, ms: performance.now() - t0, cpuMs: mainThreadCpuMs(pid) - c0 };
}

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

/** The server's evaluation counts and memory, or undefined for a build without the request. */
async function stats(c) {
  try {
    return await c.sendRequest("jsson/evaluationStats");
  } catch {
    return undefined;
  }
}

/** `edits` one-character edits at one per 10 ms, typing new keys into svc100's body, each followed by a hover; then the last text's diagnostics. */
async function stream(c, pid, diagnostics) {
  const typed = Array.from({ length: Math.ceil(edits / 12) + 1 }, (_, i) => `\n  note${String(i).padStart(2, "0")} = ${i}`).join("").slice(0, edits);
  let line = text.split("\n").findIndex((l) => l.startsWith("svc100 {"));
  let character = "svc100 {".length;
  let version = 3;
  const before = await stats(c);
  const latencies = [];
  const completions = [];
  /** Main-thread CPU time of each edit and the hover after it. */
  const cycles = [];
  const cpu0 = mainThreadCpuMs(pid);
  const t0 = performance.now();
  let published;
  for (let k = 0; k < typed.length; k++) {
    const ch = typed[k];
    if (k === typed.length - 1) published = diagnostics();
    const e0 = mainThreadCpuMs(pid);
    await c.sendNotification("textDocument/didChange", { textDocument: { uri, version: version++ }, contentChanges: [{ range: { start: { line, character }, end: { line, character } }, text: ch }] });
    if (ch === "\n") {
      line++;
      character = 0;
    } else character++;
    const h0 = performance.now();
    await c.sendRequest("textDocument/hover", { textDocument: { uri }, position });
    latencies.push(performance.now() - h0);
    cycles.push(mainThreadCpuMs(pid) - e0);
    if (k % 5 === 4) {
      const c0 = performance.now();
      await c.sendRequest("textDocument/completion", { textDocument: { uri }, position: { line, character } });
      completions.push(performance.now() - c0);
    }
    const due = t0 + 10 * (k + 1) - performance.now();
    if (due > 0) await new Promise((r) => setTimeout(r, due));
  }
  const streamMs = performance.now() - t0;
  const cpuMs = mainThreadCpuMs(pid) - cpu0;
  await published;
  const diagnosticsMs = performance.now() - t0 - streamMs;
  let after = await stats(c);
  while (after !== undefined && (after.running > 0 || after.queued > 0)) after = await stats(c);
  const delta = (k) => (before === undefined || after === undefined ? NaN : after[k] - before[k]);
  return {
    latencies,
    completions,
    cycles,
    cpuMs,
    streamMs,
    diagnosticsMs,
    started: delta("started"),
    cancelled: delta("cancelled"),
    completed: delta("completed"),
    rssBefore: before?.memory.rss ?? NaN,
    rssAfter: after?.memory.rss ?? NaN,
  };
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
  const pid = child.pid;
  const phases = {};
  const opened = diagnostics();
  const t0 = performance.now();
  await c.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: "jsson", version: 1, text } });
  if (openWait > 0) await new Promise((r) => setTimeout(r, openWait));
  phases.firstHover = await timed(pid, () => c.sendRequest("textDocument/hover", { textDocument: { uri }, position }));
  phases.firstCompletion = await timed(pid, () => c.sendRequest("textDocument/completion", { textDocument: { uri }, position: completionPosition }));
  phases.open = { latencies: await hoversUntil(c, opened) };
  await opened;
  phases.open.diagnosticsMs = performance.now() - t0;
  const edited = diagnostics();
  const t1 = performance.now();
  await c.sendNotification("textDocument/didChange", { textDocument: { uri, version: 2 }, contentChanges: [{ text: text + "edited = 1\n" }] });
  phases.edit = { latencies: await hoversUntil(c, edited) };
  await edited;
  phases.edit.diagnosticsMs = performance.now() - t1;
  phases.stream = await stream(c, pid, diagnostics);
  await c.sendRequest("shutdown");
  await c.sendNotification("exit");
  await new Promise((r) => child.on("exit", r));
  c.dispose();
  return phases;
}

const results = [];
for (let r = 0; r < rounds; r++) results.push(await round());
const median = (xs) => quantile(xs, 0.5);
const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))] ?? NaN;
const mib = (b) => (b / 2 ** 20).toFixed(0);
console.log(`w3.jsson: ${text.split("\n").length} lines; ${rounds} fresh servers; server from ${root}`);
const cell = (xs) => `median ${median(xs).toFixed(1)} ms, p95 ${quantile(xs, 0.95).toFixed(1)} ms, slowest ${(xs.length === 0 ? NaN : Math.max(...xs)).toFixed(1)} ms`;
for (const first of ["firstHover", "firstCompletion"]) {
  console.log(`${first} (${openWait} ms after didOpen): ${results.map((x) => `${x[first].ms.toFixed(1)} ms / ${x[first].cpuMs.toFixed(1)} cpu-ms`).join(", ")}`);
}
for (const phase of ["open", "edit"]) {
  const all = results.flatMap((x) => x[phase].latencies);
  const counts = results.map((x) => x[phase].latencies.length);
  console.log(
    `${phase}: hovers answered before the diagnostics per round ${counts.join(", ")}; latency median ${median(all).toFixed(1)} ms, slowest ${(all.length === 0 ? NaN : Math.max(...all)).toFixed(1)} ms; diagnostics after median ${median(results.map((x) => x[phase].diagnosticsMs)).toFixed(0)} ms`,
  );
}
{
  const all = results.flatMap((x) => x.stream.latencies);
  console.log(
    `stream: ${edits} edits, a hover after each; hover ${cell(all)}; completion (every 5th edit) ${cell(results.flatMap((x) => x.stream.completions))}; stream took ${results.map((x) => x.stream.streamMs.toFixed(0)).join(", ")} ms, main thread ${results.map((x) => x.stream.cpuMs.toFixed(0)).join(", ")} cpu-ms (an edit and its hover: median ${median(results.flatMap((x) => x.stream.cycles)).toFixed(2)} cpu-ms), last diagnostics after ${results.map((x) => x.stream.diagnosticsMs.toFixed(0)).join(", ")} ms`,
  );
  console.log(`stream: evaluations started / cancelled / completed per round ${results.map((x) => `${x.stream.started}/${x.stream.cancelled}/${x.stream.completed}`).join(", ")}; server rss MiB before → after ${results.map((x) => `${mib(x.stream.rssBefore)} → ${mib(x.stream.rssAfter)}`).join(", ")}`);
}
