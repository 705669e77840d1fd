/**
 * HTTP.md §2, DNS rebinding: a server that reads files answers only a
 * `Host` naming an IP literal, localhost, a *.localhost name or a name in
 * -allowed-hosts (JSSON_ALLOWED_HOSTS), under any spelling of those (case,
 * port, trailing dot, IPv6 brackets); others get 403 before their body is
 * read. Also: no CORS headers on /metrics, and an oversized body announced
 * with `Expect: 100-continue` gets its 413 without a `100 Continue`.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { connect } from "node:net";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { post, send, startServer, type Reply, type TestServer } from "./helpers.js";
import { startServe } from "./serve-child.js";

let root: string;
let rooted: TestServer;
let listed: TestServer;
let open: TestServer;
let listedOnly: TestServer;

test.before(async () => {
  root = mkdtempSync(join(tmpdir(), "jsson-hosts-"));
  writeFileSync(join(root, "secret.jsson"), 'token = "s3cret"\n');
  [rooted, listed, open, listedOnly] = await Promise.all([
    startServer({ includeRoot: root }),
    startServer({ includeRoot: root, allowedHosts: ["Conf.Example.", "jsson.internal"] }),
    startServer({ maxBodyBytes: 1024 }),
    startServer({ allowedHosts: ["conf.example"] }),
  ]);
});
test.after(async () => {
  await Promise.all([rooted.close(), listed.close(), open.close(), listedOnly.close()]);
  rmSync(root, { recursive: true, force: true });
});

const READ_SECRET = { source: 'include "secret.jsson"\n' };

function withHost(s: TestServer, host: string, path = "/transpile"): Promise<Reply> {
  return path === "/transpile" ? post(s.base, path, READ_SECRET, { Host: host }) : send(s.base, path, { headers: { Host: host } });
}

const ALWAYS = (port: number) => ["127.0.0.1", `127.0.0.1:${port}`, "localhost", `LocalHost:${port}`, "localhost.", "app.localhost", "A.B.LOCALHOST.:80", "[::1]", `[::1]:${port}`, "[::FFFF:127.0.0.1]:1", "10.1.2.3"];
const NEVER = ["evil.example", "EVIL.example:80", "evil.example.", "127.0.0.1.nip.io", "localhost.evil.example", "evillocalhost", "[evil.example]", "[::1", "localhost:http", "conf.example"];

test("with -include-root: IP literals and localhost names, in any spelling, are answered", async () => {
  for (const host of ALWAYS(rooted.port)) {
    const r = await withHost(rooted, host);
    assert.is(r.status, 200, host);
    assert.equal(r.json<{ output: unknown }>().output, { token: "s3cret" }, host);
  }
});

test("with -include-root: any other Host gets 403 naming it, on every path", async () => {
  for (const host of NEVER) {
    for (const path of ["/transpile", "/health", "/metrics", "/nope"]) {
      const r = await withHost(rooted, host, path);
      assert.is(r.status, 403, `${host} ${path}`);
      assert.equal(r.json(), { error: "host not allowed", host }, `${host} ${path}`);
      assert.not.match(r.text, /s3cret/);
    }
  }
});

test("-allowed-hosts adds names (case, trailing dot and port aside)", async () => {
  for (const host of ["conf.example", "CONF.example:8090", "conf.example.", "jsson.internal", ...ALWAYS(listed.port)]) assert.is((await withHost(listed, host)).status, 200, host);
  for (const host of ["evil.example", "sub.conf.example", "conf.example.evil"]) assert.is((await withHost(listed, host)).status, 403, host);
});

test("without -include-root, -allowed-hosts still applies when given; without either, any Host is answered", async () => {
  assert.is((await send(listedOnly.base, "/health", { headers: { Host: "conf.example" } })).status, 200);
  assert.is((await send(listedOnly.base, "/health", { headers: { Host: "evil.example" } })).status, 403);
  assert.is((await send(open.base, "/health", { headers: { Host: "evil.example" } })).status, 200);
});

/** Write `head` (and `body`) on a raw connection; resolve with everything read until the server closes it or `until` matches. */
function raw(s: TestServer, head: string, until: RegExp, body?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(s.port, "127.0.0.1");
    let got = "";
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer matching ${until} within 20 s: ${JSON.stringify(got)}`));
    }, 20_000);
    socket.on("data", (d: Buffer) => {
      got += d.toString("latin1");
      if (body !== undefined && /^HTTP\/1\.1 100 Continue\r\n\r\n/.test(got)) {
        socket.write(body);
        body = undefined;
      }
      if (until.test(got)) {
        clearTimeout(timer);
        socket.destroy();
        resolve(got);
      }
    });
    socket.on("error", reject);
    socket.write(head);
  });
}

test("a Host too long to be a name, and a request with no Host (HTTP/1.0), get 403; the answer quotes at most 300 characters of it", async () => {
  const long = "a".repeat(400) + ".localhost";
  const r = await withHost(rooted, long, "/health");
  assert.is(r.status, 403);
  assert.equal(r.json(), { error: "host not allowed", host: long.slice(0, 300) });
  const none = await raw(rooted, "GET /health HTTP/1.0\r\n\r\n", /\r\n\r\n\{.*\}$/s);
  assert.match(none, /^HTTP\/1\.1 403 /);
  assert.match(none, /\{"error":"host not allowed","host":""\}$/);
});

test("403 before the body is read: the refusal comes while the announced body never does", async () => {
  const got = await raw(rooted, "POST /transpile HTTP/1.1\r\nHost: evil.example\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n", /\r\n\r\n\{.*\}$/s);
  assert.match(got, /^HTTP\/1\.1 403 /);
  assert.match(got, /"error":"host not allowed"/);
});

test("Expect: 100-continue: an oversized body gets 413 without 100 Continue; a fine one gets 100 Continue, then its answer", async () => {
  const big = await raw(open, "POST /transpile HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 5000\r\nExpect: 100-continue\r\n\r\n", /\r\n\r\n\{.*\}$/s);
  assert.match(big, /^HTTP\/1\.1 413 /);
  assert.not.match(big, /100 Continue/);
  const evil = await raw(rooted, "POST /transpile HTTP/1.1\r\nHost: evil.example\r\nContent-Type: application/json\r\nContent-Length: 50\r\nExpect: 100-continue\r\n\r\n", /\r\n\r\n\{.*\}$/s);
  assert.match(evil, /^HTTP\/1\.1 403 /);
  const body = '{"source":"a = 1"}';
  const fine = await raw(open, `POST /transpile HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`, /"success":true.*\}$/s, body);
  assert.match(fine, /^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 /);
});

test("/metrics carries no CORS headers, though the rest of the server does", async () => {
  const corsOf = (r: Reply) => Object.keys(r.headers).filter((h) => h.startsWith("access-control-"));
  const scrape = await send(open.base, "/metrics", { headers: { Origin: "https://evil.example" } });
  assert.is(scrape.status, 200);
  assert.equal(corsOf(scrape), []);
  assert.equal(corsOf(await send(open.base, "/metrics?x=1", { headers: { Origin: "https://evil.example" } })), []);
  const pre = await send(open.base, "/metrics", { method: "OPTIONS", headers: { Origin: "https://evil.example", "Access-Control-Request-Method": "GET" } });
  assert.equal(corsOf(pre), []);
  assert.is((await send(open.base, "/health", { headers: { Origin: "https://evil.example" } })).headers["access-control-allow-origin"], "*");
});

test("jsson serve: JSSON_ALLOWED_HOSTS (and -allowed-hosts) in the banner and in force", async () => {
  const child = await startServe(["-port", "0", "-host", "127.0.0.1", "-processes", "1", "-workers", "1", "-q", "-playground=false", "-include-root", root], { JSSON_ALLOWED_HOSTS: "conf.example,jsson.internal" });
  try {
    assert.ok(
      child.banner.some((l) => l.includes("hosts: IP literals, localhost, *.localhost, conf.example, jsson.internal")),
      child.banner.join("\n"),
    );
    assert.is((await send(child.base, "/health", { headers: { Host: "CONF.example:80" } })).status, 200);
    assert.is((await send(child.base, "/health", { headers: { Host: "evil.example" } })).status, 403);
  } finally {
    await child.stop();
  }
  const flagged = await startServe(["-port", "0", "-host", "127.0.0.1", "-processes", "1", "-workers", "1", "-q", "-playground=false", "--allowed-hosts=a.example", "-allowed-hosts", "b.example"]);
  try {
    assert.ok(flagged.banner.some((l) => l.includes("hosts: IP literals, localhost, *.localhost, a.example, b.example")), flagged.banner.join("\n"));
    assert.is((await send(flagged.base, "/health", { headers: { Host: "b.example" } })).status, 200);
    assert.is((await send(flagged.base, "/health", { headers: { Host: "c.example" } })).status, 403);
  } finally {
    await flagged.stop();
  }
});

test.run();
