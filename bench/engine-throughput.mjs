#!/usr/bin/env node
// In-process engine throughput (one core): runs per CPU-second of each phase on
// a workload, median of several timed rounds after a warm-up.
//   node bench/engine-throughput.mjs [--rounds 5] [--secs 2] [--workload w3] [--format json] [--phase P] [--smoke]
// Phases: parse (engine.check), evaluate, transpile (string output), and the
// HTTP job (the worker's whole /transpile job, response body included).
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "5" },
    secs: { type: "string", default: "2" },
    workload: { type: "string", default: "w3" },
    format: { type: "string", default: "json" },
    phase: { type: "string" },
    smoke: { type: "boolean", default: false },
  },
});
if (values.smoke) Object.assign(values, { rounds: "1", secs: "0.02" });
const warmupMs = values.smoke ? 20 : 500;
const { createEngine, MemoryHost } = await import("jsson");
const { resolveLimits } = await import("../dist/core/values/resolve-limits.js");
const { runTranspile } = await import("../dist/cli/serve/run/jobs/run-transpile.js");

// bench/workloads/<name>.jsson: w1…w4, or small (the small request of bench/http-load.sh).
const source = readFileSync(new URL(`workloads/${values.workload}.jsson`, import.meta.url), "utf8");
const sourceBytes = Buffer.from(source, "utf8");
const engine = createEngine();
const format = values.format;
const never = { aborted: false };
// Resolved once, as the server's workers do.
const serverLimits = resolveLimits({ timeoutMs: 10_000, maxOutputBytes: 64 * 1024 * 1024 });

const phases = {
  parse: () => {
    const d = engine.check(source);
    if (d.length) throw new Error("unexpected diagnostics");
  },
  evaluate: () => {
    if (!engine.evaluate(source).ok) throw new Error("evaluation failed");
  },
  transpile: () => {
    if (!engine.transpile(source, { format }).ok) throw new Error("transpile failed");
  },
  "http job": () => {
    /** @type {string | undefined} */
    let body;
    // A fresh string, as a worker receives it (a cached string hash would flatter the parse).
    const fresh = sourceBytes.toString("utf8");
    runTranspile(
      { kind: "transpile", source: fresh, format, files: [], streaming: false, streamThreshold: 10000, includeMerge: "error" },
      {
        engine, limits: serverLimits, signal: never, hostFor: (files) => new MemoryHost(new Map(files)),
        channel: { body: (t) => (body = t), streamStart() {}, chunk() {}, streamEnd() {}, streamAbort() {} },
        streamChunkSize: 16384, streamWindow: 1 << 20,
      },
    );
    if (!body || !body.startsWith('{"success":true')) throw new Error("job failed: " + body?.slice(0, 200));
  },
};

const rounds = Number(values.rounds);
const ms = Number(values.secs) * 1000;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`workload ${values.workload} (${source.length} chars), format ${format}, ${rounds} rounds × ${values.secs} s`);
for (const [name, run] of Object.entries(phases)) {
  if (values.phase && values.phase !== name) continue;
  for (const end = performance.now() + warmupMs; performance.now() < end; ) run(); // warm-up
  // Rates per second of this process's CPU time (user + system): on a shared VM, time
  // stolen by other guests stretches wall time but is not CPU time of ours.
  const rates = [];
  for (let r = 0; r < rounds; r++) {
    let n = 0;
    const cpu0 = process.cpuUsage();
    const start = performance.now();
    while (performance.now() - start < ms) {
      run();
      n++;
    }
    const cpu = process.cpuUsage(cpu0);
    rates.push((n * 1e6) / (cpu.user + cpu.system));
  }
  const m = median(rates);
  console.log(`${name.padEnd(10)} ${m.toFixed(1).padStart(9)} runs/cpu-s  ${(1000 / m).toFixed(3).padStart(8)} cpu-ms/run  (min–max ${Math.min(...rates).toFixed(1)}–${Math.max(...rates).toFixed(1)})`);
}
