#!/usr/bin/env node
// `jsson transpile 'src/**/*.jsson' --out-dir out` on N generated files:
// wall and CPU time with the worker threads (every core) and pinned to one
// core (`taskset -c 0`: availableParallelism() is then 1, so everything runs
// in the main thread). Files and outputs live in a temporary folder, removed
// at the end. Run `npx tsc -p tsconfig.json` first.
// Usage: node bench/many-files.mjs [--files 200] [--items 20000] [--runs 2] [--format json] [--smoke]
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { flag, smokeOr } from "./bench-args.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const files = Number(flag("files", smokeOr("3", "200")));
const items = Number(flag("items", smokeOr("10", "20000")));
const runs = Number(flag("runs", smokeOr("1", "2")));
const format = flag("format", "json");

const dir = mkdtempSync(join(tmpdir(), "jsson-bench-many-"));
try {
  for (let i = 0; i < files; i++) {
    const sub = join(dir, "src", `d${i % 7}`);
    mkdirSync(sub, { recursive: true });
    // evaluated in full (no lazy map: the threshold is above the size), written small (--select)
    writeFileSync(join(sub, `f${i}.jsson`), `name = "svc-${i}"\nitems = (1..${items} map (x) = { id = x, label = "item-" + x })\n`);
  }
  const args = [join(root, "bin", "jsson.js"), "src/**/*.jsson", "--out-dir", "out", "-f", format, "--select", `items[${items - 1}]`, "--stream-threshold", String(items + 1)];
  const time = (pinned) => {
    rmSync(join(dir, "out"), { recursive: true, force: true });
    const cmd = pinned ? ["taskset", "-c", "0", process.execPath, ...args] : [process.execPath, ...args];
    const r = spawnSync("/usr/bin/time", ["-f", "%e %U %S", ...cmd], { cwd: dir, encoding: "utf8" });
    const lines = r.stderr.trim().split("\n");
    const [wall, user, sys] = (lines.pop() ?? "").split(" ").map(Number);
    if (r.status !== 0) throw new Error(`exit ${r.status}: ${lines.slice(-3).join("\n")}`);
    return { wall, cpu: user + sys, summary: lines.pop() };
  };
  console.log(`${files} files × ${items} items, ${format}`);
  console.log("| mode | wall s | cpu s |\n|---|---:|---:|");
  for (let i = 0; i < runs; i++)
    for (const pinned of [false, true]) {
      const t = time(pinned);
      console.log(`| ${pinned ? "one core (taskset -c 0)" : "worker threads"} | ${t.wall.toFixed(2)} | ${t.cpu.toFixed(2)} |`);
    }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
