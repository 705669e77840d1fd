// HTTP.md §2, browsers: the -cors-origin allow-list, no CORS with -include-root unless
// asked, 415 for a browser's non-JSON POST before its body is read, never Private-Network.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { connect } from "node:net";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { post, send, startServer, type Reply, type TestServer } from "./helpers.js";
import { bannerLines } from "../../cli/serve/banner.js";
import { SERVICE_ROUTES } from "../../cli/serve/app.js";

const ALLOWED = "https://app.example";
let root: string;
let listed: TestServer;
let rooted: TestServer;
let rootedAny: TestServer;

test.before(async () => {
  root = mkdtempSync(join(tmpdir(), "jsson-cors-"));
  writeFileSync(join(root, "secret.jsson"), 'token = "s3cret"\n');
  listed = await startServer({ corsOrigins: [ALLOWED, "http://localhost:5173"] });
  rooted = await startServer({ includeRoot: root });
  rootedAny = await startServer({ includeRoot: root, corsOrigins: ["*"] });
});
test.after(async () => {
  await Promise.all([listed.close(), rooted.close(), rootedAny.close()]);
  rmSync(root, { recursive: true, force: true });
});

const corsOf = (r: Reply) => Object.keys(r.headers).filter((h) => h.startsWith("access-control-"));

test("allow-list: a listed Origin is echoed with Vary: Origin, on answers and preflights", async () => {
  const replies = [
    await post(listed.base, "/transpile", { source: "a = 1" }, { Origin: ALLOWED }),
    await send(listed.base, "/health", { headers: { Origin: ALLOWED } }),
    await send(listed.base, "/nope", { headers: { Origin: ALLOWED } }),
  ];
  for (const r of replies) {
    assert.is(r.headers["access-control-allow-origin"], ALLOWED, `status ${r.status}`);
    assert.is(r.headers["access-control-allow-methods"], "GET, POST, OPTIONS");
    assert.is(r.headers["vary"], "Origin");
  }
  const pre = await send(listed.base, "/transpile", { method: "OPTIONS", headers: { Origin: "http://localhost:5173", "Access-Control-Request-Method": "POST" } });
  assert.is(pre.status, 204);
  assert.is(pre.headers["access-control-allow-origin"], "http://localhost:5173");
  assert.is(pre.headers["access-control-max-age"], "86400");
});

test("allow-list: any other Origin (or none) gets no CORS headers, but Vary: Origin", async () => {
  for (const headers of [{ Origin: "https://evil.example" }, { Origin: "https://app.example.evil.example" }, {}]) {
    const r = await post(listed.base, "/transpile", { source: "a = 1" }, headers);
    assert.is(r.status, 200);
    assert.equal(corsOf(r), [], JSON.stringify(headers));
    assert.is(r.headers["vary"], "Origin");
  }
  const pre = await send(listed.base, "/transpile", { method: "OPTIONS", headers: { Origin: "https://evil.example" } });
  assert.equal(corsOf(pre), []);
});

test("-include-root without -cors-origin: no CORS at all, so a page cannot read the files", async () => {
  const r = await post(rooted.base, "/transpile", { source: 'include "secret.jsson"' }, { Origin: "https://evil.example" });
  assert.is(r.json().success, true, "the include itself works");
  assert.equal(corsOf(r), []);
  const pre = await send(rooted.base, "/transpile", { method: "OPTIONS", headers: { Origin: "https://evil.example", "Access-Control-Request-Method": "POST" } });
  assert.equal(corsOf(pre), []);
  assert.equal(corsOf(await send(rooted.base, "/health")), []);
});

test("-include-root with -cors-origin '*': CORS on for every origin, deliberately", async () => {
  const r = await post(rootedAny.base, "/transpile", { source: "a = 1" }, { Origin: "https://any.example" });
  assert.is(r.headers["access-control-allow-origin"], "*");
  assert.is(r.headers["vary"], undefined);
});

test("no answer ever carries Access-Control-Allow-Private-Network", async () => {
  const pna = { Origin: ALLOWED, "Access-Control-Request-Method": "POST", "Access-Control-Request-Private-Network": "true" };
  for (const s of [listed, rooted, rootedAny]) {
    const pre = await send(s.base, "/transpile", { method: "OPTIONS", headers: pna });
    assert.is(pre.headers["access-control-allow-private-network"], undefined);
  }
});

test("the banner says which CORS policy is active", () => {
  const address = { address: "127.0.0.1", family: "IPv4", port: 1 };
  const line = (s: TestServer) => bannerLines(address, s.server.options, SERVICE_ROUTES, 1).find((l) => l.startsWith("limits: ")) ?? "";
  assert.match(line(rooted), /CORS off \(-include-root without -cors-origin/);
  assert.match(line(listed), /CORS for https:\/\/app\.example, http:\/\/localhost:5173/);
  assert.match(line(rootedAny), /CORS on \(any origin\)/);
});

test("415: a browser POST (Origin) with a non-JSON Content-Type, whatever the body", async () => {
  for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/jsonx", undefined]) {
    const headers: Record<string, string> = { Origin: ALLOWED };
    if (type !== undefined) headers["Content-Type"] = type;
    const r = await send(listed.base, "/transpile", { method: "POST", body: JSON.stringify({ source: "a = 1" }), headers });
    assert.is(r.status, 415, String(type));
    assert.match(r.json<{ error: string }>().error, /^unsupported media type/);
    assert.is(r.headers["content-type"], "application/json; charset=utf-8");
  }
});

test("JSON with parameters from a browser is JSON; without Origin any type is parsed as JSON", async () => {
  for (const type of ["application/json", "application/json; charset=utf-8", "Application/JSON ;charset=UTF-8"]) {
    const r = await send(listed.base, "/transpile", { method: "POST", body: JSON.stringify({ source: "a = 1" }), headers: { Origin: ALLOWED, "Content-Type": type } });
    assert.is(r.status, 200, type);
  }
  const curl = await send(listed.base, "/validate", { method: "POST", body: JSON.stringify({ source: "a = 1" }), headers: { "Content-Type": "application/x-www-form-urlencoded" } });
  assert.is(curl.status, 200);
  assert.is(curl.json().valid, true);
});

test("415 comes before the body is read: announced but never sent, the answer still arrives", async () => {
  const text = await new Promise<string>((resolve) => {
    let got = "";
    const sock = connect(listed.port, "127.0.0.1", () =>
      sock.write(`POST /transpile HTTP/1.1\r\nHost: x\r\nOrigin: ${ALLOWED}\r\nContent-Type: text/plain\r\nContent-Length: 1000000\r\n\r\n`),
    );
    const timer = setTimeout(() => sock.destroy(), 30_000); // a deadline for an answer that never comes, not a bound
    sock.on("data", (d) => {
      got += d.toString("latin1");
      if (got.includes("\r\n\r\n") && got.includes("}")) {
        clearTimeout(timer);
        sock.destroy();
      }
    });
    sock.on("error", () => undefined);
    sock.on("close", () => resolve(got));
  });
  assert.match(text, /^HTTP\/1\.1 415 /);
  assert.match(text, /connection: close/i);
  assert.match(text, /access-control-allow-origin: https:\/\/app\.example/i, "the browser may read the refusal");
});

test.run();
