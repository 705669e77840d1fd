#!/usr/bin/env node
// What recording one request's metrics costs on the hot path (cli/serve/ops/request-stats.ts),
// next to what prom-client's own Counter.inc + Histogram.observe + Counter.inc would cost
// for the same labels, and what a scrape (fold + text) costs afterwards.
//   node bench/metrics-record.mjs [requests] [--smoke]   (default 2,000,000; needs `npx tsc` first)
// Prints ns per request for each; compare with ~60 µs of CPU per small /transpile request.
import { Counter, Histogram, Registry } from "prom-client";
import { RequestStats, DURATION_BUCKETS } from "../dist/cli/serve/ops/request-stats.js";
import { ARGS, smokeOr } from "./bench-args.mjs";

const N = Number(ARGS[0] ?? smokeOr(1000, 2_000_000));
const PATHS = ["/transpile", "/validate", "/validate-schema", "/health", "/version", "/formats", "/openapi.json", "/livez", "/readyz", "/metrics", "/"];
const traffic = Array.from({ length: 1024 }, (_, i) => ({
  path: i % 10 === 0 ? "/health" : i % 97 === 0 ? "/nope" : "/transpile",
  method: i % 10 === 0 ? "GET" : "POST",
  status: i % 53 === 0 ? 400 : 200,
  seconds: 0.0004 + (i % 17) * 0.0003,
  bytes: 300 + (i % 7),
}));

function time(label, fn) {
  fn(Math.min(N, 200_000)); // warm up the JIT
  const t0 = process.hrtime.bigint();
  fn(N);
  const ns = Number(process.hrtime.bigint() - t0) / N;
  console.log(`${label.padEnd(44)} ${ns.toFixed(1)} ns/request`);
}

const stats = new RequestStats(PATHS);
time("RequestStats.record (plain arrays)", (n) => {
  for (let i = 0; i < n; i++) {
    const r = traffic[i & 1023];
    stats.record(r.path, r.method, r.status, r.seconds, r.bytes);
  }
});

const registry = new Registry();
const requests = new Counter({ name: "r_total", help: "h", labelNames: ["route", "method", "status"], registers: [registry] });
const durations = new Histogram({ name: "d_seconds", help: "h", labelNames: ["route"], buckets: [...DURATION_BUCKETS], registers: [registry] });
const bytes = new Counter({ name: "b_total", help: "h", labelNames: ["route"], registers: [registry] });
time("prom-client inc + observe + inc (labels)", (n) => {
  for (let i = 0; i < n; i++) {
    const r = traffic[i & 1023];
    const route = PATHS.includes(r.path) ? r.path : "other";
    requests.inc({ route, method: r.method, status: r.status });
    durations.observe({ route }, r.seconds);
    bytes.inc({ route }, r.bytes);
  }
});

const { ServerMetrics } = await import("../dist/cli/serve/ops/server-metrics.js");
const { WorkerPool } = await import("../dist/cli/serve/run/pool/worker-pool.js");
const { WorkCounts } = await import("../dist/cli/serve/run/work-counts.js");
// A pool that is never started: its gauges and counters read as zero, which is all a scrape needs here.
const pool = new WorkerPool({ size: 1, maxQueue: 1, includeRoot: undefined, limits: { timeoutMs: 0, maxOutputBytes: 1, maxRangeItems: 1 }, graceMs: 0, memoryMb: 64, workCounts: new WorkCounts().buffer, log: () => {} });
const metrics = new ServerMetrics({ stats, inFlight: () => 0, pool, work: new WorkCounts() });
const scrapes = 200;
const t0 = process.hrtime.bigint();
let size = 0;
for (let i = 0; i < scrapes; i++) size = (await metrics.text()).length;
console.log(`${"one scrape (fold + text, runtime metrics too)".padEnd(44)} ${(Number(process.hrtime.bigint() - t0) / scrapes / 1e6).toFixed(2)} ms (${size} bytes)`);
