// Issue #26 finding 5, variants: request bodies whose checks (field types, `files` paths, `vars`)
// run on the event loop, at the largest size -max-body allows (2 MiB by default). Each must be
// answered (400 with bounded messages, or 200), with the main thread's CPU and /health from
// another process measured meanwhile.
//   node bench/attack/request-checks.mjs [regex]
import { startServer, attack } from "./harness.mjs";

const only = process.argv[2] ? new RegExp(process.argv[2]) : null;
const MiB = 1024 * 1024;
const fill = (bytes, unit) => unit.repeat(Math.floor(bytes / unit.length));

const CASES = {
  "vars nested 500k deep (JSON)": `{"source":"a = 1","vars":{"v":${"[".repeat(500_000)}${"]".repeat(500_000)}}}`,
  "vars: 100k names, all valid": JSON.stringify({ source: "a = 1", vars: Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`v${i}`, i])) }),
  "vars: 100k names, all invalid": JSON.stringify({ source: "a = 1", vars: Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`${i}-x`, i])) }),
  "vars: one name of 1.9 MB": JSON.stringify({ source: "a = 1", vars: { [fill(1.9 * MiB, "a")]: 1 } }),
  "vars: 1.9 MB string value of escapes": `{"source":"a = v","vars":{"v":"${fill(1.9 * MiB, "\\u0000")}"}}`,
  "files: 60k entries": JSON.stringify({ source: 'include "f1.jsson"', files: Object.fromEntries(Array.from({ length: 60_000 }, (_, i) => [`f${i}.jsson`, "a = 1"])) }),
  "files: one path of 900k '../'": JSON.stringify({ source: "a = 1", files: { [fill(1.9 * MiB, "../")]: "a = 1" } }),
  "files: one path of 1.9 MB of '/'": JSON.stringify({ source: "a = 1", files: { [fill(1.9 * MiB, "/")]: "a = 1" } }),
  "files: 300k tiny invalid paths": JSON.stringify({ source: "a = 1", files: Object.fromEntries(Array.from({ length: 300_000 }, (_, i) => [`/${i}`, ""])) }),
  "unknown fields: 150k": JSON.stringify(Object.fromEntries([["source", "a = 1"], ...Array.from({ length: 150_000 }, (_, i) => [`x${i}`, 1])])),
  "source: 1.9 MB of one line": JSON.stringify({ source: "a = " + fill(1.9 * MiB, "1") }),
  "format: a 1.9 MB name": JSON.stringify({ source: "a = 1", format: fill(1.9 * MiB, "x") }),
  "stream_threshold: 1e308": '{"source":"x = 1..100000","stream_threshold":1e308}',
  "stream_threshold: -1": '{"source":"x = 1..100000","stream_threshold":-1}',
  "stream_threshold: 0.5": '{"source":"x = 1..100000","stream_threshold":0.5}',
  "strict: a 1.9 MB array": JSON.stringify({ source: "a = 1", strict: Array(600_000).fill(0) }),
};

console.log("| request (≤ 2 MiB) | status | first error | answer after | /health p99/max (poller) | main thread CPU | peak RSS |");
console.log("|---|---|---|---|---|---|---|");
const server = await startServer(["-workers", "1", "-timeout", "5s"]);
for (const [name, body] of Object.entries(CASES)) {
  if (only && !only.test(name)) continue;
  const r = await attack(server, "/transpile", body);
  const a = r.answers[0];
  console.log(`| ${name} (${(body.length / MiB).toFixed(2)} MiB) | ${a.status} | ${a.first.slice(0, 70).replace(/\|/g, "\\|")}${a.bytes > 4096 ? ` (answer ${(a.bytes / 1024).toFixed(0)} KiB)` : ""} | ${(a.ms / 1000).toFixed(2)} s | ${r.health.p99}/${r.health.max} ms | ${r.mainCpuMs.toFixed(0)} ms (waited ${r.mainWaitMs.toFixed(0)} ms) | ${r.peak.toFixed(0)} MiB${r.alive ? "" : " DEAD"} |`);
}
server.child.kill("SIGKILL");
