// A slow request cannot stall the others (issue 3/8): /health and small transpiles keep
// answering while a big evaluation runs; a full queue answers 503 with Retry-After.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Agent } from "node:http";
import { post, send, SLOW, startServer } from "./helpers.js";

function p99(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))]!;
}

test("while a slow request evaluates, /health and small transpiles keep answering fast", async () => {
  const s = await startServer({ workers: 2, timeoutMs: 2500 });
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    await send(s.base, "/health", { agent });
    const slowStarted = Date.now();
    const slow = post(s.base, "/transpile", { source: SLOW });
    slow.catch(() => undefined);
    const health: number[] = [];
    const small: number[] = [];
    while (Date.now() - slowStarted < 1800) {
      let t = performance.now();
      const h = await send(s.base, "/health", { agent });
      health.push(performance.now() - t);
      assert.is(h.status, 200);
      t = performance.now();
      const r = await send(s.base, "/transpile", { agent, method: "POST", body: '{"source":"a = 1\\nb = [1, 2, 3]"}' });
      small.push(performance.now() - t);
      assert.is(r.json().success, true);
    }
    const slowReply = await slow;
    const slowMs = Date.now() - slowStarted;
    assert.is(slowReply.status, 200);
    assert.ok(slowMs > 1700, `the slow request really was running all along (${slowMs} ms)`);
    assert.ok(health.length > 50, `${health.length} health samples`);
    // Loose bounds: the machine is shared; the point is "milliseconds, not seconds".
    assert.ok(p99(health) < 100, `/health p99 ${p99(health).toFixed(1)} ms`);
    assert.ok(p99(small) < 250, `small transpile p99 ${p99(small).toFixed(1)} ms`);
  } finally {
    agent.destroy();
    await s.close();
  }
});

test("saturated: a full queue answers 503 with Retry-After; accepted work still completes", async () => {
  const s = await startServer({ workers: 1, maxQueue: 1, timeoutMs: 800 });
  try {
    const running = post(s.base, "/transpile", { source: SLOW });
    running.catch(() => undefined);
    await new Promise((r) => setTimeout(r, 50));
    const queued = post(s.base, "/transpile", { source: SLOW });
    queued.catch(() => undefined);
    await new Promise((r) => setTimeout(r, 50));
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
    const started = Date.now();
    const [a, b] = await Promise.all([post(s.base, "/transpile", { source: SLOW }), post(s.base, "/transpile", { source: SLOW })]);
    const ms = Date.now() - started;
    for (const r of [a, b]) assert.match(r.json<{ errors: string[] }>().errors[0]!, /timed out/);
    assert.ok(ms < 1900, `${ms} ms: not serialised behind each other`);
  } finally {
    await s.close();
  }
});

test.run();
