#!/usr/bin/env node
// What the trip across the thread boundary costs a small request (issue 26 item 7): the
// event loop posts jobs to a worker, the worker answers each, the next message goes when
// every answer is in — the pool's pattern with nothing evaluated. µs of wall time per job:
//   single N  one job per message, as the pool sent jobs before batching ({ type, id, job }),
//             each answer as UTF-8 bytes whose buffer is transferred (N = 1: one in flight)
//   batch N   N jobs in one message ({ batch, ids, jobs }), each answer posted on its own as
//             a string (the pool now)
//   flat N    N jobs as one flat array of ids and source strings, the answers likewise in
//             one array (the floor: no objects cloned, one message back)
//   node bench/http-postmessage.mjs [--rounds 5] [--jobs 20000]   |  --smoke
import { Worker, isMainThread, parentPort } from "node:worker_threads";
import { SMOKE, flag } from "./bench-args.mjs";

const SOURCE = 'name = "api"\nport = 8080\ndebug = false\nhosts = ["a.example", "b.example"]\ndb { host = "db.local", port = 5432 }\n// 1-1';
const ANSWER =
  '{"success":true,"output":{"name":"api","port":8080,"debug":false,"hosts":["a.example","b.example"],"db":{"host":"db.local","port":5432}},"format":"json","transpile_time_ms":0.061}';

if (!isMainThread && parentPort) {
  const port = parentPort;
  const encoder = new TextEncoder();
  port.on("message", (msg) => {
    if (Array.isArray(msg)) {
      /** @type {unknown[]} */
      const out = [];
      for (let i = 0; i < msg.length; i += 2) out.push(msg[i], ANSWER);
      port.postMessage(out);
    } else if (msg.ids) {
      for (const id of msg.ids) port.postMessage({ type: "body", id, bytes: ANSWER });
    } else {
      const bytes = encoder.encode(ANSWER);
      port.postMessage({ type: "body", id: msg.id, bytes }, [bytes.buffer]);
    }
  });
} else {
  const rounds = SMOKE ? 1 : Number(flag("rounds", "5"));
  const jobs = SMOKE ? 200 : Number(flag("jobs", "20000"));
  const worker = new Worker(new URL(import.meta.url));
  /** @param {number} id */
  const job = (id) => ({ kind: "transpile", source: `${SOURCE}-${id}`, format: "json", includeMerge: "deep", streaming: false, streamThreshold: 10000, files: [] });
  const decoder = new TextDecoder();

  /**
   * µs per job for `jobs` jobs sent `batch` at a time in `shape`.
   * @param {string} shape
   * @param {number} batch
   * @returns {Promise<number>}
   */
  const run = (shape, batch) =>
    new Promise((resolve) => {
      let sent = 0;
      let waiting = 0;
      const t0 = performance.now();
      const next = () => {
        if (sent >= jobs) return resolve(((performance.now() - t0) * 1000) / jobs);
        const n = Math.min(batch, jobs - sent);
        waiting = n;
        if (shape === "flat") {
          /** @type {unknown[]} */
          const msg = [];
          for (let i = 0; i < n; i++) msg.push(sent + i, `${SOURCE}-${sent + i}`);
          worker.postMessage(msg);
        } else if (shape === "batch") {
          const ids = [];
          const list = [];
          for (let i = 0; i < n; i++) ids.push(sent + i), list.push(job(sent + i));
          worker.postMessage({ batch: sent, ids, jobs: list });
        } else {
          for (let i = 0; i < n; i++) worker.postMessage({ type: "job", id: sent + i, job: job(sent + i) });
        }
        sent += n;
      };
      worker.removeAllListeners("message");
      worker.on("message", (msg) => {
        if (Array.isArray(msg)) waiting -= msg.length / 2;
        else {
          waiting--;
          if (typeof msg.bytes !== "string") decoder.decode(msg.bytes);
        }
        if (waiting === 0) next();
      });
      next();
    });

  /** @type {[string, number][]} */
  const shapes = [
    ["single", 1],
    ["single", 16],
    ["batch", 1],
    ["batch", 4],
    ["batch", 16],
    ["flat", 16],
  ];
  /** @type {Map<string, number[]>} */
  const results = new Map(shapes.map(([shape, n]) => [`${shape} ${n}`, []]));
  for (let r = 0; r < rounds; r++) for (const [shape, n] of shapes) results.get(`${shape} ${n}`)?.push(await run(shape, n));
  console.log(`µs per job, wall time (median of ${rounds} round(s) of ${jobs} jobs)`);
  for (const [key, list] of results) {
    list.sort((a, b) => a - b);
    console.log(`${key.padEnd(10)} ${(list[list.length >> 1] ?? 0).toFixed(2)}`);
  }
  await worker.terminate();
}
