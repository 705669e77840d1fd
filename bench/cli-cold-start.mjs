#!/usr/bin/env node
// CLI cold start (issue 18): whole-process wall time of a few small `jsson`
// runs against `node -e 0`, the floor any Node program pays, measured
// interleaved in one run (A B A B …) so that a machine whose speed drifts
// (shared cores) moves both alike. Prints, per case, the median ms of jsson
// and of `node -e 0` and the median of the per-pair ratios. Target: ratio at
// most 1.5 for a small transpile.
// Usage: node bench/cli-cold-start.mjs [--rounds 15] [--warmup 2] [--smoke]
//   --smoke  one round, no warm-up: checks that every case runs (exit 0), for CI
// Run `npm run build` first (the CLI's bundle is part of the build).
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const smoke = process.argv.includes("--smoke");
const rounds = smoke ? 1 : arg("rounds", 15);
const warmup = smoke ? 0 : arg("warmup", 2);

const jsson = [`${root}bin/jsson.js`];
const hello = `${root}examples/hello.jsson`;
/** The cases: a label and jsson's arguments. */
const CASES = [
  ["transpile (json)", ["-i", hello]],
  ["transpile -f yaml", ["-i", hello, "-f", "yaml"]],
  ["validate", ["validate", hello]],
  ["version", ["version"]],
];
const FLOOR = ["-e", "0"];

/** Wall ms of one process run to its end; throws if it fails (a broken CLI must not look fast). */
function timed(args) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"], maxBuffer: 1 << 20, timeout: 30_000 });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`node ${args.join(" ")}: exit ${r.status ?? r.signal}: ${String(r.stderr).slice(0, 300)}`);
  return ms;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

console.log(`node ${process.version}; ${rounds} interleaved rounds after ${warmup} warm-up; wall ms, medians`);
console.log(`| case | jsson ms | node -e 0 ms | ratio (median of pairs) | ratio min–max |`);
console.log(`|---|---:|---:|---:|---:|`);
for (const [label, args] of CASES) {
  const a = [];
  const b = [];
  for (let i = 0; i < warmup + rounds; i++) {
    const ta = timed([...jsson, ...args]);
    const tb = timed(FLOOR);
    if (i >= warmup) a.push(ta), b.push(tb);
  }
  const ratios = a.map((t, i) => t / b[i]);
  console.log(`| ${label} | ${median(a).toFixed(1)} | ${median(b).toFixed(1)} | ${median(ratios).toFixed(2)} | ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)} |`);
}
