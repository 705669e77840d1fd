// A slow request cannot stall the others (issue 3/8): /health and small transpiles keep
// answering while a big evaluation runs; a full queue answers 503 with Retry-After.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Agent } from "node:http";
import { post, send, SLOW, startServer } from "./helpers.js";
import { latencyProblems, startBareHttp } from "../support/bare-http.js";
import { gauge, untilGauge } from "../support/server-gauge.js";
import { waitFor } from "../support/wait-for.js";

/** Rounds polled while the slow request evaluates: a /health (paired with a bare answer) and a small transpile each. */
const ROUNDS = 50;

test("while a slow request evaluates, /health keeps answering fast and small transpiles are answered, never queued behind it", async () => {
  // a time limit the slow request does not reach while it is polled: its client leaves after the last round
  const s = await startServer({ workers: 2, timeoutMs: 120_000 });
  // the calibration for /health (answered on the event loop): a bare node:http in this same process, polled right after it
  const bare = await startBareHttp();
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const bareAgent = new Agent({ keepAlive: true, maxSockets: 1 });
  const slowAgent = new Agent();
  const timed = async (base: string, path: string, options: Parameters<typeof send>[2]): Promise<number> => {
    const t = performance.now();
    await send(base, path, options);
    return performance.now() - t;
  };
  try {
    await send(s.base, "/health", { agent });
    await send(bare.base, "/", { agent: bareAgent });
    let slowAnswered = false;
    const slow = send(s.base, "/transpile", { agent: slowAgent, method: "POST", body: JSON.stringify({ source: SLOW }), headers: { "Content-Type": "application/json" } }).finally(() => (slowAnswered = true));
    slow.catch(() => undefined);
    await untilGauge(s.base, "jsson_jobs_running", (n) => n === 1, "the slow request to be evaluated");
    const health: number[] = [];
    const bareHealth: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const h = await send(s.base, "/health", { agent });
      assert.is(h.status, 200);
      health.push(await timed(s.base, "/health", { agent }));
      bareHealth.push(await timed(bare.base, "/", { agent: bareAgent }));
      const r = await send(s.base, "/transpile", { agent, method: "POST", body: '{"source":"a = 1\\nb = [1, 2, 3]"}' });
      assert.equal(r.json(), { ...r.json(), success: true, output: { a: 1, b: [1, 2, 3] } });
    }
    // Every small transpile was answered while the slow request was being evaluated, and it still is:
    // none waited for it (a small transpile queued behind it would have had no answer until it ended).
    // Their latency is not judged: they run on a worker at the lowered priority of evaluation, which
    // a busy machine starves by design (bench/ measures them).
    assert.is(slowAnswered, false, "the slow request is still unanswered");
    assert.is(await gauge(s.base, "jsson_jobs_running"), 1, "the slow request is still evaluating");
    assert.equal(latencyProblems("/health", health, bareHealth), []);
    // its client leaves: the job is stopped, and its worker is free again
    slowAgent.destroy();
    await untilGauge(s.base, "jsson_jobs_running", (n) => n === 0, "the slow job to stop once its client left");
  } finally {
    agent.destroy();
    bareAgent.destroy();
    slowAgent.destroy();
    await bare.close();
    await s.close();
  }
});

test("saturated: a full queue answers 503 with Retry-After; accepted work still completes", async () => {
  const s = await startServer({ workers: 1, maxQueue: 1, timeoutMs: 800 });
  try {
    const running = post(s.base, "/transpile", { source: SLOW });
    running.catch(() => undefined);
    await untilGauge(s.base, "jsson_jobs_running", (n) => n === 1, "the first request to be evaluated");
    const queued = post(s.base, "/transpile", { source: SLOW });
    queued.catch(() => undefined);
    await untilGauge(s.base, "jsson_work_queue_depth", (n) => n === 1, "the second request to be queued");
    const refused = await post(s.base, "/transpile", { source: "a = 1" });
    assert.is(refused.status, 503);
    assert.ok(Number(refused.headers["retry-after"]) >= 1);
    assert.is(refused.json().error, "server busy: too many requests in progress; retry later");
    const health = await send(s.base, "/health");
    assert.is(health.status, 200, "health is never queued");
    for (const r of [await running, await queued]) {
      assert.is(r.status, 200);
      assert.is(r.json().success, false, "ended by a limit");
    }
    const after = await post(s.base, "/transpile", { source: "a = 1" });
    assert.is(after.status, 200);
  } finally {
    await s.close();
  }
});

test("two slow requests run in parallel on two workers", async () => {
  const s = await startServer({ workers: 2, timeoutMs: 1000 });
  try {
    let answered = 0;
    const both = Promise.all([post(s.base, "/transpile", { source: SLOW }), post(s.base, "/transpile", { source: SLOW })].map((p) => p.finally(() => answered++)));
    // both evaluating at one moment (serialised, the gauge would never read 2 before the first answer)
    let most = 0;
    await waitFor(async () => (most = Math.max(most, await gauge(s.base, "jsson_jobs_running"))) === 2 || answered > 0, { what: "two jobs running or an answer" });
    for (const r of await both) assert.match(r.json<{ errors: string[] }>().errors[0]!, /timed out/);
    assert.is(most, 2, "two jobs evaluated at the same time");
  } finally {
    await s.close();
  }
});

test.run();
