// HTTP.md §1: the real `jsson serve` process — banner, SIGTERM drain (in-flight requests
// finish, /health says 503 meanwhile, new connections refused, exit 0), busy port.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { Agent } from "node:http";
import { createServer } from "node:net";
import { post, send } from "./helpers.js";
import { startServe as serve } from "./serve-child.js";
import { untilGauge } from "../support/server-gauge.js";
import { waitFor } from "../support/wait-for.js";
import { CLI_BIN } from "../support/repo-root.js";

test("banner: versions, address, one line per endpoint, limits and include policy, config file", async () => {
  const s = await serve(["-port", "0", "-host", "127.0.0.1", "-workers", "1", "-max-body=1MiB", "--timeout", "5s"]);
  try {
    const text = s.banner.join("\n");
    assert.match(s.banner[0]!, /^jsson serve \d+\.\d+\.\d+ \(JSSON language 0\.0\.6/);
    const endpoints: [string, string][] = [["POST", "/transpile"], ["POST", "/validate"], ["POST", "/validate-schema"], ["GET", "/health"], ["GET", "/version"], ["GET", "/openapi.json"], ["GET", "/formats"]];
    for (const [method, path] of endpoints) assert.match(text, new RegExp(`^\\s+${method}\\S*\\s+${path.replace(".", "\\.")}\\s+\\S`, "m"));
    assert.match(text, /^limits: .*max-body 1MiB.*timeout 5s.*; includes: .*reads no files/m);
    assert.match(s.banner.at(-1)!, /^config file: /);
    const r = await send(s.base, "/health", { headers: { "X-Request-Id": "banner-test" } });
    assert.is(r.status, 200);
    // the access log is on by default: one JSON line per request on stderr
    await waitFor(() => s.stderr().includes("banner-test"), { what: "the access-log line" });
    const line = s.stderr().split("\n").find((l) => l.includes("banner-test"));
    assert.ok(line, s.stderr());
    const entry = JSON.parse(line!) as Record<string, unknown>;
    assert.equal([entry["method"], entry["path"], entry["status"], entry["request_id"]], ["GET", "/health", 200, "banner-test"]);
    assert.type(entry["ms"], "number");
  } finally {
    s.child.kill("SIGTERM");
    assert.is(await s.exit, 0);
  }
});

test("SIGTERM: in-flight requests finish, /health answers 503 meanwhile, new connections are refused, exit 0", async () => {
  const s = await serve(["-port", "0", "-host", "127.0.0.1", "-workers", "1", "-quiet", "-cors=false"]);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    assert.is((await send(s.base, "/health", { agent })).status, 200); // opens the keep-alive connection
    // a few seconds of work (longer on a busy machine; the drain grace is 30 s)
    const inFlight = post(s.base, "/transpile", { source: 'rows = (0..399999 map (i) = { id = i, name = "user_" + i })\n', stream_threshold: 10000000 });
    await untilGauge(s.base, "jsson_jobs_running", (n) => n === 1, "the in-flight request to be evaluated");
    s.child.kill("SIGTERM");
    await waitFor(() => /SIGTERM received/.test(s.stderr()), { what: "the server to begin draining" });
    const health = await send(s.base, "/health", { agent });
    assert.is(health.status, 503);
    assert.is(health.json().status, "shutting_down");
    const refused = await send(s.base, "/health").then(
      () => false,
      () => true,
    );
    assert.ok(refused, "no new connections");
    const done = await inFlight;
    assert.is(done.status, 200);
    assert.is(done.json<{ success: boolean; output: { rows: unknown[] } }>().output.rows.length, 400000);
    assert.is(await s.exit, 0);
    assert.match(s.stderr(), /SIGTERM/);
  } finally {
    agent.destroy();
    s.child.kill("SIGKILL");
  }
});

test("several processes (cluster): all serve the same port; SIGTERM lets in-flight requests finish, exit 0", async () => {
  const s = await serve(["-port", "0", "-host", "127.0.0.1", "-workers", "2", "-processes", "2", "-quiet"]);
  try {
    assert.match(s.banner.join("\n"), /workers 2 in 2 processes/);
    for (let i = 0; i < 6; i++) assert.is((await post(s.base, "/transpile", { source: "a = 1" })).status, 200);
    const inFlight = post(s.base, "/transpile", { source: 'rows = (0..120000 map (i) = { id = i, name = "user_" + i })\n', stream_threshold: 10000000 });
    await untilGauge(s.base, "jsson_jobs_running", (n) => n >= 1, "the in-flight request to be evaluated");
    s.child.kill("SIGTERM");
    const done = await inFlight;
    assert.is(done.status, 200);
    assert.is(done.json<{ output: { rows: unknown[] } }>().output.rows.length, 120001);
    assert.is(await s.exit, 0);
    const refused = await send(s.base, "/health").then(
      () => false,
      () => true,
    );
    assert.ok(refused, "nothing listens any more");
  } finally {
    s.child.kill("SIGKILL");
  }
});

test("a port in use: one line on stderr, exit 1, no stack trace", async () => {
  const blocker = createServer();
  await new Promise<void>((r) => blocker.listen(0, "127.0.0.1", r));
  const port = (blocker.address() as { port: number }).port;
  try {
    // two processes: the supervisor reports its children's failure as one line
    const r = spawnSync(process.execPath, [CLI_BIN, "serve", "-port", String(port), "-host", "127.0.0.1", "-workers", "2", "-processes", "2"], { encoding: "utf8", timeout: 30_000 });
    assert.is(r.status, 1);
    assert.is(r.stderr.trim().split("\n").length, 1, r.stderr);
    assert.match(r.stderr, /address already in use/);
    assert.not.match(r.stderr, /\n\s+at /);
    assert.is(r.stdout, "");
  } finally {
    blocker.close();
  }
});

test("bad flags: one line, exit 2", async () => {
  for (const args of [["-max-body", "lots"], ["-nope"]]) {
    const r = spawnSync(process.execPath, [CLI_BIN, "serve", ...args], { encoding: "utf8", timeout: 20_000 });
    assert.is(r.status, 2, `${args.join(" ")}: ${r.stderr}`);
    assert.is(r.stderr.trim().split("\n").length, 1, r.stderr);
  }
});

test.run();
