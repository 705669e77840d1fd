// HTTP.md §2 limits and hostile input: body size (413 before the body is read),
// slow bodies, time, output and range limits, odd JSON, the worker backstop.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { connect, type Socket } from "node:net";
import { join } from "node:path";
import { fixturesDir, post, send, SLOW, startServer, type TestServer } from "./helpers.js";
import { waitFor } from "../support/wait-for.js";

let s: TestServer;
const MAX_BODY = 512 * 1024;

test.before(async () => {
  s = await startServer({
    workers: 2,
    maxBodyBytes: MAX_BODY,
    bodyTimeoutMs: 700,
    timeoutMs: 600,
    // the grace is for a job that never stops, not for a worker starved of CPU on a loaded machine (400 ms turned a limit's answer into a 500)
    workerGraceMs: 5000,
    maxOutputBytes: 100_000,
    maxRangeItems: 50_000,
    plugins: [join(fixturesDir, "fixture-plugin.mjs")],
  });
});
test.after(() => s.close());

/**
 * A raw TCP exchange: write `head` (and optionally more), collect what the server says until it closes or
 * `waitMs` passes. `waitMs` is a deadline for a close that never comes (the assertions then fail on
 * `closed`), never a bound on how soon it comes: it is generous.
 */
function raw(port: number, write: (sock: Socket) => void, waitMs: number): Promise<{ text: string; closed: boolean }> {
  return new Promise((resolve) => {
    const sock = connect(port, "127.0.0.1");
    let text = "";
    let closed = false;
    const timer = setTimeout(() => finish(), waitMs);
    const finish = () => {
      clearTimeout(timer);
      sock.destroy();
      resolve({ text, closed });
    };
    sock.on("data", (d) => (text += d.toString("latin1")));
    sock.on("error", () => undefined);
    sock.on("close", () => {
      closed = true;
      finish();
    });
    sock.on("connect", () => write(sock));
  });
}

test("413 on an announced Content-Length over the limit, before any of the body is sent", async () => {
  const r = await raw(s.port, (sock) => sock.write(`POST /transpile HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${50 * 1024 * 1024}\r\n\r\n`), 30_000);
  assert.match(r.text, /^HTTP\/1\.1 413 /);
  assert.match(r.text, /"error":"request body too large \(limit 512KiB\)"/);
  assert.match(r.text, /connection: close/i);
  assert.ok(r.closed, "the connection is closed");
});

test("413 as soon as a chunked body grows past the limit; the rest is never buffered and the connection closes", async () => {
  let sent = 0;
  const r = await raw(
    s.port,
    (sock) => {
      sock.write("POST /transpile HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n");
      const chunk = "x".repeat(16 * 1024);
      const pump = setInterval(() => {
        if (sock.destroyed || sent > 40 * MAX_BODY) return clearInterval(pump);
        sock.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
        sent += chunk.length;
      }, 5);
      sock.on("close", () => clearInterval(pump));
    },
    30_000,
  );
  assert.match(r.text, /^HTTP\/1\.1 413 /);
  assert.ok(r.closed, "connection closed");
  assert.ok(sent < 40 * MAX_BODY, `stopped reading: ${sent} bytes sent before the close`);
});

test("a body exactly at the limit is accepted", async () => {
  const filler = "a".repeat(MAX_BODY - 40);
  const body = JSON.stringify({ source: "x = 1", pad: filler });
  const padded = body.slice(0, -1) + " ".repeat(MAX_BODY - Buffer.byteLength(body)) + "}";
  assert.is(Buffer.byteLength(padded), MAX_BODY);
  const r = await post(s.base, "/transpile", padded);
  assert.is(r.status, 200);
  const over = await post(s.base, "/transpile", padded.slice(0, -1) + " }");
  assert.is(over.status, 413);
});

test("slow-loris body: bytes trickled → 408 and a closed connection in bounded time", async () => {
  const r = await raw(
    s.port,
    (sock) => {
      sock.write('POST /transpile HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{"source":"');
      const drip = setInterval(() => (sock.destroyed ? clearInterval(drip) : sock.write("a")), 100);
      sock.on("close", () => clearInterval(drip));
    },
    30_000, // a deadline for the server's 408, not a bound: the 408 is the server's own timer firing
  );
  assert.match(r.text, /^HTTP\/1\.1 408 /);
  assert.ok(r.closed);
});

test("slow-loris headers: the connection is dropped in bounded time", async () => {
  const r = await raw(
    s.port,
    (sock) => {
      sock.write("POST /transpile HTTP/1.1\r\nHost: x\r\n");
      const drip = setInterval(() => (sock.destroyed ? clearInterval(drip) : sock.write("X-A: b\r\n")), 100);
      sock.on("close", () => clearInterval(drip));
    },
    30_000, // a deadline for the server's cut, not a bound
  );
  assert.ok(r.closed, "closed by the server");
});

test("runaway evaluation ends at -timeout with a Line error, and the worker is free again", async () => {
  const r = await post(s.base, "/transpile", { source: "a = 1\nusers = " + SLOW.slice("xs = ".length) });
  assert.is(r.status, 200);
  const j = r.json<{ success: boolean; errors: string[] }>();
  assert.is(j.success, false);
  assert.equal(j.errors, ["Line 2: evaluation timed out (limit 600 ms)"]);
  const after = await post(s.base, "/transpile", { source: "ok = true" });
  assert.is(after.json().success, true);
});

test("output limit → a source error, not a truncated document (even when streaming: within the held-back window)", async () => {
  // 0..40000 is above the stream threshold: this run streams, but -max-output is below the
  // window the server holds back before committing, so the failure is an ordinary one.
  const r = await post(s.base, "/transpile", { source: 'a = 1\nxs = 0..40000\n', format: "yaml" });
  assert.ok(r.headers["content-length"] !== undefined);
  const j = r.json<{ success: boolean; errors: string[] }>();
  assert.is(j.success, false);
  assert.match(j.errors[0]!, /^Line \d+: output too large/);
});

test("range limit (-max-items) → a source error naming the line", async () => {
  const r = await post(s.base, "/transpile", { source: "a = 1\n\nxs = 0..60000\n" });
  const j = r.json<{ success: boolean; errors: string[] }>();
  assert.is(j.success, false);
  assert.match(j.errors[0]!, /^Line 3: /);
});

test("a worker stuck beyond timeout + slack is terminated and replaced: the time limit as a source error, never a 500 or a hang", async () => {
  const r = await post(s.base, "/transpile", { source: "a = 1", format: "hang" });
  assert.is(r.status, 200);
  const j = r.json<{ success: boolean; errors: string[]; diagnostics: { code: string }[] }>();
  assert.is(j.success, false);
  assert.equal(j.errors, ["Line 1: evaluation timed out (limit 600 ms)"]);
  assert.is(j.diagnostics[0]?.code, "JSSON6005");
  const after = await post(s.base, "/transpile", { source: "ok = 1" });
  assert.is(after.status, 200);
  assert.ok(s.log.some((l) => l.includes("worker_replaced")));
});

test("hostile JSON bodies: numbers like 1e400, 10,000 fields, __proto__ and constructor keys", async () => {
  const huge = await post(s.base, "/transpile", '{"source":"a = 1","stream_threshold":1e400}');
  assert.is(huge.status, 400);
  assert.equal(huge.json().errors, ["stream_threshold: must be an integer >= 1, got Infinity"]);
  const fields: Record<string, number> = {};
  for (let i = 0; i < 10_000; i++) fields[`f${i}`] = i;
  const many = await post(s.base, "/transpile", { ...fields, source: "a = 1" });
  assert.is(many.status, 200);
  const proto = await post(s.base, "/transpile", '{"__proto__":{"source":"evil = 1","format":"yaml"},"constructor":{"prototype":{"x":1}}}');
  assert.is(proto.status, 400, "an inherited-looking source is not a source");
  assert.equal(proto.json().errors, ["source: required (a string)"]);
  const protoOk = await post(s.base, "/transpile", '{"source":"a = 1","__proto__":{"format":"yaml"}}');
  assert.is(protoOk.json().format, "json");
  const health = await send(s.base, "/health");
  assert.is(health.status, 200);
});

test("odd bytes: BOM, invalid UTF-8, NUL in the source — clear answers", async () => {
  const bom = await post(s.base, "/transpile", "\uFEFF" + JSON.stringify({ source: "a = 1" }));
  assert.is(bom.status, 200);
  const invalid = Buffer.concat([Buffer.from('{"source":"a = \\"'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('\\""}')]);
  const r = await send(s.base, "/transpile", { method: "POST", body: invalid });
  assert.is(r.status, 200);
  const nul = await post(s.base, "/transpile", { source: "a = 1\nb\u0000 = 2\n" });
  assert.is(nul.status, 200);
  const j = nul.json<{ success: boolean; errors: string[] }>();
  assert.is(j.success, false);
  assert.match(j.errors[0]!, /^Line 2: /);
});

test("deep nesting in the source: an error in bounded time, no crash", async () => {
  const depth = 100_000;
  const r = await post(s.base, "/transpile", { source: "x = " + "[".repeat(depth) + "]".repeat(depth) });
  assert.is(r.status, 200);
  assert.is(r.json().success, false);
});

test("include fan-out bomb and include cycles: a clear error in bounded time", async () => {
  const files: Record<string, string> = {};
  for (let i = 0; i < 30; i++) files[`f${i}.jsson`] = `include "f${i + 1}.jsson"\ninclude "f${i + 1}.jsson"\nk${i} = ${i}\n`;
  files["f30.jsson"] = "leaf = 1\n";
  const r = await post(s.base, "/transpile", { source: 'include "f0.jsson"\n', files });
  assert.is(r.status, 200);
  const j = r.json<{ success: boolean; errors: string[] }>();
  assert.is(j.success, false, "2^30 include executions are refused");
  assert.match(j.errors[0]!, /^Line 1: /);
});

test("long runs of spaces in the output cost linear time (trailing-space handling)", async () => {
  const roomy = await startServer({ maxBodyBytes: 4 * 1024 * 1024 });
  try {
    const spaces = " ".repeat(1_000_000);
    // no clock: quadratic trailing-space handling would be 10^12 steps, not an answer
    const source = `s = "${spaces}"\nxs = (0..9 map (i) = s)\n`;
    for (const body of [{ source }, { source, streaming: true }]) {
      const r = await post(roomy.base, "/transpile", body);
      assert.is(r.json<{ success: boolean; output: { xs: string[] } }>().output.xs[9]!.length, 1_000_000);
    }
    // /validate-schema holds its output whole: at most the longest string of the budget (6 MiB for 96 MiB), so 6 copies
    const v = await post(roomy.base, "/validate-schema", { source: source.replace("0..9", "0..4"), schema: "{}" });
    assert.is(v.json().valid, true);
  } finally {
    await roomy.close();
  }
});

test("the access log (when on) is one JSON line per request", async () => {
  const lines: string[] = [];
  const logged = await startServer({ accessLog: true, logSink: (l) => void lines.push(l) });
  try {
    await send(logged.base, "/health", { headers: { "X-Request-Id": "log-me" } });
    await post(logged.base, "/transpile", { source: "a = 1" });
    await send(logged.base, "/nope");
    await waitFor(() => lines.length >= 3, { what: "three access-log lines" });
    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    assert.is(entries.length, 3);
    assert.equal(entries.map((e) => [e["method"], e["path"], e["status"]]), [["GET", "/health", 200], ["POST", "/transpile", 200], ["GET", "/nope", 404]]);
    assert.is(entries[0]!["request_id"], "log-me");
    for (const e of entries) assert.type(e["ms"], "number");
  } finally {
    await logged.close();
  }
});

test.run();
