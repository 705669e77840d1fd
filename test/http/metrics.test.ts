// HTTP.md §9: GET /metrics — Prometheus text with requests by route, method and status,
// duration histograms, in-flight requests, queue depth, refused and timed-out jobs, worker
// restarts, response bytes and the runtime's metrics, all prefixed jsson_; one scrape of any
// process of a `jsson serve` cluster sees the whole server; `promtool check metrics` accepts it.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { fixturesDir, post, send, SLOW, startServer } from "./helpers.js";
import { startServe } from "./serve-child.js";
import { untilGauge } from "../support/server-gauge.js";

/** The samples of a scrape: `name{labels}` (labels as written) → value. */
function samples(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const space = line.lastIndexOf(" ");
    out.set(line.slice(0, space), Number(line.slice(space + 1)));
  }
  return out;
}

/** One sample's value (undefined when absent). */
function value(text: string, series: string): number | undefined {
  return samples(text).get(series);
}

const promtool = spawnSync("promtool", ["--version"], { encoding: "utf8" });
const HAVE_PROMTOOL = promtool.status === 0;

test("requests by route, method and status; durations; bytes; bounded labels", async () => {
  const s = await startServer();
  try {
    for (let i = 0; i < 3; i++) assert.is((await post(s.base, "/transpile", { source: "a = 1" })).status, 200);
    assert.is((await post(s.base, "/transpile", { source: 1 })).status, 400);
    assert.is((await send(s.base, "/an/attacker/chosen/path?x=1")).status, 404);
    assert.is((await send(s.base, "/transpile", { method: "OPTIONS" })).status, 204);
    const scrape = await send(s.base, "/metrics");
    assert.is(scrape.status, 200);
    assert.match(String(scrape.headers["content-type"]), /^text\/plain; version=0\.0\.4/);
    assert.ok(scrape.headers["x-request-id"]);
    const t = scrape.text;
    assert.is(value(t, 'jsson_http_requests_total{route="/transpile",method="POST",status="200"}'), 3);
    assert.is(value(t, 'jsson_http_requests_total{route="/transpile",method="POST",status="400"}'), 1);
    assert.is(value(t, 'jsson_http_requests_total{route="other",method="GET",status="404"}'), 1);
    assert.is(value(t, 'jsson_http_requests_total{route="/transpile",method="OPTIONS",status="204"}'), 1);
    assert.not.match(t, /attacker/);
    assert.is(value(t, 'jsson_http_request_duration_seconds_count{route="/transpile"}'), 5);
    assert.is(value(t, 'jsson_http_request_duration_seconds_bucket{route="/transpile",le="+Inf"}'), 5);
    assert.ok(value(t, 'jsson_http_request_duration_seconds_sum{route="/transpile"}')! > 0);
    const bytes = value(t, 'jsson_http_response_bytes_total{route="/transpile"}')!;
    assert.ok(bytes > 5 * 100 && bytes < 5 * 1000, String(bytes));
    assert.is(value(t, "jsson_http_requests_in_flight"), 1); // this scrape
    assert.is(value(t, "jsson_http_processes"), 1);
    assert.is(value(t, "jsson_work_queue_depth"), 0);
    assert.is(value(t, "jsson_workers_ready"), 1);
    for (const name of ["jsson_jobs_refused_total", "jsson_jobs_timed_out_total", "jsson_worker_restarts_total"]) assert.is(value(t, name), 0, name);
    // the runtime's metrics, with the prefix
    for (const name of ["jsson_process_cpu_seconds_total", "jsson_process_resident_memory_bytes", "jsson_nodejs_eventloop_lag_seconds", "jsson_nodejs_heap_size_used_bytes"])
      assert.ok(value(t, name) !== undefined, name);
    assert.match(t, /^# TYPE jsson_nodejs_gc_duration_seconds histogram$/m);
    // every metric name carries the prefix
    for (const series of samples(t).keys()) assert.ok(series.startsWith("jsson_"), series);
    // the scrape itself is counted by the next one
    const next = (await send(s.base, "/metrics")).text;
    assert.is(value(next, 'jsson_http_requests_total{route="/metrics",method="GET",status="200"}'), 1);
  } finally {
    await s.close();
  }
});

test("queue depth, refused jobs, timed-out jobs and worker restarts", async () => {
  // a grace a starved worker of a loaded machine never needs: only "hang" outlives it
  const s = await startServer({ maxQueue: 1, timeoutMs: 300, workerGraceMs: 3000, plugins: [join(fixturesDir, "fixture-plugin.mjs")] });
  try {
    // "hang" never checks a limit: the pool terminates its worker after 300 + 3000 ms
    const hung = post(s.base, "/transpile", { source: "a = 1", format: "hang" });
    await untilGauge(s.base, "jsson_jobs_running", (n) => n === 1, "the hanging job to run");
    const queued = post(s.base, "/transpile", { source: SLOW, format: "yaml" });
    await untilGauge(s.base, "jsson_work_queue_depth", (n) => n === 1, "the second job to be queued");
    const during = (await send(s.base, "/metrics")).text;
    assert.is(value(during, "jsson_work_queue_depth"), 1);
    assert.is(value(during, "jsson_jobs_running"), 1);
    assert.is((await post(s.base, "/transpile", { source: "a = 1", format: "shout" })).status, 503);
    assert.is((await hung).status, 200); // the time limit, as a source error
    assert.is((await queued).status, 200); // ends with its own time limit (a source error)
    assert.is((await post(s.base, "/transpile", { source: "a = 1", format: "crash" })).status, 500);
    // a client that leaves before its answer is counted as 499
    const leaving = new AbortController();
    const left = fetch(s.base + "/validate-schema", { method: "POST", body: JSON.stringify({ source: SLOW, schema: "{}" }), signal: leaving.signal }).catch(() => "aborted");
    await untilGauge(s.base, "jsson_jobs_running", (n) => n === 1, "the leaving client's job to run");
    leaving.abort();
    assert.is(await left, "aborted");
    await untilGauge(s.base, 'jsson_http_requests_total{route="/validate-schema",method="POST",status="499"}', (n) => n === 1, "the 499 to be counted");
    const after = (await send(s.base, "/metrics")).text;
    assert.is(value(after, 'jsson_http_requests_total{route="/validate-schema",method="POST",status="499"}'), 1);
    assert.is(value(after, "jsson_jobs_refused_total"), 1);
    assert.is(value(after, "jsson_jobs_timed_out_total"), 1);
    assert.is(value(after, "jsson_worker_restarts_total"), 2); // the hung one, the crashed one
    assert.is(value(after, 'jsson_http_requests_total{route="/transpile",method="POST",status="503"}'), 1);
    assert.is(value(after, "jsson_work_queue_depth"), 0);
  } finally {
    await s.close();
  }
});

test("jsson serve with two processes: one scrape sums both, and promtool accepts the text", async () => {
  if (!HAVE_PROMTOOL && process.env["CI"] !== "true")
    console.log("\n  SKIPPED promtool check: promtool not found (apt-get install prometheus); CI installs it and fails without it");
  const s = await startServe(["-port", "0", "-host", "127.0.0.1", "-processes", "2", "-workers", "2", "-q"]);
  try {
    // a new connection per request: the cluster hands connections to both processes in turn
    const N = 24;
    for (let i = 0; i < N; i++) assert.is((await post(s.base, "/transpile", { source: `a = ${i}`, format: i % 2 ? "yaml" : "json" })).status, 200);
    for (let i = 0; i < 4; i++) assert.is((await send(s.base, "/nope")).status, 404);
    const scrapes = [(await send(s.base, "/metrics")).text, (await send(s.base, "/metrics")).text];
    for (const t of scrapes) {
      assert.is(value(t, "jsson_http_processes"), 2);
      assert.is(value(t, 'jsson_http_requests_total{route="/transpile",method="POST",status="200"}'), N);
      assert.is(value(t, 'jsson_http_requests_total{route="other",method="GET",status="404"}'), 4);
      assert.is(value(t, 'jsson_http_request_duration_seconds_count{route="/transpile"}'), N);
      assert.is(value(t, "jsson_workers_ready"), 2);
    }
    // the two scrapes were answered by different processes: each sees the other's scrape too
    assert.is(value(scrapes[1]!, 'jsson_http_requests_total{route="/metrics",method="GET",status="200"}'), 1);
    if (HAVE_PROMTOOL || process.env["CI"] === "true") {
      const check = spawnSync("promtool", ["check", "metrics"], { input: scrapes[1], encoding: "utf8" });
      assert.is(check.error, undefined, `promtool could not run (CI must install Debian's prometheus package): ${check.error?.message}`);
      assert.is(check.status, 0, `promtool check metrics: ${check.stdout}${check.stderr}`);
    }
  } finally {
    assert.is(await s.stop(), 0);
  }
});

test.run();
