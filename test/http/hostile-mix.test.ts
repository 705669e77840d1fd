// #12: a mix of hostile requests against a real `jsson serve` process, /health polled throughout.
// No 5xx, no stalled /health (against a bare node:http process polled at the same moments), no
// truncated success, every request answered with its own refusal or a limit's message, every worker
// the pool replaced replaced for a limit (and both up again), and the server answers ordinary
// requests correctly afterwards. (The server runs in its own process so that this test's own
// work — reading 64 MB answers — does not delay its /health.)
import { test } from "uvu";
import * as assert from "uvu/assert";
import { delay, post, send, SLOW, type Reply } from "./helpers.js";
import { latencyProblems, startBareHttp, type BareHttp } from "../support/bare-http.js";
import { gauges, untilGauge } from "../support/server-gauge.js";
import { startServe as serve, type ServeProcess } from "./serve-child.js";

const TIMEOUT_MS = 1000;

let s: ServeProcess;
let bare: BareHttp;
test.before(async () => {
  bare = await startBareHttp({ process: true });
  s = await serve(["-port", "0", "-host", "127.0.0.1", "-processes", "1", "-workers", "2", "-timeout", `${TIMEOUT_MS}ms`, "-max-body", "1MiB", "-quiet", "-playground=false"]);
});
test.after(async () => {
  s.child.kill("SIGTERM");
  await s.exit;
  await bare.close();
});

/**
 * The limits an evaluation may end at here, whichever comes first on the machine (the time limit is
 * wall-clock: a loaded machine reaches it with less work done): time, the job's memory budget,
 * values. `schema:` when the job was validating (HTTP.md §2).
 */
const LIMIT = new RegExp(String.raw`^(?:Line \d+|schema): (?:(?:evaluation|validation) (?:timed out \(limit ${TIMEOUT_MS} ms\)|ran out of memory \(limit \d+ MiB per request\))|too many values \(limit \d+\))$`);

interface Hostile {
  readonly name: string;
  readonly send: () => Promise<Reply>;
  /** The answer's status and, for a 200, the one error it may carry (besides a limit's, see {@link LIMIT}); `undefined`: a limit's only. */
  readonly status?: number;
  readonly error?: string;
  /** A whole successful answer is fine too (a fast machine may finish it within the limits). */
  readonly mayFinish?: true;
}

const files = (n: number, body: (i: number) => string) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`f${i}.jsson`, body(i)]));

const HOSTILE: readonly Hostile[] = [
  { name: "runaway evaluation", send: () => post(s.base, "/transpile", { source: SLOW }) },
  { name: "deep == of big arrays in a map", send: () => post(s.base, "/transpile", { source: "a = [0..2000000]\nb = [0..2000000]\nxs = (0..50 map (i) = a == b)\n" }) },
  { name: "ordering of big arrays", send: () => post(s.base, "/transpile", { source: "a = (0..300000 map (i) = i)\nxs = (0..50 map (i) = a < a)\n" }), error: "Line 2: can't compare array and array" },
  { name: "include of many big ranges", send: () => post(s.base, "/transpile", { source: 'include "f0.jsson"\n', files: files(1, () => Array.from({ length: 30 }, (_, k) => `r${k} = 0..2000000`).join("\n")) }) },
  { name: "huge output, buffered", send: () => post(s.base, "/transpile", { source: "xs = 1..10000000", format: "yaml" }), mayFinish: true },
  { name: "huge output, streamed", send: () => post(s.base, "/transpile", { source: "xs = (0..3000000 map (i) = { id = i })", streaming: true }), mayFinish: true },
  { name: "string growth", send: () => post(s.base, "/transpile", { source: 's = "' + "x".repeat(1000) + '"\nxs = (0..20000 map (i) = s + s + s + i)\n' }), mayFinish: true },
  { name: "nested maps", send: () => post(s.base, "/validate-schema", { source: "xs = (0..3000 map (i) = (0..3000 map (j) = i + j))", schema: "{}" }), mayFinish: true },
  { name: "body too large", send: () => send(s.base, "/transpile", { method: "POST", body: Buffer.alloc(4 * 1024 * 1024, 0x20), headers: { "Content-Type": "application/json" } }), status: 413, error: "request body too large (limit 1MiB)" },
  { name: "browser form post", send: () => send(s.base, "/transpile", { method: "POST", body: "source=a", headers: { Origin: "https://evil.example", "Content-Type": "text/plain" } }), status: 415, error: "unsupported media type: a request with an Origin header must send Content-Type: application/json" },
  { name: "small but expensive", send: () => post(s.base, "/transpile", { source: "a = [0..9000]\nb = [0..9000]\nxs = (0..9000 map (i) = a == b)\n" }) },
];

test("hostile mix: no 5xx, /health never stalls, no truncated success, each request answered with its refusal or a limit, workers replaced only for a limit", async () => {
  const healthMs: number[] = [];
  const bareMs: number[] = [];
  const healthBad: string[] = [];
  let polling = true;
  const timed = async <T>(p: Promise<T>): Promise<[T, number]> => {
    const t = performance.now();
    const r = await p;
    return [r, performance.now() - t];
  };
  const poller = (async () => {
    while (polling) {
      const [[r, ms], [, calibration]] = await Promise.all([timed(send(s.base, "/health").catch((e: Error) => ({ status: 0, text: e.message }) as Reply)), timed(send(bare.base, "/"))]);
      healthMs.push(ms);
      bareMs.push(calibration);
      if (r.status !== 200) healthBad.push(`${r.status} ${r.text.slice(0, 80)}`);
      await delay(10); // the poller's pace, not a wait for anything
    }
  })();
  const problems: string[] = [];
  /** Answers carrying the time limit's message, and the memory limit's. */
  const limited = { time: 0, memory: 0 };
  // Two rounds, each request of a round in flight at the same time.
  for (let round = 0; round < 2; round++) {
    await Promise.all(
      HOSTILE.map(async (h) => {
        let r: Reply;
        try {
          r = await h.send();
        } catch (e) {
          problems.push(`${h.name}: ${(e as Error).message}`);
          return;
        }
        if (r.status !== (h.status ?? 200)) return void problems.push(`${h.name}: ${r.status} ${r.text.slice(0, 100)}`);
        // Large answers are checked by their ends (parsing 64 MB here would only slow this process down;
        // streaming.test.ts parses such answers whole): the whole document ends with the run's time.
        if (r.raw.length > 2_000_000) {
          const tailText = r.raw.subarray(Math.max(0, r.raw.length - 200)).toString("utf8");
          if (r.raw[0] !== 0x7b || !/"transpile_time_ms":[0-9.e+-]+\}$/.test(tailText)) problems.push(`${h.name}: not one whole JSON document (${r.raw.length} bytes)`);
          else if (!h.mayFinish) problems.push(`${h.name}: finished (${r.raw.length} bytes)`);
          return;
        }
        let j: { success?: boolean; valid?: boolean; errors?: string[]; error?: string };
        try {
          j = r.json();
        } catch {
          return void problems.push(`${h.name}: not one JSON document (${r.raw.length} bytes)`);
        }
        if (h.status !== undefined) {
          if (j.error !== h.error) problems.push(`${h.name}: ${r.text.slice(0, 200)}`);
        } else if (j.success === true || j.valid === true) {
          if (!h.mayFinish) problems.push(`${h.name}: finished`);
        } else {
          // refused with its own error or stopped at a limit, saying which: one error, nothing else
          const error = j.errors?.length === 1 ? j.errors[0]! : "";
          if (error !== h.error && !LIMIT.test(error)) problems.push(`${h.name}: ${JSON.stringify(j.errors)}`);
          else if (error.includes(" timed out ")) limited.time++;
          else if (error.includes(" ran out of memory ")) limited.memory++;
        }
      }),
    );
  }
  polling = false;
  await poller;
  assert.equal(problems, []);
  assert.equal(healthBad, []);
  assert.ok(healthMs.length > 20, `${healthMs.length} polls`);
  assert.equal(latencyProblems("/health under the hostile mix", healthMs, bareMs), []);
  // A job the pool stops from outside (its deadline + slack passed, or its heap cap reached: on a loaded
  // machine it may be any of them) has its worker replaced and is answered with that limit: every
  // worker replaced was replaced for a limit (none lost to a crash), never more stops than answers
  // naming them, and both workers are up again.
  await untilGauge(s.base, "jsson_workers_ready", (n) => n === 2, "both workers up again");
  const pool = await gauges(s.base, ["jsson_worker_restarts_total", "jsson_jobs_timed_out_total", "jsson_jobs_out_of_memory_total"]);
  const [restarts, timedOut, outOfMemory] = [pool.jsson_worker_restarts_total, pool.jsson_jobs_timed_out_total, pool.jsson_jobs_out_of_memory_total];
  assert.is(restarts, timedOut + outOfMemory, `${restarts} workers replaced, ${timedOut} for time, ${outOfMemory} for memory`);
  assert.ok(timedOut <= limited.time, `${timedOut} jobs stopped at their deadline, ${limited.time} answers naming the time limit`);
  assert.ok(outOfMemory <= limited.memory, `${outOfMemory} jobs stopped at their memory budget, ${limited.memory} answers naming it`);
  // Still whole: an ordinary request gets its ordinary answer.
  const ok = await post(s.base, "/transpile", { source: "a = 1\nb = [1, 2]", format: "yaml" });
  assert.equal(ok.json(), { success: true, output: "a: 1\nb:\n  - 1\n  - 2\n", format: "yaml", transpile_time_ms: ok.json<{ transpile_time_ms: number }>().transpile_time_ms });
});

test.run();
