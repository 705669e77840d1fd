// How the service serves the playground's files (issue 7): content types,
// caching, compression, methods, and the 404 rule for everything else.
// Real server on port 0, raw HTTP (node:http, no browser).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { request as httpRequest, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { playgroundHandler } from "../../cli/playground/serve-playground.js";
import { startPlaygroundServer, type PlaygroundServer } from "./helpers.js";
import { REPO_ROOT } from "../support/repo-root.js";

let on: PlaygroundServer;

interface Reply {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

function send(base: string, path: string, method = "GET", headers: Record<string, string> = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(base + path, { method, headers, agent: false }, (res) => {
      const parts: Buffer[] = [];
      res.on("data", (c: Buffer) => parts.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/** The asset paths index.html refers to (script, stylesheet, icon). */
function referencedAssets(html: string): string[] {
  return [...html.matchAll(/(?:src|href)="(playground\/[^"]+)"/g)].map((m) => "/" + (m[1] as string));
}

test.before(async () => {
  on = await startPlaygroundServer();
});
test.after(async () => {
  await on.close();
});

test("GET / is the page: HTML, revalidated, with a same-origin-only content policy", async () => {
  const r = await send(on.base, "/");
  assert.is(r.status, 200);
  assert.is(r.headers["content-type"], "text/html; charset=utf-8");
  assert.is(r.headers["cache-control"], "no-cache");
  assert.match(String(r.headers["etag"]), /^"[A-Za-z0-9_-]+"$/);
  assert.is(r.headers["x-content-type-options"], "nosniff");
  const csp = String(r.headers["content-security-policy"]);
  assert.match(csp, /default-src 'none'/);
  assert.match(csp, /script-src 'self'(;|$)/);
  assert.match(csp, /connect-src 'self'(;|$)/);
  const html = r.body.toString("utf8");
  assert.is(html, readFileSync(join(REPO_ROOT, "dist", "playground", "index.html"), "utf8"));
  assert.not.match(html, /https?:\/\//, "no external URL in the page");
  assert.not.match(html, /%%[A-Z]+%%/, "the build filled in the asset names");
  assert.is(Number(r.headers["content-length"]), r.body.length);
});

test("every asset the page names is served with its type and cached for good", async () => {
  const html = (await send(on.base, "/")).body.toString("utf8");
  const assets = referencedAssets(html);
  assert.equal(assets.map((a) => a.replace(/-[A-Za-z0-9]+\./, "-HASH.")).sort(), ["/playground/assets/app-HASH.js", "/playground/assets/styles-HASH.css", "/playground/favicon.svg"]);
  const types: Record<string, string> = { js: "text/javascript; charset=utf-8", css: "text/css; charset=utf-8", svg: "image/svg+xml" };
  for (const path of assets) {
    const r = await send(on.base, path);
    assert.is(r.status, 200, path);
    assert.is(r.headers["content-type"], types[path.slice(path.lastIndexOf(".") + 1)], path);
    assert.is(r.headers["cache-control"], path.includes("/assets/") ? "public, max-age=31536000, immutable" : "public, max-age=3600", path);
    assert.ok(r.body.length > 0, path);
  }
  const css = (await send(on.base, assets.find((a) => a.endsWith(".css")) as string)).body.toString("utf8");
  assert.not.match(css, /url\(\s*["']?https?:/, "no web fonts or images from elsewhere");
  assert.not.match(css, /@import/);
});

test("precompressed variants follow Accept-Encoding and decode to the same bytes", async () => {
  const html = (await send(on.base, "/")).body.toString("utf8");
  const js = referencedAssets(html).find((a) => a.endsWith(".js")) as string;
  const plain = await send(on.base, js);
  assert.is(plain.headers["content-encoding"], undefined);
  assert.is(plain.headers["vary"], "Accept-Encoding");
  const br = await send(on.base, js, "GET", { "Accept-Encoding": "gzip, deflate, br" });
  assert.is(br.headers["content-encoding"], "br");
  assert.ok(br.body.length < plain.body.length / 2, `br ${br.body.length} vs ${plain.body.length}`);
  assert.ok(brotliDecompressSync(br.body).equals(plain.body));
  const gz = await send(on.base, js, "GET", { "Accept-Encoding": "gzip" });
  assert.is(gz.headers["content-encoding"], "gzip");
  assert.ok(gunzipSync(gz.body).equals(plain.body));
  const refused = await send(on.base, js, "GET", { "Accept-Encoding": "br;q=0, gzip;q=0" });
  assert.is(refused.headers["content-encoding"], undefined);
  assert.ok(refused.body.equals(plain.body));
});

test("HEAD answers headers only; a matching If-None-Match gets 304", async () => {
  const get = await send(on.base, "/");
  const head = await send(on.base, "/", "HEAD");
  assert.is(head.status, 200);
  assert.is(head.body.length, 0);
  assert.is(head.headers["content-length"], get.headers["content-length"]);
  const again = await send(on.base, "/", "GET", { "If-None-Match": String(get.headers["etag"]) });
  assert.is(again.status, 304);
  assert.is(again.body.length, 0);
  const other = await send(on.base, "/", "GET", { "If-None-Match": '"something-else"' });
  assert.is(other.status, 200);
});

test("other methods on the page: 405 with Allow, in the service's JSON shape", async () => {
  for (const method of ["POST", "PUT", "DELETE"]) {
    const r = await send(on.base, "/", method);
    assert.is(r.status, 405, method);
    assert.is(r.headers["allow"], "GET, HEAD");
    assert.equal(JSON.parse(r.body.toString("utf8")), { error: "method not allowed", allowed: ["GET", "HEAD"] });
  }
});

test("unknown paths keep the 404 rule, inside /playground/ too; no path reaches the disk", async () => {
  for (const path of ["/x", "/index.html", "/playground/", "/playground/nope.js", "/playground/assets/", "/playground/../package.json", "/playground/%2e%2e/package.json", "/playground/assets/..%2f..%2fpackage.json", "/playground/index.html"]) {
    const r = await send(on.base, path);
    assert.is(r.status, 404, path);
    const body = JSON.parse(r.body.toString("utf8")) as { error: string; path: string };
    assert.is(body.error, "not found", path);
  }
});

test("the API beside the page is untouched", async () => {
  const r = await new Promise<Reply>((resolve, reject) => {
    const req = httpRequest(on.base + "/transpile", { method: "POST", agent: false }, (res) => {
      const parts: Buffer[] = [];
      res.on("data", (c: Buffer) => parts.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
    });
    req.on("error", reject);
    req.end(JSON.stringify({ source: "a = 1", format: "yaml" }));
  });
  assert.is(r.status, 200);
  assert.is(JSON.parse(r.body.toString("utf8")).output, "a: 1\n");
});

test("playground off (jsson serve -playground=false): / and /playground/* are plain 404s", async () => {
  const off = await startPlaygroundServer({ playground: false });
  try {
    for (const path of ["/", "/playground/favicon.svg"]) {
      const r = await send(off.base, path);
      assert.is(r.status, 404, path);
      assert.equal(JSON.parse(r.body.toString("utf8")), { error: "not found", path });
    }
  } finally {
    await off.close();
  }
});

test("an unbuilt checkout says so at / instead of a bare 404", async () => {
  const empty = mkdtempSync(join(tmpdir(), "jsson-playground-"));
  writeFileSync(join(empty, "favicon.svg"), "<svg/>"); // no index.html: not a built page
  const refuse = (res: ServerResponse): void => void res.writeHead(500).end("refused"); // not reached: only GETs below
  const handler = playgroundHandler({ root: empty, refusals: { preflight: refuse, methodNotAllowed: refuse } });
  const { createServer } = await import("node:http");
  const server = createServer((req, res) => handler(req, res, () => res.writeHead(404).end("next")));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  try {
    const root = await send(base, "/");
    assert.is(root.status, 503);
    assert.match(root.body.toString("utf8"), /npm run build/);
    assert.is((await send(base, "/playground/favicon.svg")).body.toString("utf8"), "next");
    assert.is((await send(base, "/other")).body.toString("utf8"), "next");
  } finally {
    server.close();
  }
});

test.run();
