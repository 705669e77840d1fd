#!/usr/bin/env node
// Hostile requests of issue #26 (findings 1, 2, 3, 10) against a real `jsson serve`:
// status, time to answer, the first error, and the peak resident set of the server
// process (VmHWM: worker threads live inside it). One server per request, so each
// peak is that request's alone; COPIES=2 sends two at once (both workers busy).
//   [COPIES=2] node bench/hostile-limits.mjs [--smoke: the cheap lazy-map case only] [serve flags...]
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const BIN = fileURLToPath(new URL("../bin/jsson.js", import.meta.url));
const smoke = process.argv.includes("--smoke");
const flags = process.argv.slice(2).filter((a) => a !== "--smoke");
const COPIES = Number(process.env.COPIES ?? 1);

/** 40 nested `x { … }` and a schema whose anyOf branches both recurse (2^depth steps with allErrors). */
function exponentialSchema() {
  let source = "";
  for (let i = 0; i < 40; i++) source += "x {\n";
  source += "y = 1\n";
  for (let i = 0; i < 40; i++) source += "}\n";
  const schema = JSON.stringify({ $defs: { n: { type: "object", required: ["x"], properties: { x: { anyOf: [{ $ref: "#/$defs/n" }, { $ref: "#/$defs/n" }] } } } }, $ref: "#/$defs/n" });
  return { path: "/validate-schema", body: { source, schema } };
}

/** 20k aliases of one anchor in a YAML data include. */
function aliasYaml() {
  const yaml = "x: &x [1]\ny: [" + Array.from({ length: 20_000 }, () => "*x").join(", ") + "]\n";
  return { path: "/transpile", body: { source: 'include "d.yaml"', files: { "d.yaml": yaml } } };
}

const CASES = {
  "schema 2^40 (finding 1)": exponentialSchema(),
  "YAML 20k aliases (finding 2)": aliasYaml(),
  "lazy map made eager (finding 3)": { path: "/transpile", body: { source: "x := (1..3000000 map (i) = { b = i, c = i })\nz = 1", stream_threshold: 9007199254740991 } },
  "x := [1..9999990] (finding 3)": { path: "/transpile", body: { source: "x := [1..9999990]\ny = 1" } },
  "[1..1e7] == [1..1e7] (finding 10)": { path: "/transpile", body: { source: "a = [1..10000000] == [1..10000000]" } },
};

function start() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, "serve", "-port", "0", "-host", "127.0.0.1", "-processes", "1", "-workers", "2", "-q", ...flags], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      const m = /http:\/\/[^\s:]+:(\d+)/.exec(out);
      if (m) resolve({ child, base: `http://127.0.0.1:${m[1]}` });
    });
    child.on("exit", (code) => reject(new Error(`server exited ${code}: ${out}`)));
  });
}

const hwm = (pid) => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

console.log("| request | status | answer | time to answer | server peak RSS |");
console.log("|---|---|---|---|---|");
for (const [name, c] of Object.entries(CASES).filter(([n]) => !smoke || n.startsWith("lazy map"))) {
  const { child, base } = await start();
  const t0 = performance.now();
  let status = "-", first = "";
  const one = async () => {
    try {
      const r = await fetch(base + c.path, { method: "POST", body: JSON.stringify(c.body), signal: AbortSignal.timeout(60_000) });
      const j = /** @type {any} */ (await r.json());
      return [String(r.status), j.errors?.[0] ?? j.error ?? (j.success ? "success" : j.valid ? "valid" : "")];
    } catch (e) {
      return [/** @type {Error} */ (e).name, ""];
    }
  };
  const answers = await Promise.all(Array.from({ length: COPIES }, one));
  status = [...new Set(answers.map((a) => a[0]))].join(", ");
  first = [...new Set(answers.map((a) => a[1]))].join(" / ");
  const ms = performance.now() - t0;
  let alive = "answers";
  try { await fetch(base + "/health", { signal: AbortSignal.timeout(5000) }); } catch { alive = "DOWN"; }
  const peak = child.exitCode === null ? hwm(child.pid).toFixed(0) + " MiB" : "(exited)";
  console.log(`| ${name} | ${status} | ${String(first).slice(0, 70)} | ${(ms / 1000).toFixed(1)} s | ${peak} (server ${alive}) |`);
  child.kill("SIGKILL");
}
