#!/usr/bin/env node
// Runs compiled test files (dist/test/**/*.test.js), each in a process of its
// own, a few at once, longest first; ends with the line `N passed, N failed`.
//
//   node test/run.mjs [--e2e | --all] [--root DIR] [pattern]
//
// Lanes: with no flag and no pattern, the unit lane (every *.test.js but
// *.e2e.test.js: `npm test`); --e2e the end-to-end lane (`npm run test:e2e`);
// --all both in one pool (`.ci/run`). A pattern is a regex on the compiled
// path ('http/limits', 'deploy/') or a path under test/ ('test/http',
// 'test/http/limits.test.ts'), and picks from both lanes unless a lane flag
// is given. Folders named `fixtures` are never searched (the runner's own
// test runs them with --root).
//
// Environment: JSSON_TEST_JOBS (files at once; default and most:
// os.availableParallelism(), fewer where the cgroup's memory limit allows
// less than 512 MiB a file), JSSON_TEST_FILE_LIMIT_S (seconds a file may
// take before its whole process group is killed; default 600). A file may
// set its own limit with a line `// test-file-limit-s: N` among its first
// 4 KiB (the runner's own test stops a fixture that blocks for 70 s after a
// few seconds, while its other fixtures keep the default).
//
// Each file runs with test/report-cpu.mjs preloaded, which reports the CPU
// seconds of its process tree at exit (the suite on a few cores is bound by
// CPU: that column says which file to make cheaper); a killed file has none.
//
// Each file's time is kept in <root>/.test-times.json (dist/ is not
// committed) so the next run starts the longest files first; a file without
// a time is estimated from its size.
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const REPO = fileURLToPath(new URL("..", import.meta.url));
const REPORT_CPU = new URL("report-cpu.mjs", import.meta.url).href;
const E2E = /\.e2e\.test\.js$/;
const OUTPUT_KEPT = 4 << 20; // characters of a file's output kept for the log (its end)

const argv = process.argv.slice(2);
let lane = "default";
let root = join(REPO, "dist", "test");
let userPattern;
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  if (a === "--e2e") lane = "e2e";
  else if (a === "--all") lane = "all";
  else if (a === "--root") root = resolve(argv[++i] ?? "");
  else userPattern = a;
}

/** Memory one file may need at its peak: hostile/engine-hostile, the largest, peaks at ≈ 0.5 GB (bench/RESULTS.md, "branch suite300"). */
const MEMORY_PER_JOB = 512 * 1024 * 1024;

/**
 * The memory limit of this process's cgroup and its ancestors (v2 `memory.max`,
 * v1 `memory.limit_in_bytes`), or Infinity: a container or CI job with little
 * memory runs fewer files at once rather than have the kernel kill one.
 */
function memoryLimit() {
  let limit = Infinity;
  let lines = [];
  try {
    lines = readFileSync("/proc/self/cgroup", "utf8").split("\n");
  } catch {
    return limit; // not Linux
  }
  for (const line of lines) {
    const m = /^\d+:([^:]*):(\/.*)$/.exec(line);
    if (m === null || !(m[1] === "" || m[1].split(",").includes("memory"))) continue;
    const [base, file] = m[1] === "" ? ["/sys/fs/cgroup", "memory.max"] : ["/sys/fs/cgroup/memory", "memory.limit_in_bytes"];
    for (let dir = m[2]; ; dir = dir.slice(0, dir.lastIndexOf("/")) || "/") {
      try {
        const value = Number(readFileSync(join(base, dir, file), "utf8").trim()); // "max" reads as NaN: no limit
        if (value > 0) limit = Math.min(limit, value);
      } catch {
        // no such file at this level
      }
      if (dir === "/") break;
    }
  }
  return limit;
}

const jobs = Math.max(1, Math.min(availableParallelism(), Math.floor(memoryLimit() / MEMORY_PER_JOB), Number(process.env["JSSON_TEST_JOBS"]) || Infinity));
const limitS = Number(process.env["JSSON_TEST_FILE_LIMIT_S"]) || 600;

/** Every *.test.js below `dir`, as paths relative to the root, skipping `fixtures` folders. */
function testFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "fixtures") out.push(...testFiles(path));
    } else if (entry.name.endsWith(".test.js")) out.push(relative(root, path));
  }
  return out;
}

/** A path under test/ ('test/http', 'test/http/limits.test.ts') becomes a regex on the compiled path; anything else is one already. */
function patternOf(text) {
  const path = text.replace(/\\/g, "/").replace(/^\.\//, "").replace(/\/$/, "");
  if (!/^test(\/|$)/.test(path) || !existsSync(join(REPO, path))) return new RegExp(text);
  const inRoot = relative(root, join(REPO, "dist", path)).replace(/\\/g, "/").replace(/\.ts$/, ".js");
  const escaped = inRoot.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  if (!statSync(join(REPO, path)).isDirectory()) return new RegExp(`^${escaped}$`);
  return new RegExp(inRoot === "" ? "" : `^${escaped}/`);
}

if (!existsSync(root)) {
  console.log(`no compiled tests at ${relative(REPO, root) || root}: run \`npm run build\` first`);
  console.log("0 passed, 1 failed");
  process.exit(1);
}
const pattern = userPattern === undefined ? undefined : patternOf(userPattern);
const inLane = (f) => (lane === "all" ? true : lane === "e2e" ? E2E.test(f) : userPattern !== undefined || !E2E.test(f));
// a compiled file whose source is gone (renamed, deleted) is stale: tsc does not remove it
const hasSource = (f) => existsSync(join(REPO, relative(join(REPO, "dist"), join(root, f))).replace(/\.js$/, ".ts"));
const stale = testFiles(root).filter((f) => !hasSource(f));
if (stale.length > 0) console.log(`not run, no source in test/ (stale in dist/): ${stale.join(", ")}`);
const files = testFiles(root).filter((f) => hasSource(f) && inLane(f) && (pattern === undefined || pattern.test(f)));
if (files.length === 0) {
  console.log(`no test file matches ${userPattern ?? "the lane"}`);
  console.log("0 passed, 1 failed");
  process.exit(1);
}

// Longest first: last run's seconds, or the size at the known files' seconds per byte.
const recordPath = join(root, ".test-times.json");
let record = {};
try {
  record = JSON.parse(readFileSync(recordPath, "utf8"));
} catch {
  // no record yet: sizes only
}
const size = (f) => statSync(join(root, f)).size;
const known = files.filter((f) => typeof record[f] === "number");
const perByte = known.length === 0 ? 1 : known.reduce((s, f) => s + record[f], 0) / Math.max(1, known.reduce((s, f) => s + size(f), 0));
const expected = new Map(files.map((f) => [f, typeof record[f] === "number" ? record[f] : size(f) * perByte]));
const queue = [...files].sort((a, b) => expected.get(b) - expected.get(a) || a.localeCompare(b));

/** The seconds `file` may take: its own `// test-file-limit-s: N` line, else the default. */
function limitOf(file) {
  const head = readFileSync(join(root, file), "utf8").slice(0, 4096);
  const own = /^\/\/ test-file-limit-s: (\d+)$/m.exec(head);
  return own === null ? limitS : Number(own[1]);
}

const running = new Set();
function killGroup(child, signal = "SIGKILL") {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // the group has ended
  }
}
for (const signal of ["SIGINT", "SIGTERM"])
  process.on(signal, () => {
    for (const child of running) killGroup(child);
    process.exit(130);
  });

/** Run one file in its own process group; resolves to what it did. */
function runFile(file) {
  return new Promise((done) => {
    const started = performance.now();
    const limit = limitOf(file);
    const child = spawn(process.execPath, ["--import", REPORT_CPU, join(root, file)], {
      cwd: REPO,
      detached: true,
      env: { ...process.env, JSSON_TEST_CPU_FD: "3" },
      stdio: ["ignore", "pipe", "pipe", "pipe"],
    });
    running.add(child);
    let log = "";
    let stdout = "";
    const keep = (text) => (text.length > OUTPUT_KEPT ? text.slice(-OUTPUT_KEPT) : text);
    child.stdout.on("data", (d) => {
      log = keep(log + d);
      stdout = keep(stdout + d);
    });
    child.stderr.on("data", (d) => (log = keep(log + d)));
    let cpuReport = "";
    child.stdio[3].on("data", (d) => (cpuReport += d));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child);
    }, limit * 1000);
    // what the file started and left running goes with it (a leftover holding the pipes would keep `close` away)
    child.on("exit", () => killGroup(child));
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      running.delete(child);
      const seconds = (performance.now() - started) / 1000;
      const cpu = /^\d+(\.\d+)?\n$/.test(cpuReport) ? Number(cpuReport) : undefined;
      const totals = [...stdout.matchAll(/Total:\s+(\d+)\s+Passed:\s+(\d+)/g)].at(-1);
      let passed = 0;
      let failed = 1;
      let problem;
      if (timedOut) problem = `timed out after ${limit} s: killed with its process group`;
      else if (totals === undefined) problem = `ended (${signal ?? `exit ${code}`}) without uvu's totals`;
      else {
        passed = Number(totals[2]);
        failed = Number(totals[1]) - passed;
        if (failed > 0) problem = `${failed} failed`;
        else if (code !== 0) {
          failed = 1;
          problem = `its tests passed, but it ended with ${signal ?? `exit ${code}`}`;
        }
      }
      done({ file, seconds, cpu, passed, failed, problem, log });
    });
  });
}

const cpuText = (r) => (r.cpu === undefined ? "— s" : `${r.cpu.toFixed(1)} s`);

const startedAll = performance.now();
const results = [];
async function worker() {
  while (queue.length > 0) {
    const r = await runFile(queue.shift());
    results.push(r);
    const verdict = r.problem === undefined ? `${r.passed} passed` : `${r.passed} passed, ${r.problem}`;
    // uvu's totals are in the header line
    const log = r.log.replace(/\s*Total:\s+\d+\s+Passed:\s+\d+\s+Skipped:\s+\d+\s+Duration:\s+\S+\s*$/, "\n");
    process.stdout.write(`\n── ${r.file}: ${verdict} (${r.seconds.toFixed(1)} s, ${cpuText(r)} CPU)\n${log.replace(/^\n+/, "")}`);
  }
}
await Promise.all(Array.from({ length: Math.min(jobs, queue.length) }, worker));

for (const r of results) record[r.file] = Math.round(r.seconds * 10) / 10;
try {
  writeFileSync(recordPath, JSON.stringify(record, null, 1) + "\n");
} catch {
  // a read-only dist/: the next run estimates from sizes again
}

const slowest = [...results].sort((a, b) => b.seconds - a.seconds).slice(0, 10);
const wall = (performance.now() - startedAll) / 1000;
const cpuAll = results.reduce((s, r) => s + (r.cpu ?? 0), 0);
console.log(`\nSlowest files (${results.length} files, ${jobs} at once, ${wall.toFixed(0)} s in all, ${cpuAll.toFixed(0)} s of CPU):`);
console.log(`    wall       CPU`);
for (const r of slowest)
  console.log(`${r.seconds.toFixed(1).padStart(8)} s  ${cpuText(r).padStart(7)}  ${r.file}${r.problem === undefined ? "" : `  (${r.problem})`}`);
const failedFiles = results.filter((r) => r.problem !== undefined);
if (failedFiles.length > 0) {
  console.log(`\nFiles with failures:`);
  for (const r of failedFiles) console.log(`  ${r.file}: ${r.problem}`);
}
const passed = results.reduce((s, r) => s + r.passed, 0);
const failed = results.reduce((s, r) => s + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
