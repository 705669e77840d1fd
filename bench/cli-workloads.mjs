#!/usr/bin/env node
// Runs each workload × format through the real CLI (`-stream`) several times
// and prints a table: median wall time, min–max, MB/s of output, peak RSS.
// Usage: node bench/cli-workloads.mjs [--runs 5] [--workloads w1,w1b,w2,w3,w4] [--formats json,yaml,toml,typescript] [--smoke]
// Peak RSS comes from GNU time (`/usr/bin/time -f %M`, in KiB). Output goes to
// a byte counter, never to disk.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { flag, smokeOr } from "./bench-args.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const runs = Number(flag("runs", smokeOr("1", "5")));
const workloads = flag("workloads", smokeOr("w1", "w1,w1b,w2,w3,w4")).split(",");
const formats = flag("formats", smokeOr("json", "json,yaml,toml,typescript")).split(",");
if (!existsSync("/usr/bin/time")) throw new Error("GNU time (/usr/bin/time) is needed for peak RSS: apt-get install -y time");

function once(workload, format) {
  return new Promise((resolve, reject) => {
    const file = `${root}/bench/workloads/${workload}.jsson`;
    const t0 = process.hrtime.bigint();
    const child = spawn("/usr/bin/time", ["-f", "%M", process.execPath, `${root}/bin/jsson.js`, "-i", file, "-f", format, "-stream"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let bytes = 0;
    let stderr = "";
    child.stdout.on("data", (d) => (bytes += d.length));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("close", (code) => {
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      const rssKiB = Number(stderr.trim().split("\n").pop());
      if (code !== 0) reject(new Error(`${workload} ${format}: exit ${code}: ${stderr.slice(0, 300)}`));
      else resolve({ ms, bytes, rssMB: rssKiB / 1024 });
    });
  });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

console.log(`| workload | format | median ms | min–max ms | output MB | MB/s | peak RSS MB |`);
console.log(`|---|---|---:|---:|---:|---:|---:|`);
for (const w of workloads) {
  for (const f of formats) {
    const results = [];
    for (let i = 0; i < runs; i++) results.push(await once(w, f));
    const ms = results.map((r) => r.ms);
    const med = median(ms);
    const mb = results[0].bytes / 1e6;
    const rss = Math.max(...results.map((r) => r.rssMB));
    console.log(`| ${w} | ${f} | ${med.toFixed(0)} | ${Math.min(...ms).toFixed(0)}–${Math.max(...ms).toFixed(0)} | ${mb.toFixed(1)} | ${(mb / (med / 1000)).toFixed(1)} | ${rss.toFixed(0)} |`);
  }
}
