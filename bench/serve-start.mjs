#!/usr/bin/env node
// `jsson serve` start-up, in CPU time (issue 27 item 5: every test that starts
// a server, and every replacement of a server process, pays it; so does a
// user's restart). CPU, not wall time, because the cores are shared: the
// figure is the sum of user + sys of the server's process tree (the
// supervisor and its cluster children, each with its evaluation threads), read
// from /proc/<pid>/stat when the first answer has arrived (so start-up and one
// small /transpile, not the shutdown), in clock ticks of 10 ms. Cases:
//   flag error        JSSON_PORT=nope: everything before a flag is read (exit 2; GNU time)
//   1 process × 1     -processes 1 -workers 1: banner, then one POST /transpile answered
//   1 process × 2     -processes 1 -workers 2
//   2 processes × 2   -processes 2 -workers 2 (the default on 2 cores)
// Rounds interleave the cases (and, with --ref DIR, another built checkout's
// bin/jsson.js beside this one's), medians printed. Linux only (/proc).
// Usage: node bench/serve-start.mjs [--rounds 9] [--ref DIR] [--smoke]
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { flag, smokeOr } from "./bench-args.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const rounds = smokeOr(1, Number(flag("rounds", "9")));
const refDir = flag("ref", "");
const bins = [["this", join(root, "bin", "jsson.js")], ...(refDir === "" ? [] : [["ref", join(refDir, "bin", "jsson.js")]])];
const TICK_MS = 10;

/** The environment without JSSON_* and PORT (a caller's shell must not change the server's settings). */
function cleanEnv(extra = {}) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("JSSON_") && k !== "PORT"));
  return { ...env, ...extra };
}

/** CPU ms (user + sys, its threads included) of `pid` and every descendant, from /proc. */
function treeCpuMs(pid) {
  const stats = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
      stats.set(Number(entry), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // ended meanwhile
    }
  }
  let ticks = 0;
  const todo = [pid];
  while (todo.length > 0) {
    const p = todo.pop();
    ticks += stats.get(p)?.ticks ?? 0;
    for (const [child, s] of stats) if (s.ppid === p) todo.push(child);
  }
  return ticks * TICK_MS;
}

/** CPU ms of a run that exits by itself (GNU time), which must end with `status`. */
function exitingRunMs(bin, env, status) {
  const r = spawnSync("/usr/bin/time", ["-f", "cpu %U %S", process.execPath, bin, "serve"], { env: cleanEnv(env), encoding: "utf8", timeout: 60_000 });
  if (r.status !== status) throw new Error(`${bin} serve: exit ${r.status ?? r.signal} (expected ${status}): ${r.stderr.slice(0, 300)}`);
  const m = /cpu ([\d.]+) ([\d.]+)\s*$/.exec(r.stderr);
  if (m === null) throw new Error(`no CPU figure from GNU time: ${r.stderr.slice(-300)}`);
  return (Number(m[1]) + Number(m[2])) * 1000;
}

/** CPU ms of a server's process tree from its start until its first /transpile answer; then it is stopped. */
async function firstAnswerMs(bin, args) {
  const child = spawn(process.execPath, [bin, "serve", "--port", "0", "--host", "127.0.0.1", "-q", ...args], { env: cleanEnv(), stdio: ["ignore", "pipe", "pipe"] });
  const exited = new Promise((resolve) => child.on("exit", resolve));
  try {
    let out = "";
    let err = "";
    child.stderr.on("data", (d) => (err += d));
    const base = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no banner within 60 s: ${out}${err}`)), 60_000);
      child.stdout.on("data", (d) => {
        out += d;
        const m = /listening on (http:\/\/\S+)/.exec(out);
        if (m !== null && /^config file: .*\n/m.test(out)) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      });
      void exited.then((code) => reject(new Error(`exited (${code}) before its banner: ${out}${err}`)));
    });
    const response = await fetch(`${base}/transpile`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ source: "a = 1\n", format: "yaml" }) });
    const body = await response.text();
    if (response.status !== 200 || !body.includes("a: 1")) throw new Error(`POST /transpile: ${response.status} ${body.slice(0, 300)}`);
    return treeCpuMs(child.pid);
  } finally {
    child.kill("SIGKILL");
    await exited;
  }
}

/** @type {{ label: string, measure: (bin: string) => number | Promise<number> }[]} */
const CASES = [
  { label: "flag error (JSSON_PORT=nope, exit 2)", measure: (bin) => exitingRunMs(bin, { JSSON_PORT: "nope" }, 2) },
  { label: "1 process × 1 worker, first answer", measure: (bin) => firstAnswerMs(bin, ["--processes", "1", "--workers", "1"]) },
  { label: "1 process × 2 workers, first answer", measure: (bin) => firstAnswerMs(bin, ["--processes", "1", "--workers", "2"]) },
  { label: "2 processes × 2 workers, first answer", measure: (bin) => firstAnswerMs(bin, ["--processes", "2", "--workers", "2"]) },
];

for (const [, bin] of bins) if (!existsSync(bin)) throw new Error(`${bin}: not found`);
/** samples[case][bin]: the CPU ms of each round */
const samples = CASES.map(() => bins.map(() => /** @type {number[]} */ ([])));
for (let round = 0; round < rounds; round++)
  for (const [c, { measure }] of CASES.entries()) for (const [b, [, bin]] of bins.entries()) samples[c]?.[b]?.push(await measure(bin));

/** @param {number[]} xs */
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? (s[(s.length - 1) / 2] ?? NaN) : ((s[s.length / 2 - 1] ?? NaN) + (s[s.length / 2] ?? NaN)) / 2;
};
console.log(`node ${process.version}; ${rounds} interleaved rounds; CPU ms of the server's process tree, medians`);
console.log(`| case | ${bins.map(([name]) => `${name} cpu-ms`).join(" | ")} |${refDir === "" ? "" : " this / ref |"}`);
console.log(`|---|${bins.map(() => "---:").join("|")}|${refDir === "" ? "" : "---:|"}`);
for (const [c, { label }] of CASES.entries()) {
  const byBin = samples[c] ?? [];
  const ratio = refDir === "" ? "" : ` ${median((byBin[0] ?? []).map((t, i) => t / (byBin[1]?.[i] ?? NaN))).toFixed(2)} |`;
  console.log(`| ${label} | ${byBin.map((xs) => median(xs).toFixed(0)).join(" | ")} |${ratio}`);
}
