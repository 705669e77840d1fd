// HTTP.md §9: GET /livez and GET /readyz — alive while the process answers; ready
// unless draining or with every evaluation worker down; probes are never queued.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Agent } from "node:http";
import { join } from "node:path";
import { fixturesDir, post, send, SLOW, startServer } from "./helpers.js";
import { untilGauge } from "../support/server-gauge.js";
import { waitFor } from "../support/wait-for.js";

test("a started server is alive and ready; HEAD works; other methods get 405", async () => {
  const s = await startServer();
  try {
    const live = await send(s.base, "/livez");
    assert.is(live.status, 200);
    assert.equal(live.json(), { status: "alive" });
    assert.is(live.headers["content-type"], "application/json; charset=utf-8");
    assert.ok(live.headers["x-request-id"]);
    const ready = await send(s.base, "/readyz");
    assert.is(ready.status, 200);
    assert.equal(ready.json(), { status: "ready" });
    const head = await send(s.base, "/readyz", { method: "HEAD" });
    assert.equal([head.status, head.raw.length], [200, 0]);
    const wrong = await send(s.base, "/livez", { method: "POST", body: "{}" });
    assert.is(wrong.status, 405);
    assert.is(wrong.headers["allow"], "GET, HEAD");
  } finally {
    await s.close();
  }
});

test("probes answer while the only worker is busy and the queue is full", async () => {
  const s = await startServer({ maxQueue: 1, timeoutMs: 20_000 });
  try {
    // cut short by the close below: only their being in the way matters
    const busy = [post(s.base, "/transpile", { source: SLOW }), post(s.base, "/transpile", { source: SLOW })].map((p) => p.catch(() => undefined));
    await untilGauge(s.base, "jsson_work_queue_depth", (n) => n === 1, "one job running, one queued");
    assert.is((await post(s.base, "/transpile", { source: SLOW })).status, 503); // the queue is full
    assert.is((await send(s.base, "/livez")).status, 200);
    assert.is((await send(s.base, "/readyz")).status, 200);
    await s.close();
    await Promise.all(busy);
  } finally {
    await s.close();
  }
});

test("readyz: 503 no_workers while the only worker is being replaced, then ready again", async () => {
  const s = await startServer({ plugins: [join(fixturesDir, "fixture-plugin.mjs")] });
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    assert.is((await send(s.base, "/readyz", { agent })).status, 200);
    // the "crash" format ends its worker thread; the 500 is sent once the pool has seen it exit
    assert.is((await post(s.base, "/transpile", { source: "a = 1", format: "crash" })).status, 500);
    const down = await send(s.base, "/readyz", { agent });
    assert.is(down.status, 503);
    assert.equal(down.json(), { status: "not_ready", reason: "no_workers" });
    await waitFor(async () => (await send(s.base, "/readyz", { agent })).status === 200, { what: "ready again once the new worker is up" });
    assert.is((await post(s.base, "/transpile", { source: "a = 1", format: "yaml" })).status, 200);
  } finally {
    agent.destroy();
    await s.close();
  }
});

test("readyz: 503 draining while in-flight requests finish; livez stays 200", async () => {
  const s = await startServer({ timeoutMs: 20_000 });
  // Open keep-alive connections before the drain (it refuses new ones, and closes each after its next answer).
  const agents = [new Agent({ keepAlive: true, maxSockets: 1 }), new Agent({ keepAlive: true, maxSockets: 1 })];
  try {
    for (const agent of agents) assert.is((await send(s.base, "/readyz", { agent })).status, 200);
    const inFlight = post(s.base, "/transpile", { source: 'rows = (0..200000 map (i) = { id = i, name = "user_" + i })\n', stream_threshold: 10000000 });
    await untilGauge(s.base, "jsson_jobs_running", (n) => n === 1, "the in-flight request to be evaluated");
    const drained = s.server.drain();
    const [ready, live] = await Promise.all([send(s.base, "/readyz", { agent: agents[0]! }), send(s.base, "/livez", { agent: agents[1]! })]);
    assert.is(ready.status, 503);
    assert.equal(ready.json(), { status: "not_ready", reason: "draining" });
    assert.equal([live.status, live.json()], [200, { status: "alive" }]);
    assert.is((await inFlight).status, 200);
    await drained;
  } finally {
    for (const agent of agents) agent.destroy();
    await s.close();
  }
});

test.run();
