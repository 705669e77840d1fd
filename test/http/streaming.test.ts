// HTTP.md §6: streamed responses are the same bytes as buffered ones, chunked,
// complete documents stating the outcome even when a limit strikes while writing; client disconnects release the worker.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { request } from "node:http";
import { post, SLOW, startServer, withoutTimes, type TestServer } from "./helpers.js";
import { untilGauge } from "../support/server-gauge.js";

let s: TestServer;
test.before(async () => {
  s = await startServer({ workers: 1 });
});
test.after(() => s.close());

// 1.4-3 MB of output in every format (json the least: compact): past the 1 MiB the server holds back before committing.
const BIG = 'title = "big ✓"\nrows = (0..20000 map (i) = { id = i, name = "user_" + i, ok = (i % 3) == 0, ratio = 0.5, tags = ["a", "b"] })\n';

test("streamed body == buffered body, byte for byte, in every format", async () => {
  for (const format of ["json", "yaml", "toml", "typescript"]) {
    const buffered = await post(s.base, "/transpile", { source: BIG, format, stream_threshold: 1_000_000 });
    const streamed = await post(s.base, "/transpile", { source: BIG, format, streaming: true });
    assert.is(buffered.json().success, true, format);
    assert.ok(buffered.raw.length > 1_200_000, `${format}: ${buffered.raw.length} bytes`);
    assert.ok(buffered.headers["content-length"] !== undefined, "buffered has a length");
    assert.is(streamed.headers["transfer-encoding"], "chunked", `${format} streamed`);
    assert.ok(withoutTimes(streamed.text) === withoutTimes(buffered.text), `${format}: bodies differ`);
    JSON.parse(streamed.text);
  }
});

test("a range above stream_threshold turns streaming on by itself (same bytes)", async () => {
  const source = "xs = 0..300000\n";
  const auto = await post(s.base, "/transpile", { source });
  assert.is(auto.headers["transfer-encoding"], "chunked");
  const off = await post(s.base, "/transpile", { source, stream_threshold: 1_000_000 });
  assert.ok(off.headers["content-length"] !== undefined);
  assert.ok(withoutTimes(auto.text) === withoutTimes(off.text));
  assert.is(auto.json<{ output: { xs: number[] } }>().output.xs.length, 300001);
});

test("surrogate pairs survive chunk boundaries (string and raw outputs)", async () => {
  // Past the 1 MiB window in either format (the json output is compact: ~13 code units per row).
  const source = 'rows = (0..100000 map (i) = "😀x" + i + "𝄞")\n';
  for (const format of ["yaml", "json"]) {
    const buffered = await post(s.base, "/transpile", { source, format, stream_threshold: 1_000_000 });
    const streamed = await post(s.base, "/transpile", { source, format, streaming: true });
    assert.is(streamed.headers["transfer-encoding"], "chunked");
    assert.ok(withoutTimes(streamed.text) === withoutTimes(buffered.text), format);
    assert.not.match(streamed.text, /\\ud[89ab]/i, "no escaped half pairs");
    assert.is(streamed.json<{ success: boolean }>().success, true);
  }
});

test("errors are found before success:true — a failing source with streaming:true is an ordinary failure", async () => {
  const r = await post(s.base, "/transpile", { source: "a = 0..300000\nb = 1 / 0\n", streaming: true });
  assert.ok(r.headers["content-length"] !== undefined, "not streamed");
  assert.equal(r.json<{ errors: string[] }>().errors, ["Line 2: division by zero"]);
  const small = await post(s.base, "/transpile", { source: "a = 1\nlist = [null]\n", format: "toml", streaming: true });
  assert.match(small.json<{ errors: string[] }>().errors[0]!, /^Line 2: TOML cannot represent null/);
});

test("an error deep inside a lazily produced range is found before the first byte", async () => {
  // The failing element lies far past the window the server holds back before committing.
  const source = "a = 1\nxs = (0..300000 map (i) = { id = i, inv = 10 / (i - 250000) })\n";
  for (const body of [{ source, streaming: true }, { source }, { source, format: "yaml" }]) {
    const r = await post(s.base, "/transpile", body);
    assert.ok(r.headers["content-length"] !== undefined, "answered whole, not cut");
    const j = r.json<{ success: boolean; errors: string[] }>();
    assert.is(j.success, false);
    assert.equal(j.errors, ["Line 2: division by zero"]);
  }
});

test("a small output requested as a stream is answered whole", async () => {
  const r = await post(s.base, "/transpile", { source: "a = 1", streaming: true });
  assert.ok(r.headers["content-length"] !== undefined);
  assert.equal(r.json<{ output: unknown }>().output, { a: 1 });
});

/** Read a response until it ends or breaks. */
function fetchAll(base: string, body: unknown): Promise<{ text: string; complete: boolean; chunked: boolean }> {
  return new Promise((resolve) => {
    const req = request(base + "/transpile", { method: "POST", agent: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (text += d));
      res.on("end", () => resolve({ text, complete: res.complete, chunked: res.headers["transfer-encoding"] === "chunked" }));
      res.on("error", () => resolve({ text, complete: false, chunked: res.headers["transfer-encoding"] === "chunked" }));
      res.on("aborted", () => undefined);
    });
    req.on("error", () => resolve({ text: "", complete: false, chunked: false }));
    req.end(JSON.stringify(body));
  });
}

test("an output limit reached while writing a streamed output: the same complete success:false body as buffered", async () => {
  const limited = await startServer({ workers: 1, maxOutputBytes: 2_500_000 });
  try {
    for (const body of [{ source: "a = 1\nxs = 0..2000000\n", streaming: true }, { source: "a = 1\nxs = 0..2000000\n", stream_threshold: 100_000_000 }]) {
      const r = await fetchAll(limited.base, body);
      assert.ok(r.complete, "a whole response");
      const j = JSON.parse(r.text) as { success: boolean; errors: string[] };
      assert.is(j.success, false);
      assert.match(j.errors[0]!, /^Line \d+: output too large/);
    }
    const after = await post(limited.base, "/transpile", { source: "a = 1" });
    assert.is(after.json().success, true, "the worker is usable again");
  } finally {
    await limited.close();
  }
});

test("#12: xs = 1..10000000 with the defaults is a complete success:false (64 MiB), never a 200 cut short", async () => {
  // the defaults but the 10 s time limit, which a loaded machine may reach before 64 MiB
  const roomy = await startServer({ timeoutMs: 600_000 });
  const r = await fetchAll(roomy.base, { source: "xs = 1..10000000" }).finally(() => roomy.close());
  assert.ok(r.complete);
  const j = JSON.parse(r.text) as { success: boolean; errors: string[] };
  assert.is(j.success, false);
  assert.match(j.errors[0]!, /^Line \d+: output too large/);
});

test("a client that goes away mid-stream releases the worker", async () => {
  // One worker: if the abandoned stream kept it, the pool would replace that worker (worker_replaced).
  await new Promise<void>((resolve) => {
    const req = request(s.base + "/transpile", { method: "POST", agent: false }, (res) => {
      res.once("data", () => {
        res.destroy();
        resolve();
      });
    });
    req.on("error", () => resolve());
    req.end(JSON.stringify({ source: "xs = (0..5000000 map (i) = { id = i, name = \"user_\" + i })\n", streaming: true }));
  });
  const small = await post(s.base, "/transpile", { source: "after = true" });
  assert.is(small.json().success, true);
  // It stops by itself at its next look at the clock, or, when a busy machine gives its (lowered
  // priority) thread no time within the slack, its worker is replaced for that cancel: either way
  // for the cancel, never as an overrun.
  const replaced = s.log.filter((l) => l.includes("worker_replaced"));
  assert.ok(replaced.every((l) => l.includes("cancelled job did not stop")), replaced.join("\n"));
  assert.ok(replaced.length <= 1, replaced.join("\n"));
});

test("a client that goes away during evaluation releases the worker", async () => {
  const req = request(s.base + "/transpile", { method: "POST", agent: false });
  req.on("error", () => undefined);
  req.end(JSON.stringify({ source: SLOW }));
  await untilGauge(s.base, "jsson_jobs_running", (n) => n === 1, "the job to be evaluated");
  req.destroy();
  await untilGauge(s.base, "jsson_jobs_running", (n) => n === 0, "the cancelled job to stop");
  const small = await post(s.base, "/transpile", { source: "after = true" });
  assert.is(small.json().success, true);
  // It stops by itself at its next look at the clock, or, when a busy machine gives its (lowered
  // priority) thread no time within the slack, its worker is replaced for that cancel: either way
  // for the cancel, never as an overrun.
  const replaced = s.log.filter((l) => l.includes("worker_replaced"));
  assert.ok(replaced.every((l) => l.includes("cancelled job did not stop")), replaced.join("\n"));
  assert.ok(replaced.length <= 1, replaced.join("\n"));
});

test.run();
