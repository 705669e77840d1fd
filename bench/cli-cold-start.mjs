#!/usr/bin/env node
// CLI cold start (issue 18): whole-process wall time of a few small `jsson`
// runs against `node -e 0`, the floor any Node program pays, measured
// interleaved in one run (A B A B …) so that a machine whose speed drifts
// (shared cores) moves both alike. Prints, per case, the median ms of jsson
// and of `node -e 0` and the median of the per-pair ratios. Target: ratio at
// most 1.5 for a small transpile, validate, check and fmt. With GNU time (/usr/bin/time) it also
// prints the CPU time (user + sys) of each, steadier than wall time when
// the cores are shared (it adds the same ~1 ms exec to both commands).
// Usage: node bench/cli-cold-start.mjs [--rounds 15] [--warmup 2] [--ref DIR] [--smoke]
//   --ref DIR  also run DIR/bin/jsson.js (another built checkout, e.g. main's) in the same
//              rounds (A B floor, A B floor, …): two more columns, its median ms and the
//              median of the per-round ratios this / ref
//   --smoke    one round, no warm-up: checks that every case runs (exit 0), for CI
// Run `npm run build` first (the CLI's bundle is part of the build).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const smoke = process.argv.includes("--smoke");
const rounds = smoke ? 1 : arg("rounds", 15);
const warmup = smoke ? 0 : arg("warmup", 2);
const refAt = process.argv.indexOf("--ref");
const ref = refAt > 0 ? [join(process.argv[refAt + 1], "bin", "jsson.js")] : undefined;

const jsson = [`${root}bin/jsson.js`];
const hello = `${root}examples/hello.jsson`;
const scratch = mkdtempSync(join(tmpdir(), "jsson-cold-start-"));
process.on("exit", () => rmSync(scratch, { recursive: true, force: true }));
// hello.jsson in the canonical layout, so that `fmt --check` exits 0 like every other case
const formatted = join(scratch, "formatted.jsson");
writeFileSync(formatted, spawnSync(process.execPath, [...jsson, "fmt", hello], { encoding: "utf8" }).stdout);
/** The cases: a label and jsson's arguments. */
const CASES = [
  ["transpile (json)", ["-i", hello]],
  ["transpile -f yaml", ["-i", hello, "-f", "yaml"]],
  ["transpile -o FILE --var", ["-i", hello, "-o", join(scratch, "out.yaml"), "--var", "who=bench"]],
  ["validate", ["validate", hello]],
  ["validate --deep", ["validate", "--deep", hello]],
  ["check", ["check", hello]],
  ["fmt", ["fmt", hello]],
  ["fmt --check", ["fmt", "--check", formatted]],
  ["version", ["version"]],
];
const FLOOR = ["-e", "0"];
const TIME = "/usr/bin/time";
const withCpu = existsSync(TIME);

/** Wall ms (and CPU ms, with GNU time) of one process run to its end; throws if it fails (a broken CLI must not look fast). */
function timed(args) {
  const [file, argv] = withCpu ? [TIME, ["-f", "cpu %U %S", process.execPath, ...args]] : [process.execPath, args];
  const t0 = process.hrtime.bigint();
  const r = spawnSync(file, argv, { cwd: root, stdio: ["ignore", "pipe", "pipe"], maxBuffer: 1 << 20, timeout: 30_000 });
  const wall = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`node ${args.join(" ")}: exit ${r.status ?? r.signal}: ${String(r.stderr).slice(0, 300)}`);
  const m = /cpu ([\d.]+) ([\d.]+)\s*$/.exec(String(r.stderr));
  return { wall, cpu: m === null ? NaN : (Number(m[1]) + Number(m[2])) * 1000 };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

console.log(`node ${process.version}; ${rounds} interleaved rounds after ${warmup} warm-up; wall ms, medians`);
if (ref) console.log(`ref: ${ref[0]}`);
const refHead = ref ? ` ref ms | this / ref |${withCpu ? " ref CPU ms | CPU this / ref |" : ""}` : "";
console.log(`| case | jsson ms | node -e 0 ms | ratio (median of pairs) | ratio min–max |${refHead}${withCpu ? " CPU ms jsson / node | CPU ratio |" : ""}`);
console.log(`|---|---:|---:|---:|---:|${ref ? (withCpu ? "---:|---:|---:|---:|" : "---:|---:|") : ""}${withCpu ? "---:|---:|" : ""}`);
for (const [label, args] of CASES) {
  const a = [];
  const b = [];
  const r = [];
  for (let i = 0; i < warmup + rounds; i++) {
    const ta = timed([...jsson, ...args]);
    const tr = ref ? timed([...ref, ...args]) : undefined;
    const tb = timed(FLOOR);
    if (i >= warmup) a.push(ta), b.push(tb), tr && r.push(tr);
  }
  const ratios = a.map((t, i) => t.wall / b[i].wall);
  const wall = `| ${label} | ${median(a.map((t) => t.wall)).toFixed(1)} | ${median(b.map((t) => t.wall)).toFixed(1)} | ${median(ratios).toFixed(2)} | ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)} |`;
  const refCpu = ref && withCpu ? ` ${median(r.map((t) => t.cpu)).toFixed(0)} | ${median(a.map((t, i) => t.cpu / r[i].cpu)).toFixed(2)} |` : "";
  const vsRef = ref ? ` ${median(r.map((t) => t.wall)).toFixed(1)} | ${median(a.map((t, i) => t.wall / r[i].wall)).toFixed(2)} |${refCpu}` : "";
  const cpu = withCpu ? ` ${median(a.map((t) => t.cpu)).toFixed(0)} / ${median(b.map((t) => t.cpu)).toFixed(0)} | ${median(a.map((t, i) => t.cpu / b[i].cpu)).toFixed(2)} |` : "";
  console.log(wall + vsRef + cpu);
}
