// The attacker's harness (bench/attack): a real `jsson serve` child, /health polled from a
// separate process during each attack, the server's peak resident set (VmHWM: its worker
// threads live inside it) and its worker counters from /metrics before and after.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

// JSSON_BIN: another build's bin/jsson.js (the "before" column of bench/RESULTS.md)
export const BIN = process.env.JSSON_BIN ?? fileURLToPath(new URL("../../bin/jsson.js", import.meta.url));
const POLLER = fileURLToPath(new URL("./health-poller.mjs", import.meta.url));

/** Start `jsson serve` on a free port; resolves once the banner names the port. */
export function startServer(flags = []) {
  return new Promise((resolve, reject) => {
    const child = spawn("nice", [process.execPath, BIN, "serve", "-port", "0", "-host", "127.0.0.1", "-processes", "1", "-q", "-playground=false", ...flags], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stderr.on("data", (d) => (err += d));
    child.stdout.on("data", (d) => {
      out += d;
      const m = /http:\/\/[^\s:]+:(\d+)/.exec(out);
      if (m) resolve({ child, port: Number(m[1]), base: `http://127.0.0.1:${m[1]}`, stderr: () => err });
    });
    child.on("exit", (code) => reject(new Error(`server exited ${code}: ${out}${err}`)));
  });
}

export const peakRssMib = (pid) => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

/** CPU time (ms) the server's main thread (the event loop; tid = pid) has used: load-independent, unlike latency. */
export function mainThreadCpuMs(pid) {
  try {
    const f = readFileSync(`/proc/${pid}/task/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100; // utime + stime, in clock ticks (100 Hz)
  } catch {
    return NaN;
  }
}

/** Time (ms) the server's main thread spent runnable but waiting for a core (schedstat): how much of a stall the machine's load explains. */
export function mainThreadWaitMs(pid) {
  try {
    return Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, "utf8").split(" ")[1]) / 1e6;
  } catch {
    return NaN;
  }
}

/** Start the /health poller; `stop()` resolves to its statistics. */
export function pollHealth(base) {
  const child = spawn(process.execPath, [POLLER, base], { stdio: ["pipe", "pipe", "inherit"] });
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  const exited = new Promise((r) => child.on("exit", r));
  return { stop: async () => { child.stdin.end(); await exited; return JSON.parse(out || "{}"); } };
}

/** Counters from /metrics (worker restarts, timeouts, out-of-memory stops, workers ready). */
export async function counters(base) {
  const text = await (await fetch(base + "/metrics")).text();
  const get = (n) => Number(new RegExp(`^jsson_${n}\\s+(\\S+)`, "m").exec(text)?.[1] ?? NaN);
  return { restarts: get("worker_restarts_total"), timedOut: get("jobs_timed_out_total"), oom: get("jobs_out_of_memory_total"), ready: get("workers_ready"), loopMaxMs: get("nodejs_eventloop_lag_max_seconds") * 1000, loopP99Ms: get("nodejs_eventloop_lag_p99_seconds") * 1000 };
}

/** POST a JSON body; status, the first error (or "success"), ms to answer. */
export async function post(base, path, body, headers = {}) {
  const t0 = performance.now();
  try {
    const r = await fetch(base + path, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: typeof body === "string" ? body : JSON.stringify(body), signal: AbortSignal.timeout(120_000) });
    const text = await r.text();
    let first = text.slice(0, 100);
    try {
      const j = JSON.parse(text);
      first = j.errors?.[0] ?? j.error ?? (j.success || j.valid ? "ok" : JSON.stringify(j).slice(0, 100));
    } catch {}
    return { status: r.status, first: String(first), ms: performance.now() - t0, bytes: text.length };
  } catch (e) {
    const err = /** @type {Error} */ (e);
    return { status: err.name, first: String(err.message), ms: performance.now() - t0, bytes: 0 };
  }
}

/** One attack: `copies` concurrent requests with /health polled from another process. */
export async function attack(server, path, body, copies = 1) {
  // warm up: the first request of each kind loads modules (and the schema plugin) lazily
  await post(server.base, "/transpile", { source: "w = 1" });
  await post(server.base, "/validate-schema", { source: "w = 1", schema: '{"type":"object"}' });
  const before = await counters(server.base);
  const poll = pollHealth(server.base);
  await new Promise((r) => setTimeout(r, 100));
  const cpu0 = mainThreadCpuMs(server.child.pid);
  const wait0 = mainThreadWaitMs(server.child.pid);
  const answers = path === null ? (await new Promise((r) => setTimeout(r, body)), [{ status: "-", first: "idle", ms: body }]) : await Promise.all(Array.from({ length: copies }, () => post(server.base, path, body)));
  const mainCpuMs = mainThreadCpuMs(server.child.pid) - cpu0;
  const mainWaitMs = mainThreadWaitMs(server.child.pid) - wait0;
  const health = await poll.stop();
  const none = { restarts: NaN, timedOut: NaN, oom: NaN, ready: NaN, loopMaxMs: NaN, loopP99Ms: NaN };
  const after = await counters(server.base).catch(() => none);
  return { answers, health, mainCpuMs, mainWaitMs, loop: after, restarts: after.restarts - before.restarts, timedOut: after.timedOut - before.timedOut, oom: after.oom - before.oom, peak: server.child.exitCode === null ? peakRssMib(server.child.pid) : NaN, alive: server.child.exitCode === null };
}

export function row(name, r) {
  const st = [...new Set(r.answers.map((a) => a.status))].join(",");
  const first = [...new Set(r.answers.map((a) => a.first.slice(0, 80)))].join(" / ");
  const ms = Math.max(...r.answers.map((a) => a.ms));
  const h = r.health;
  return `| ${name} | ${st} | ${first.replace(/\|/g, "\\|")} | ${(ms / 1000).toFixed(1)} s | ${r.restarts} restart(s), ${r.timedOut} t/o, ${r.oom} oom | ${h.p99}/${h.max} ms (${h.polls} polls${h.non200 || h.failed ? `, ${h.non200} non-200, ${h.failed} failed` : ""}) | ${r.loop.loopP99Ms?.toFixed(0)}/${r.loop.loopMaxMs?.toFixed(0)} ms | ${r.mainCpuMs.toFixed(0)} ms (waited ${r.mainWaitMs.toFixed(0)} ms) | ${r.peak.toFixed(0)} MiB${r.alive ? "" : " DEAD"} |`;
}
