// HTTP.md §2: rules common to every endpoint, against a real server.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { join } from "node:path";
import { fixturesDir, post, send, startServer, type TestServer } from "./helpers.js";

let on: TestServer;
let off: TestServer;

const JSON_TYPE = "application/json; charset=utf-8";
const CORS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET, POST, OPTIONS",
  "access-control-allow-headers": "Content-Type, Authorization",
};

test.before(async () => {
  on = await startServer({ plugins: [join(fixturesDir, "fixture-plugin.mjs")] });
  off = await startServer({ cors: false });
});
test.after(async () => {
  await on.close();
  await off.close();
});

test("responses are JSON with charset utf-8", async () => {
  for (const [method, path, body] of [["GET", "/health"], ["GET", "/version"], ["GET", "/nope"], ["DELETE", "/transpile"], ["POST", "/transpile", "{}"], ["POST", "/transpile", '{"source":"a = 1"}']] as const) {
    const r = await send(on.base, path, { method, ...(body === undefined ? {} : { body }) });
    assert.is(r.headers["content-type"], JSON_TYPE, `${method} ${path}`);
    JSON.parse(r.text);
  }
});

test("the body is parsed as JSON whatever its Content-Type says", async () => {
  for (const type of ["application/x-www-form-urlencoded", "text/plain", "application/octet-stream", undefined]) {
    const r = await send(on.base, "/transpile", { method: "POST", body: '{"source":"port = 8080"}', headers: type === undefined ? {} : { "Content-Type": type } });
    assert.is(r.status, 200, String(type));
    assert.equal(r.json().output, { port: 8080 });
  }
});

test("a body that is not a JSON object is a request error (400)", async () => {
  for (const body of ["[1,2]", '"source"', "42", "null", "true", "{not json", "", "   "]) {
    const r = await send(on.base, "/transpile", { method: "POST", body });
    assert.is(r.status, 400, JSON.stringify(body));
    const j = r.json<{ success: boolean; errors: string[] }>();
    assert.is(j.success, false);
    assert.ok(j.errors.length === 1 && j.errors[0]!.startsWith("request body: "), j.errors[0]);
    assert.not.match(j.errors[0]!, /^Line/);
  }
});

test("field names are case-sensitive; unknown fields are ignored", async () => {
  const wrongCase = await post(on.base, "/transpile", { Source: "a = 1" });
  assert.is(wrongCase.status, 400);
  assert.equal(wrongCase.json().errors, ["source: required (a string)"]);
  const extra = await post(on.base, "/transpile", { source: "a = 1", colour: "blue", FORMAT: "yaml", nested: { x: [1, 2] } });
  assert.is(extra.status, 200);
  assert.is(extra.json().format, "json");
});

test("unknown path: 404 with the path (query string not part of it)", async () => {
  const r = await send(on.base, "/x?y=1");
  assert.is(r.status, 404);
  assert.equal(r.json(), { error: "not found", path: "/x" });
  const r2 = await post(on.base, "/transpile/extra/bits", { source: "" });
  assert.is(r2.status, 404);
});

test("known path, wrong method: 405 with Allow and the allowed list", async () => {
  for (const [method, path, allowed] of [
    ["GET", "/transpile", ["POST"]],
    ["PUT", "/validate", ["POST"]],
    ["DELETE", "/validate-schema", ["POST"]],
    ["POST", "/health", ["GET", "HEAD"]],
    ["PUT", "/version", ["GET", "HEAD"]],
    ["POST", "/formats", ["GET", "HEAD"]],
    ["PATCH", "/openapi.json", ["GET", "HEAD"]],
  ] as const) {
    const r = await send(on.base, path, { method });
    assert.is(r.status, 405, `${method} ${path}`);
    assert.is(r.headers["allow"], allowed.join(", "));
    assert.equal(r.json(), { error: "method not allowed", allowed });
  }
});

test("/health and /version take HEAD: same status and headers, no body", async () => {
  for (const path of ["/health", "/version"]) {
    const r = await send(on.base, path, { method: "HEAD" });
    assert.is(r.status, 200);
    assert.is(r.headers["content-type"], JSON_TYPE);
    assert.is(r.raw.length, 0);
    assert.ok(Number(r.headers["content-length"]) > 10);
  }
});

test("CORS on: every response carries the three headers", async () => {
  const replies = [
    await send(on.base, "/health"),
    await send(on.base, "/nope"),
    await send(on.base, "/transpile", { method: "GET" }),
    await post(on.base, "/transpile", "[]"),
    await post(on.base, "/transpile", { source: "a = 1" }),
    await post(on.base, "/transpile", { source: "a = (" }),
  ];
  for (const r of replies) for (const [k, v] of Object.entries(CORS)) assert.is(r.headers[k], v, `${k} on a ${r.status}`);
});

test("CORS on: a preflight OPTIONS gets 204, the headers and Access-Control-Max-Age", async () => {
  for (const path of ["/transpile", "/health", "/validate-schema"]) {
    const r = await send(on.base, path, { method: "OPTIONS", headers: { Origin: "https://example.org", "Access-Control-Request-Method": "POST" } });
    assert.is(r.status, 204);
    assert.is(r.raw.length, 0);
    for (const [k, v] of Object.entries(CORS)) assert.is(r.headers[k], v);
    assert.ok(Number(r.headers["access-control-max-age"]) > 0);
  }
});

test("CORS off: no CORS headers at all, on any response", async () => {
  const replies = [
    await send(off.base, "/health"),
    await send(off.base, "/nope"),
    await send(off.base, "/transpile", { method: "GET" }),
    await post(off.base, "/transpile", { source: "a = 1" }),
    await send(off.base, "/transpile", { method: "OPTIONS", headers: { Origin: "https://example.org" } }),
  ];
  for (const r of replies) {
    const cors = Object.keys(r.headers).filter((h) => h.startsWith("access-control-"));
    assert.equal(cors, [], `status ${r.status}`);
  }
});

test("X-Request-Id: the caller's is echoed, otherwise a fresh one on every response", async () => {
  const mine = await send(on.base, "/health", { headers: { "X-Request-Id": "trace-abc-123" } });
  assert.is(mine.headers["x-request-id"], "trace-abc-123");
  const mine404 = await send(on.base, "/nope", { headers: { "X-Request-Id": "trace-404" } });
  assert.is(mine404.headers["x-request-id"], "trace-404");
  const a = await post(on.base, "/transpile", { source: "a = 1" });
  const b = await send(on.base, "/nope");
  const c = await send(on.base, "/transpile", { method: "OPTIONS" });
  const ids = [a, b, c].map((r) => r.headers["x-request-id"]);
  for (const id of ids) assert.ok(typeof id === "string" && id.length >= 8, String(id));
  assert.is(new Set(ids).size, 3);
});

test("request errors: 400, one message per problem, each naming its field, no Line prefix", async () => {
  const r = await post(on.base, "/transpile", { source: 5, format: "xml", include_merge: "sideways", streaming: "yes", stream_threshold: 0, files: { "a.jsson": 1 } });
  assert.is(r.status, 400);
  const j = r.json<{ success: boolean; errors: string[]; diagnostics: unknown[]; format: string; transpile_time_ms: number }>();
  assert.is(j.success, false);
  assert.equal(j.diagnostics, []);
  assert.is(typeof j.transpile_time_ms, "number");
  const fields = j.errors.map((e) => e.split(":")[0]);
  assert.equal(fields, ["source", "format", "include_merge", "streaming", "stream_threshold", 'files["a.jsson"]']);
  assert.ok(j.errors.includes('format: unknown format "xml"; available: json, yaml, toml, typescript, shout, buggy, crash, oom, hang'), j.errors.join(" | "));
  for (const e of j.errors) assert.not.match(e, /^Line /);
});

test("source errors: 200, every message `Line <n>: …`", async () => {
  const r = await post(on.base, "/transpile", { source: "a = 1\nb = 2 /\n" });
  assert.is(r.status, 200);
  const j = r.json<{ success: boolean; errors: string[] }>();
  assert.is(j.success, false);
  assert.ok(j.errors.length > 0);
  for (const e of j.errors) assert.match(e, /^Line \d+: /);
});

test("anything unexpected: 500 with the request id and no internals; details go to the log", async () => {
  const r = await post(on.base, "/transpile", { source: "a = 1", format: "buggy" }, { "X-Request-Id": "bug-1" });
  assert.is(r.status, 500);
  assert.equal(r.json(), { error: "internal error", request_id: "bug-1" });
  assert.not.match(r.text, /SECRET|plugin\.js|at /);
  assert.ok(on.log.some((l) => l.includes("SECRET-INTERNAL-DETAIL") && l.includes("bug-1")), "the log has the details");
  const after = await post(on.base, "/transpile", { source: "a = 1" });
  assert.is(after.status, 200, "the server keeps working");
});

test("a worker that dies mid-request: 500, replaced, the next request works", async () => {
  const r = await post(on.base, "/transpile", { source: "a = 1", format: "crash" });
  assert.is(r.status, 500);
  assert.is(r.json().error, "internal error");
  const after = await post(on.base, "/transpile", { source: "a = 1", format: "LOUD" });
  assert.is(after.status, 200);
  assert.equal(after.json(), { ...after.json(), success: true, output: "A!\n", format: "shout" });
});

test("times are fractional milliseconds", async () => {
  const r = await post(on.base, "/transpile", { source: "x = 0..2000" });
  const ms = r.json<{ transpile_time_ms: number }>().transpile_time_ms;
  assert.type(ms, "number");
  assert.ok(ms > 0 && !Number.isInteger(ms), String(ms));
  assert.match(r.text, /"transpile_time_ms":\d+\.\d{1,3}\}$/);
});

test.run();
