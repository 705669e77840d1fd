#!/usr/bin/env node
// Load and soak test of `jsson serve` (issue 6). Starts the real server on
// 127.0.0.1, measures its capacity with a closed loop (a fixed number of
// clients sending the mix back to back), then drives an open loop at a
// fraction of it (default 80 %) for a fixed time: requests start at a steady
// rate whatever the server does, at most --max-inflight at once; a start
// that would exceed the cap is counted as dropped. Every answer is checked
// (status, body shape, output equal to the engine's), server RSS is sampled
// from /proc, and a report is printed. Bounded: it stops by itself and kills
// the server at the end (a watchdog too, should anything hang).
//
//   npm run build && node bench/soak/run.mjs [--minutes 10] [--fraction 0.8] [--rate N]
//       [--capacity-seconds 20] [--warmup-seconds 3] [--concurrency 32] [--max-inflight 256]
//       [--timeout-ms 30000] [--rss-every 10] [--seed N] [--serve-args "-processes 1"] [--report FILE] [--trace-gc] [--smoke]
//
// --trace-gc (diagnostic) starts the server as `node --trace-gc bin/jsson.js serve …` and reports the live heap
// after full GCs per minute: rising live heap = retained data (a leak); flat live heap under rising
// RSS = V8 growing its heap. It adds GC logging work to the server, so use it apart from capacity runs.
// --rate N skips the capacity probe and uses N requests/s. Latency is timed
// from the moment a request was due (open-loop, so a stalled client or server
// shows up as latency instead of hiding it); "service" latency is timed from
// the moment it was actually sent. The client runs on the same machine and
// takes CPU from the server.
// Exit status: 0 when every verdict passes, 1 when one fails, 2 for a usage or start problem, 3 for the watchdog.
import { existsSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { buildMix } from "./mix.mjs";
import { makeAgent, send } from "./client.mjs";
import { startServer } from "./server.mjs";
import { treeCpuTicks, treeRss } from "./proc-tree.mjs";
import { machineCpuTicks } from "./machine-cpu.mjs";
import { GcTrace } from "./gc-trace.mjs";
import { Tally, quantile, sortedCopy } from "./stats.mjs";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

const { values: args } = parseArgs({
  options: {
    minutes: { type: "string", default: "10" },
    fraction: { type: "string", default: "0.8" },
    rate: { type: "string" },
    "capacity-seconds": { type: "string", default: "20" },
    "warmup-seconds": { type: "string", default: "3" },
    concurrency: { type: "string", default: "32" },
    "max-inflight": { type: "string", default: "256" },
    "timeout-ms": { type: "string", default: "30000" },
    "rss-every": { type: "string", default: "10" },
    seed: { type: "string" },
    "serve-args": { type: "string", default: "" },
    report: { type: "string" },
    "trace-gc": { type: "boolean", default: false },
    smoke: { type: "boolean", default: false },
  },
});
// --smoke: a few seconds at a fixed low rate (no capacity probe), one HTTP process.
if (args.smoke) Object.assign(args, { minutes: "0.05", rate: "20", concurrency: "2", "serve-args": "-processes 1 -workers 1" });
const num = (name, min) => {
  const v = Number(args[name]);
  if (!Number.isFinite(v) || v < min) {
    console.error(`bench/soak: --${name} must be a number ≥ ${min}, got ${JSON.stringify(args[name])}`);
    process.exit(2);
  }
  return v;
};
const minutes = num("minutes", 0.05);
const fraction = num("fraction", 0.01);
const fixedRate = args.rate === undefined ? undefined : num("rate", 1);
const capacitySeconds = num("capacity-seconds", 1);
const warmupSeconds = num("warmup-seconds", 0);
const concurrency = Math.floor(num("concurrency", 1));
const maxInflight = Math.floor(num("max-inflight", 1));
const timeoutMs = num("timeout-ms", 100);
const rssEveryMs = num("rss-every", 1) * 1000;
const seed = args.seed === undefined ? Date.now() % 2 ** 31 : Math.floor(num("seed", 0));
const serveArgs = args["serve-args"].split(/\s+/).filter((a) => a !== "");
if (serveArgs.some((a) => /^--?(host|port)\b/.test(a))) {
  console.error("bench/soak: --serve-args may not set -host or -port (the soak only targets 127.0.0.1 on a free port)");
  process.exit(2);
}
if (["dist/cli/serve/app.js", "dist/core/index.js", "dist/test/fuzz/jsson-writer.js"].some((f) => !existsSync(join(repoRoot, f)))) {
  console.error("bench/soak: dist/ is missing — run `npm run build` first");
  process.exit(2);
}

const log = (line) => console.error(`[soak ${new Date().toISOString().slice(11, 19)}] ${line}`);
const mb = (kib) => (kib / 1024).toFixed(0);
const ms = (v) => (Number.isNaN(v) ? "-" : v < 10 ? v.toFixed(2) : v < 100 ? v.toFixed(1) : v.toFixed(0));

const kinds = await buildMix(repoRoot);
const totalWeight = kinds.reduce((s, k) => s + k.weight, 0);
// mulberry32 (the fuzz tests' seeded generator), so a run's sequence of kinds can be replayed with --seed.
const { prng } = await import(pathToFileURL(join(repoRoot, "dist/test/fuzz/jsson-writer.js")).href);
const random = prng(seed);
function pickKind() {
  let r = random() * totalWeight;
  for (const k of kinds) if ((r -= k.weight) < 0) return k;
  return kinds[kinds.length - 1];
}

// ---- server, RSS sampling, watchdog -------------------------------------------------------

const budgetMs = ((fixedRate === undefined ? warmupSeconds + capacitySeconds + 10 : 0) + minutes * 60 + 60) * 1000 + 2 * timeoutMs + 60_000;
let server;
/** Start of the open loop (performance.now()), once it has started; --trace-gc lines are attributed to its minutes. */
let soakClock;
const gcTrace = args["trace-gc"] ? new GcTrace() : undefined;
const onStdoutLine = gcTrace && ((line) => gcTrace.line(line, soakClock === undefined ? undefined : Math.min(Math.ceil(minutes) - 1, Math.floor((performance.now() - soakClock) / 60_000))));
try {
  server = await startServer({ repoRoot, extraArgs: serveArgs, nodeArgs: gcTrace ? ["--trace-gc"] : [], onStdoutLine });
} catch (e) {
  console.error(`bench/soak: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(2);
}
const limitsLine = server.banner.split("\n").find((l) => l.startsWith("limits:")) ?? "";
log(`server pid ${server.pid} on 127.0.0.1:${server.port}; ${limitsLine}`);

const watchdog = setTimeout(async () => {
  console.error(`bench/soak: watchdog: still running after ${(budgetMs / 1000).toFixed(0)} s — killing the server and stopping`);
  await server.stop(2000);
  process.exit(3);
}, budgetMs);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, async () => {
    console.error(`bench/soak: ${signal}: stopping the server`);
    await server.stop(5000);
    process.exit(130);
  });
}

const t0 = performance.now();
const loadAtStart = (await import("node:os")).loadavg();
const rssSamples = [];
let phase = "idle";
let firstChildren;
const processChanges = [];
function sampleRss() {
  const { totalKib, perPid } = treeRss(server.pid);
  const children = perPid.filter((p) => p.pid !== server.pid).map((p) => p.pid);
  rssSamples.push({ t: performance.now() - t0, phase, kib: totalKib, processes: perPid.length });
  if (firstChildren === undefined) firstChildren = new Set(children);
  else {
    const gone = [...firstChildren].filter((p) => !children.includes(p));
    const added = children.filter((p) => !firstChildren.has(p));
    if (gone.length > 0 || added.length > 0) {
      processChanges.push(`${phase} t=${((performance.now() - t0) / 1000).toFixed(0)} s: gone [${gone}], new [${added}]`);
      firstChildren = new Set(children);
    }
  }
  return totalKib;
}
await sleep(2000);
const rssIdleStart = sampleRss();
const rssTimer = setInterval(sampleRss, rssEveryMs);

// ---- one request ----------------------------------------------------------------------

const agent = makeAgent(Math.max(maxInflight, concurrency) + 8, timeoutMs);
let nextId = 0;

/** Send one request of a random kind; resolves to what Tally.finish needs (minute and due time filled in by the caller). */
async function oneRequest() {
  const kind = pickKind();
  const id = nextId++;
  const requestId = `soak-${seed}-${id}`;
  const sentAt = performance.now();
  const result = await send(agent, server.port, kind.make(id), requestId, timeoutMs);
  const doneAt = performance.now();
  let problem;
  if (result.error !== undefined) problem = `connection error ${result.error}${result.reused ? " (reused socket)" : ""}`;
  else if (!String(result.headers["content-type"] ?? "").startsWith("application/json")) problem = `content-type ${result.headers["content-type"]}`;
  else if (result.headers["x-request-id"] !== requestId) problem = `x-request-id ${result.headers["x-request-id"]}, sent ${requestId}`;
  else problem = kind.check(result, id);
  return { kind: kind.name, result, problem, requestId, sentAt, doneAt };
}

// ---- phase 1: capacity (closed loop) ----------------------------------------------------------

/** @type {number} */
let capacity = 0;
const probe = new Tally(kinds.map((k) => k.name));
if (fixedRate === undefined) {
  phase = "capacity";
  log(`capacity probe: ${concurrency} clients back to back, ${warmupSeconds} s warm-up + ${capacitySeconds} s measured`);
  const measureFrom = performance.now() + warmupSeconds * 1000;
  const measureTo = measureFrom + capacitySeconds * 1000;
  let measuredOk = 0;
  const client = async () => {
    while (performance.now() < measureTo) {
      probe.start(0);
      const r = await oneRequest();
      probe.finish({ ...r, minute: 0, latencyMs: r.doneAt - r.sentAt, serviceMs: r.doneAt - r.sentAt });
      if (r.problem === undefined && r.sentAt >= measureFrom && r.doneAt <= measureTo) measuredOk++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  capacity = measuredOk / capacitySeconds;
  const lat = sortedCopy(probe.minutes[0]?.latencies ?? []);
  log(`capacity ≈ ${capacity.toFixed(0)} correct answers/s (p50 ${ms(quantile(lat, 0.5))} ms, p99 ${ms(quantile(lat, 0.99))} ms at ${concurrency} in flight); ${probe.countFailures()} failures`);
  phase = "settle";
  await sleep(5000);
}
const rate = fixedRate ?? Math.max(1, Math.round(capacity * fraction));

// ---- phase 2: open loop ---------------------------------------------------------------------------

phase = "soak";
const soak = new Tally(kinds.map((k) => k.name));
const rssLoadStart = sampleRss();
const durationMs = minutes * 60_000;
const intervalMs = 1000 / rate;
log(`open loop: ${rate} requests/s for ${minutes} min (max ${maxInflight} in flight), seed ${seed}`);
const soakStart = performance.now();
soakClock = soakStart;
/** CPU counters, taken at the start and at every minute boundary of the open loop. */
const cpuSnapshot = () => ({ t: performance.now(), client: process.cpuUsage(), serverTicks: treeCpuTicks(server.pid), machine: machineCpuTicks() });
const cpuSnapshots = [cpuSnapshot()];
const soakEnd = soakStart + durationMs;
let inflight = 0;
let maxInflightSeen = 0;
/** @type {() => void} */
let idle = () => {};
const idleWait = new Promise((r) => (idle = () => r(undefined)));
let due = soakStart;
let minutesLogged = 0;

function launch(dueAt, minute) {
  inflight++;
  if (inflight > maxInflightSeen) maxInflightSeen = inflight;
  soak.start(minute);
  oneRequest().then((r) => {
    inflight--;
    soak.finish({ ...r, minute, latencyMs: r.doneAt - dueAt, serviceMs: r.doneAt - r.sentAt });
    if (inflight === 0 && due >= soakEnd) idle();
  });
}

await new Promise((/** @type {(value?: unknown) => void} */ finishedScheduling) => {
  const tick = () => {
    const now = performance.now();
    if (due <= now) soak.lag(Math.floor((due - soakStart) / 60_000), now - due);
    while (due <= now && due < soakEnd) {
      const minute = Math.floor((due - soakStart) / 60_000);
      if (inflight >= maxInflight) soak.drop(minute);
      else launch(due, minute);
      due += intervalMs;
    }
    if (Math.min(Math.floor((now - soakStart) / 60_000), Math.ceil(minutes)) > minutesLogged) {
      cpuSnapshots.push(cpuSnapshot());
      const m = soak.minutes[minutesLogged++];
      if (m) log(`minute ${minutesLogged}: ${m.completed} done, ${m.failed} failed, ${m.dropped} dropped, p99 ${ms(quantile(sortedCopy(m.latencies), 0.99))} ms, RSS ${mb(rssSamples.at(-1).kib)} MB, in flight ${inflight}`);
    }
    if (due >= soakEnd) return finishedScheduling();
    setTimeout(tick, Math.max(0, Math.min(5, due - performance.now())));
  };
  tick();
});
const scheduledFor = performance.now() - soakStart;
soakClock = undefined;
if (cpuSnapshots.length <= Math.ceil(minutes)) cpuSnapshots.push(cpuSnapshot());
if (inflight === 0) idle();
log(`schedule done; waiting for ${inflight} in-flight requests`);
await Promise.race([idleWait, sleep(timeoutMs + 5000)]);
const unfinished = inflight;
const rssLoadEnd = rssSamples.filter((s) => s.phase === "soak").at(-1)?.kib ?? sampleRss();
phase = "after";
await sleep(10_000);
const rssAfter = sampleRss();
clearInterval(rssTimer);
agent.destroy();
const stopped = await server.stop(15_000);
clearTimeout(watchdog);

// ---- report ---------------------------------------------------------------------------------------------

const out = [];
const p = (line = "") => out.push(line);
const soakSamples = rssSamples.filter((s) => s.phase === "soak");
/** Least-squares slope of RSS over time, in MiB per minute. */
function slope(samples) {
  if (samples.length < 3) return NaN;
  const xs = samples.map((s) => s.t / 60_000);
  const ys = samples.map((s) => s.kib / 1024);
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let num = 0;
  let den = 0;
  for (let i = 0; i < xs.length; i++) {
    num += (xs[i] - mx) * (ys[i] - my);
    den += (xs[i] - mx) ** 2;
  }
  return num / den;
}
const secondHalf = soakSamples.filter((s) => s.t - (soakStart - t0) >= durationMs / 2);

p(`=== jsson serve soak report (${new Date().toISOString()}) ===`);
p(`server: ${server.banner.split("\n")[0]}; ${limitsLine.replace(/; includes:.*/, "")}${serveArgs.length ? `; extra flags: ${serveArgs.join(" ")}` : ""}`);
const loadAtEnd = (await import("node:os")).loadavg();
p(`machine: ${(await import("node:os")).availableParallelism()} cores, load average (1/5/15 min) ${loadAtStart.map((l) => l.toFixed(2)).join("/")} at start, ${loadAtEnd.map((l) => l.toFixed(2)).join("/")} at end; client on the same machine; seed ${seed}`);
if (capacity !== undefined) {
  const lat = sortedCopy(probe.minutes[0]?.latencies ?? []);
  p(`capacity (closed loop, ${concurrency} clients, ${capacitySeconds} s after ${warmupSeconds} s warm-up): ${capacity.toFixed(0)} correct answers/s; p50 ${ms(quantile(lat, 0.5))} ms, p99 ${ms(quantile(lat, 0.99))} ms`);
  p(`  probe totals: ${probe.completed} requests, ${probe.ok} correct, 5xx ${probe.count5xx()}, connection errors ${probe.countConnectionErrors()}, wrong answers ${probe.countFailures() - probe.countConnectionErrors()}`);
} else p(`capacity: not measured (--rate given)`);
p(`open loop: ${rate} requests/s${capacity !== undefined ? ` (${(fraction * 100).toFixed(0)} % of capacity)` : ""} for ${minutes} min; max in flight ${maxInflight} (peak seen ${maxInflightSeen})`);
/** CPU use between two snapshots, each as % of one core: server tree, this client, every other process, and steal (time the hypervisor gave to other guests). */
function cpuBetween(a, b) {
  const seconds = (b.t - a.t) / 1000;
  const pct = (ticks) => (ticks / seconds);
  const server = pct(b.serverTicks - a.serverTicks);
  const client = (b.client.user + b.client.system - a.client.user - a.client.system) / 1e4 / seconds;
  const busy = pct(b.machine.busy - a.machine.busy);
  return { server, client, others: Math.max(0, busy - server - client), steal: pct(b.machine.steal - a.machine.steal) };
}
const cpuAll = cpuBetween(cpuSnapshots[0], cpuSnapshots.at(-1));
p(`CPU during the open loop (% of one core; ${(await import("node:os")).availableParallelism()} cores = 200 %): server ${cpuAll.server.toFixed(0)} %, client ${cpuAll.client.toFixed(0)} %, other processes ${cpuAll.others.toFixed(0)} %, steal ${cpuAll.steal.toFixed(0)} %`);
p();
p(`totals: scheduled ${soak.started + soak.dropped}, started ${soak.started}, completed ${soak.completed}, correct ${soak.ok}, achieved ${(soak.completed / (scheduledFor / 1000)).toFixed(1)} req/s`);
p(`  5xx: ${soak.count5xx()}   connection errors: ${soak.countConnectionErrors()}   dropped (cap reached): ${soak.dropped}   wrong answers: ${soak.countFailures() - soak.countConnectionErrors()}   unfinished at the end: ${unfinished}`);
p(`  statuses: ${[...soak.statuses].sort((a, b) => a[0] - b[0]).map(([s, c]) => `${s}×${c}`).join(", ") || "none"}`);
if (soak.connectionErrors.size > 0) p(`  connection errors: ${[...soak.connectionErrors].map(([e, c]) => `${e} ×${c}`).join(", ")}`);
if (soak.checkFailures.size > 0) p(`  failures by kind: ${[...soak.checkFailures].map(([e, c]) => `${e} ×${c}`).join(", ")}`);
for (const e of [...probe.examples.map((x) => `(probe) ${x}`), ...soak.examples].slice(0, 12)) p(`  example: ${e}`);
p();
p(`per kind (latency from the due time, ms):`);
p(`  ${"kind".padEnd(16)} ${"count".padStart(7)} ${"correct".padStart(7)} ${"p50".padStart(7)} ${"p99".padStart(7)} ${"max".padStart(7)}`);
for (const [name, k] of soak.kinds) {
  const s = sortedCopy(k.latencies);
  p(`  ${name.padEnd(16)} ${String(k.count).padStart(7)} ${String(k.ok).padStart(7)} ${ms(quantile(s, 0.5)).padStart(7)} ${ms(quantile(s, 0.99)).padStart(7)} ${ms(quantile(s, 1)).padStart(7)}`);
}
p();
p(`per minute (latency ms from the due time; "svc" from the actual send; lag = how late the client started a request; CPU % of one core: server/client/others/steal):`);
p(`  min ${"done".padStart(6)} ${"fail".padStart(5)} ${"drop".padStart(5)} ${"p50".padStart(7)} ${"p99".padStart(7)} ${"max".padStart(7)} ${"svc p99".padStart(8)} ${"lag max".padStart(8)} ${"RSS MB".padStart(7)}  CPU srv/cli/oth/steal`);
const minuteP99 = [];
soak.minutes.forEach((m, i) => {
  const lat = sortedCopy(m.latencies);
  const svc = sortedCopy(m.serviceLatencies);
  const p99 = quantile(lat, 0.99);
  if (!Number.isNaN(p99)) minuteP99.push(p99);
  const rssAt = soakSamples.filter((s) => s.t - (soakStart - t0) < (i + 1) * 60_000).at(-1);
  p(`  ${String(i + 1).padStart(3)} ${String(m.completed).padStart(6)} ${String(m.failed).padStart(5)} ${String(m.dropped).padStart(5)} ${ms(quantile(lat, 0.5)).padStart(7)} ${ms(p99).padStart(7)} ${ms(quantile(lat, 1)).padStart(7)} ${ms(quantile(svc, 0.99)).padStart(8)} ${ms(m.maxLag).padStart(8)} ${(rssAt ? mb(rssAt.kib) : "-").padStart(7)}  ${cpuSnapshots[i + 1] ? Object.values(cpuBetween(cpuSnapshots[i], cpuSnapshots[i + 1])).map((v) => v.toFixed(0)).join("/") : "-"}`);
});
p();
const rssMin = Math.min(...soakSamples.map((s) => s.kib));
const rssMax = Math.max(...soakSamples.map((s) => s.kib));
p(`server RSS (supervisor + HTTP processes, VmRSS summed, every ${rssEveryMs / 1000} s): idle at start ${mb(rssIdleStart)} MB, load start ${mb(rssLoadStart)} MB, load end ${mb(rssLoadEnd)} MB (min ${mb(rssMin)}, max ${mb(rssMax)}), 10 s after load ${mb(rssAfter)} MB`);
p(`  trend: ${slope(soakSamples).toFixed(2)} MB/min over the soak, ${slope(secondHalf).toFixed(2)} MB/min over its second half; processes in the tree: ${[...new Set(rssSamples.map((s) => s.processes))].join("/")}`);
// GC makes RSS a sawtooth; the low points of each half compare like with like.
const firstHalf = soakSamples.filter((x) => !secondHalf.includes(x));
if (firstHalf.length > 0 && secondHalf.length > 0)
  p(`  lowest sample: first half ${mb(Math.min(...firstHalf.map((x) => x.kib)))} MB, second half ${mb(Math.min(...secondHalf.map((x) => x.kib)))} MB; highest: ${mb(Math.max(...firstHalf.map((x) => x.kib)))} MB / ${mb(Math.max(...secondHalf.map((x) => x.kib)))} MB`);
p(`  samples (MB): ${soakSamples.map((x) => mb(x.kib)).join(" ")}`);
if (gcTrace) for (const line of gcTrace.report(Math.ceil(minutes))) p(line);
p(`  HTTP process changes: ${processChanges.length === 0 ? "none (no process died or was replaced)" : processChanges.join("; ")}`);
p(`server stop: SIGTERM → exit code ${stopped.code}${stopped.signal ? ` signal ${stopped.signal}` : ""} after ${stopped.ms} ms${stopped.killed ? " (had to SIGKILL)" : ""}`);
const stderrLines = server.stderr.lines.filter((l) => l.trim() !== "");
p(`server stderr: ${stderrLines.length + server.stderr.dropped} lines${stderrLines.length ? ":" : ""}`);
for (const l of stderrLines.slice(0, 10)) p(`  | ${l.slice(0, 300)}`);
p();

// Verdicts (the issue's goals: zero 5xx, zero dropped connections, RSS flat, p99 stable).
const sortedP99 = [...minuteP99].sort((a, b) => a - b);
const medianP99 = sortedP99.length ? sortedP99[Math.floor((sortedP99.length - 1) / 2)] : NaN;
const worstP99 = sortedP99.at(-1) ?? NaN;
const growth = rssLoadEnd - rssLoadStart;
const verdicts = [
  ["zero 5xx", soak.count5xx() === 0 && probe.count5xx() === 0, `${soak.count5xx()} in the soak, ${probe.count5xx()} in the probe`],
  ["zero connection errors", soak.countConnectionErrors() === 0 && probe.countConnectionErrors() === 0, `${soak.countConnectionErrors()} in the soak, ${probe.countConnectionErrors()} in the probe`],
  ["every answer correct", soak.countFailures() === 0 && probe.countFailures() === 0 && unfinished === 0, `${soak.countFailures()} wrong in the soak, ${probe.countFailures()} in the probe, ${unfinished} unfinished`],
  ["nothing dropped", soak.dropped === 0, `${soak.dropped} starts dropped at the in-flight cap`],
  ["rate held", soak.completed >= 0.95 * rate * (scheduledFor / 1000), `${(soak.completed / (scheduledFor / 1000)).toFixed(1)} of ${rate} req/s`],
  ["RSS flat (growth ≤ max(32 MB, 20 %))", growth <= Math.max(32 * 1024, 0.2 * rssLoadStart), `${growth >= 0 ? "+" : ""}${mb(growth)} MB (${((growth / rssLoadStart) * 100).toFixed(1)} %) from load start to load end`],
  ["p99 stable (worst minute ≤ max(3 × median, median + 50 ms))", worstP99 <= Math.max(3 * medianP99, medianP99 + 50), `median minute p99 ${ms(medianP99)} ms, worst ${ms(worstP99)} ms`],
  ["no HTTP process replaced", processChanges.length === 0, processChanges.length === 0 ? "none" : `${processChanges.length} changes`],
  ["clean stop", stopped.code === 0 && !stopped.killed, `exit ${stopped.code}${stopped.killed ? ", killed" : ""}`],
];
for (const [name, ok, detail] of verdicts) p(`${ok ? "PASS" : "FAIL"}  ${name}: ${detail}`);
const pass = verdicts.every(([, ok]) => ok);
p(pass ? "RESULT: PASS" : "RESULT: FAIL");

const text = out.join("\n") + "\n";
process.stdout.write(text);
if (args.report !== undefined) writeFileSync(args.report, text);
process.exit(pass ? 0 : 1);
