// A slow request cannot stall the others (issue 3/8): /health and small transpiles keep
// answering while a big evaluation runs; a full queue answers 503 with Retry-After.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Agent } from "node:http";
import { post, send, SLOW, startServer } from "./helpers.js";
import { latencyProblems, startBareHttp } from "../support/bare-http.js";
import { gauge, untilGauge } from "../support/server-gauge.js";
import { waitFor } from "../support/wait-for.js";

test("while a slow request evaluates, /health and small transpiles keep answering fast", async () => {
  const s = await startServer({ workers: 2, timeoutMs: 2500 });
  // the calibration: a bare node:http in this same process, polled right after each request
  const bare = await startBareHttp();
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const bareAgent = new Agent({ keepAlive: true, maxSockets: 1 });
  const timed = async (base: string, path: string, options: Parameters<typeof send>[2]): Promise<number> => {
    const t = performance.now();
    await send(base, path, options);
    return performance.now() - t;
  };
  try {
    await send(s.base, "/health", { agent });
    await send(bare.base, "/", { agent: bareAgent });
    let slowAnswered = false;
    const slow = post(s.base, "/transpile", { source: SLOW }).finally(() => (slowAnswered = true));
    slow.catch(() => undefined);
    await untilGauge(s.base, "jsson_jobs_running", (n) => n === 1, "the slow request to be evaluated");
    const health: number[] = [];
    const small: number[] = [];
    const bareHealth: number[] = [];
    const bareSmall: number[] = [];
    // polled until the slow request answers (its time limit): it runs all along
    while (!slowAnswered) {
      const h = await send(s.base, "/health", { agent });
      assert.is(h.status, 200);
      health.push(await timed(s.base, "/health", { agent }));
      bareHealth.push(await timed(bare.base, "/", { agent: bareAgent }));
      const t = performance.now();
      const r = await send(s.base, "/transpile", { agent, method: "POST", body: '{"source":"a = 1\\nb = [1, 2, 3]"}' });
      small.push(performance.now() - t);
      assert.is(r.json().success, true);
      bareSmall.push(await timed(bare.base, "/", { agent: bareAgent, method: "POST", body: '{"source":"a = 1\\nb = [1, 2, 3]"}' }));
    }
    const slowReply = await slow;
    assert.is(slowReply.status, 200);
    assert.match(slowReply.json<{ errors: string[] }>().errors[0]!, /timed out/, "the slow request ran to its time limit");
    assert.ok(health.length >= 10, `${health.length} health samples`);
    assert.equal([...latencyProblems("/health", health, bareHealth), ...latencyProblems("small transpile", small, bareSmall)], []);
  } finally {
    agent.destroy();
    bareAgent.destroy();
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
