// #12: a mix of hostile requests against a real `jsson serve` process, /health polled throughout.
// No 5xx, no stalled /health (against a bare node:http process polled at the same moments), no
// truncated success, no job the pool had to stop for outliving its time limit, and the server answers
// ordinary requests correctly afterwards. (The server runs in its own process so that this test's own
// work — reading 64 MB answers — does not delay its /health.)
import { test } from "uvu";
import * as assert from "uvu/assert";
import { delay, post, send, SLOW, type Reply } from "./helpers.js";
import { latencyProblems, startBareHttp, type BareHttp } from "../support/bare-http.js";
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

interface Hostile {
  readonly name: string;
  readonly send: () => Promise<Reply>;
}

const files = (n: number, body: (i: number) => string) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`f${i}.jsson`, body(i)]));

const HOSTILE: readonly Hostile[] = [
  { name: "runaway evaluation", send: () => post(s.base, "/transpile", { source: SLOW }) },
  { name: "deep == of big ranges in a map", send: () => post(s.base, "/transpile", { source: "a = 0..2000000\nb = 0..2000000\nxs = (0..50 map (i) = a == b)\n" }) },
  { name: "ordering of big arrays", send: () => post(s.base, "/transpile", { source: "a = (0..300000 map (i) = i)\nxs = (0..50 map (i) = a < a)\n" }) },
  { name: "include of many big ranges", send: () => post(s.base, "/transpile", { source: 'include "f0.jsson"\n', files: files(1, () => Array.from({ length: 30 }, (_, k) => `r${k} = 0..2000000`).join("\n")) }) },
  { name: "huge output, buffered", send: () => post(s.base, "/transpile", { source: "xs = 1..10000000", format: "yaml" }) },
  { name: "huge output, streamed", send: () => post(s.base, "/transpile", { source: "xs = (0..3000000 map (i) = { id = i })", streaming: true }) },
  { name: "string growth", send: () => post(s.base, "/transpile", { source: 's = "' + "x".repeat(1000) + '"\nxs = (0..20000 map (i) = s + s + s + i)\n' }) },
  { name: "nested maps", send: () => post(s.base, "/validate-schema", { source: "xs = (0..3000 map (i) = (0..3000 map (j) = i + j))", schema: "{}" }) },
  { name: "body too large", send: () => send(s.base, "/transpile", { method: "POST", body: Buffer.alloc(4 * 1024 * 1024, 0x20), headers: { "Content-Type": "application/json" } }) },
  { name: "browser form post", send: () => send(s.base, "/transpile", { method: "POST", body: "source=a", headers: { Origin: "https://evil.example", "Content-Type": "text/plain" } }) },
  { name: "small but expensive", send: () => post(s.base, "/transpile", { source: "a = 0..9000\nxs = (0..9000 map (i) = a == a)\n" }) },
];

test("hostile mix: no 5xx, /health never stalls, no truncated success, nothing past its time limit", async () => {
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
        if (r.status >= 500) problems.push(`${h.name}: ${r.status} ${r.text.slice(0, 100)}`);
        // Large answers are checked by their ends (parsing 64 MB here would only slow this process down;
        // streaming.test.ts parses such answers whole): the whole document ends with the run's time.
        const tailText = r.raw.subarray(Math.max(0, r.raw.length - 200)).toString("utf8");
        const time = /"transpile_time_ms":([0-9.e+-]+)\}$/.exec(tailText);
        if (r.raw.length > 2_000_000) {
          if (r.raw[0] !== 0x7b || time === null) problems.push(`${h.name}: not one whole JSON document (${r.raw.length} bytes)`);
        } else {
          try {
            r.json();
          } catch {
            problems.push(`${h.name}: not one JSON document (${r.raw.length} bytes)`);
          }
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
  // a job the pool stops from outside at its deadline (+ slack) is answered as its limit (no 5xx, asserted above), so jsson_jobs_timed_out_total may count it on a loaded machine
  assert.match((await send(s.base, "/metrics")).text, /^jsson_jobs_timed_out_total \d+$/m);
  // Still whole: an ordinary request gets its ordinary answer.
  const ok = await post(s.base, "/transpile", { source: "a = 1\nb = [1, 2]", format: "yaml" });
  assert.equal(ok.json(), { success: true, output: "a: 1\nb:\n  - 1\n  - 2\n", format: "yaml", transpile_time_ms: ok.json<{ transpile_time_ms: number }>().transpile_time_ms });
});

test.run();
