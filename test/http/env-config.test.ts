// HTTP.md §1: every `jsson serve` flag from the environment as JSSON_<FLAG>, PORT as a
// fallback, a flag winning over the environment, and a bad value naming its variable.
// The real binary, configured by environment only, answering real requests.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";
import { fixturesDir, post, send } from "./helpers.js";
import { cleanEnv, startServe } from "./serve-child.js";
import { envVariableOf, flagsFromEnvironment } from "../../cli/argv/env-flags.js";
import Serve from "../../cli/commands/serve.js";
import { CLI_BIN } from "../support/repo-root.js";

const SPLIT = (t: string) => t.split(",");

test("the variable of a flag: JSSON_ + upper case, - → _", () => {
  assert.is(envVariableOf("include-root", "JSSON_"), "JSSON_INCLUDE_ROOT");
  assert.is(envVariableOf("port", "JSSON_"), "JSSON_PORT");
  assert.is(envVariableOf("log-level", "JSSON_"), "JSSON_LOG_LEVEL");
});

test("flagsFromEnvironment: parsed with the flag's own parser; flags given on the command line are not read", async () => {
  const r = await flagsFromEnvironment(
    Serve.flags,
    new Set(["timeout"]),
    { JSSON_PORT: "3000", JSSON_CORS: "F", JSSON_PLUGIN: "a,b", JSSON_TIMEOUT: "not read", JSSON_INCLUDE_ROOT: "", JSSON_LOG_LEVEL: "debug" },
    { prefix: "JSSON_", fallbacks: { port: "PORT" }, splitList: SPLIT },
  );
  assert.ok(r.ok);
  if (!r.ok) return;
  assert.equal(r.values, { port: 3000, cors: false, plugin: ["a", "b"], "log-level": "debug" });
  assert.equal(r.sources, { port: "JSSON_PORT", cors: "JSSON_CORS", plugin: "JSSON_PLUGIN", "log-level": "JSSON_LOG_LEVEL" });
  // PORT only when JSSON_PORT is unset (or empty)
  const fallback = await flagsFromEnvironment(Serve.flags, new Set(), { PORT: "8123", JSSON_PORT: "" }, { prefix: "JSSON_", fallbacks: { port: "PORT" }, splitList: SPLIT });
  assert.equal(fallback.ok && fallback.values, { port: 8123 });
  // a Kubernetes service link is not a port (serve's own rule, checked through the real binary below)
  const link = await flagsFromEnvironment(Serve.flags, new Set(), { JSSON_PORT: "tcp://10.0.0.1:80", PORT: "8123" }, {
    prefix: "JSSON_",
    fallbacks: { port: "PORT" },
    splitList: SPLIT,
    ignore: (v, t) => v === "JSSON_PORT" && t.startsWith("tcp://"),
  });
  assert.equal(link.ok && link.values, { port: 8123 });
  const both = await flagsFromEnvironment(Serve.flags, new Set(), { PORT: "8123", JSSON_PORT: "9000" }, { prefix: "JSSON_", fallbacks: { port: "PORT" }, splitList: SPLIT });
  assert.equal(both.ok && both.values, { port: 9000 });
});

test("jsson serve --help documents the environment and the log levels", () => {
  const r = spawnSync(process.execPath, [CLI_BIN, "serve", "--help"], { encoding: "utf8", timeout: 20_000, env: cleanEnv() });
  assert.is(r.status, 0, r.stderr);
  const help = r.stdout.replace(/\x1b\[[0-9;]*m/g, ""); // oclif colours flags when the runner's environment asks for colour
  assert.match(help, /JSSON_<FLAG>/);
  assert.match(help, /PORT is read when neither -port nor JSSON_PORT/);
  assert.match(help, /--log-level=<option>/);
  assert.match(help, /LOG LEVELS/);
  assert.match(help, /\/livez, \/readyz, \/metrics/);
});

test("bad values in the environment: exit 2, one line naming the variable", () => {
  const cases: [Record<string, string>, RegExp][] = [
    [{ JSSON_PORT: "eighty" }, /^jsson: JSSON_PORT: Expected an integer/],
    [{ PORT: "99999" }, /^jsson: PORT: Expected an integer less than or equal to 65535/],
    [{ JSSON_CORS: "maybe" }, /^jsson: JSSON_CORS: invalid boolean value "maybe"/],
    [{ JSSON_MAX_BODY: "lots" }, /^jsson: JSSON_MAX_BODY: not a size/],
    [{ JSSON_TIMEOUT: "soon" }, /^jsson: JSSON_TIMEOUT: not a duration/],
    // a worker's engine needs about 32 MiB to start: a smaller budget is refused, not a worker that never comes up
    [{ JSSON_MAX_MEMORY: "31MiB" }, /^jsson: JSSON_MAX_MEMORY: not a size of at least 32MiB: "31MiB" /],
    [{ JSSON_MAX_MEMORY: "lots" }, /^jsson: JSSON_MAX_MEMORY: not a size of at least 32MiB: "lots" /],
    [{ JSSON_INCLUDE_ROOT: "/no/such/folder" }, /^jsson: JSSON_INCLUDE_ROOT: not a folder/],
    [{ JSSON_LOG_LEVEL: "loud" }, /^jsson: JSSON_LOG_LEVEL: expected one of error, warn, info, debug, got "loud"/],
    [{ JSSON_WORKERS: "0" }, /^jsson: JSSON_WORKERS: Expected an integer greater than or equal to 1/],
  ];
  for (const [env, expected] of cases) {
    const r = spawnSync(process.execPath, [CLI_BIN, "serve"], { encoding: "utf8", timeout: 20_000, env: cleanEnv(env) });
    assert.is(r.status, 2, `${JSON.stringify(env)}: ${r.stderr}`);
    assert.is(r.stderr.trim().split("\n").length, 1, r.stderr);
    assert.match(r.stderr, expected);
  }
});

test("configured by the environment only: host, port, CORS, limits, workers, plugins, log level, strict", async () => {
  const s = await startServe([], {
    JSSON_HOST: "127.0.0.1",
    JSSON_PORT: "0",
    JSSON_PROCESSES: "1",
    JSSON_WORKERS: "1",
    JSSON_CORS: "false",
    JSSON_MAX_BODY: "4KiB",
    JSSON_TIMEOUT: "3s",
    JSSON_MAX_MEMORY: "48MiB",
    JSSON_STRICT: "1",
    JSSON_PLAYGROUND: "false",
    JSSON_PLUGIN: join(fixturesDir, "fixture-plugin.mjs"),
    JSSON_LOG_LEVEL: "warn",
  });
  try {
    const text = s.banner.join("\n");
    assert.match(text, /^listening on http:\/\/127\.0\.0\.1:\d+$/m);
    assert.match(text, /max-body 4KiB, timeout 3s, max-memory 48MiB per request,.*workers 1, .*CORS off/);
    assert.not.match(text, /playground/);
    const ok = await post(s.base, "/transpile", { source: "a = 1", format: "shout" }, { "X-Request-Id": "env-only" });
    assert.is(ok.status, 200);
    assert.is(ok.json().output, "A!\n");
    assert.is(ok.headers["access-control-allow-origin"], undefined);
    assert.is((await post(s.base, "/transpile", { source: `s = "${"x".repeat(5000)}"` })).status, 413);
    // JSSON_STRICT: the default of a request's strict
    const [strict, optedOut] = await Promise.all([post(s.base, "/transpile", { source: "on = ture\n" }), post(s.base, "/transpile", { source: "on = ture\n", strict: false })]);
    assert.match(strict.json<{ errors: string[] }>().errors[0] ?? "", /^Line 1: 'ture' is not defined/);
    assert.is(optedOut.json<{ success: boolean }>().success, true);
    assert.is((await send(s.base, "/")).status, 404);
  } finally {
    assert.is(await s.stop(), 0);
  }
  // warn: no access line
  assert.not.match(s.stderr(), /env-only/);
});

test("a flag wins over its variable (even a bad one); PORT is read only without -port and JSSON_PORT", async () => {
  const blocker = createServer();
  await new Promise<void>((r) => blocker.listen(0, "127.0.0.1", r));
  const taken = String((blocker.address() as { port: number }).port);
  try {
    const s = await startServe(["-port", "0", "--max-body=8KiB", "-cors=true", "-host", "127.0.0.1", "-processes", "1", "-workers", "1", "-q"], {
      JSSON_PORT: "not a port",
      PORT: taken,
      JSSON_MAX_BODY: "1KiB",
      JSSON_CORS: "false",
    });
    try {
      assert.match(s.banner.join("\n"), /max-body 8KiB.*CORS on/);
      assert.is.not(new URL(s.base).port, taken);
      assert.is((await send(s.base, "/health")).headers["access-control-allow-origin"], "*");
    } finally {
      assert.is(await s.stop(), 0);
    }
    // PORT alone is used: the taken port makes the start fail, naming it
    const viaPort = spawnSync(process.execPath, [CLI_BIN, "serve", "-host", "127.0.0.1", "-processes", "1", "-workers", "1"], { encoding: "utf8", timeout: 30_000, env: cleanEnv({ PORT: taken }) });
    assert.is(viaPort.status, 1, viaPort.stderr);
    assert.match(viaPort.stderr, new RegExp(`127\\.0\\.0\\.1:${taken}: address already in use`));
    // JSSON_PORT beats PORT
    const s2 = await startServe(["-host", "127.0.0.1", "-processes", "1", "-workers", "1", "-q"], { JSSON_PORT: "0", PORT: taken });
    try {
      assert.is.not(new URL(s2.base).port, taken);
    } finally {
      assert.is(await s2.stop(), 0);
    }
    // Kubernetes' service link for a Service named "jsson" is not a port: ignored, PORT is used
    const s3 = await startServe(["-host", "127.0.0.1", "-processes", "1", "-workers", "1", "-q"], { JSSON_PORT: "tcp://10.96.0.12:80", PORT: "0" });
    assert.is(await s3.stop(), 0);
  } finally {
    blocker.close();
  }
});

test("log levels: info writes access lines but not for probes; debug adds probes, bytes and the client address; -quiet is warn", async () => {
  const run = async (args: string[], env: Record<string, string>) => {
    const s = await startServe(["-port", "0", "-host", "127.0.0.1", "-processes", "1", "-workers", "1", ...args], env);
    try {
      await send(s.base, "/health", { headers: { "X-Request-Id": "req-health" } });
      await send(s.base, "/livez", { headers: { "X-Request-Id": "req-livez" } });
      await post(s.base, "/transpile", { source: "a = 1" }, { "X-Request-Id": "req-post" });
    } finally {
      assert.is(await s.stop(), 0);
    }
    return s.stderr()
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  };
  const ids = (lines: Record<string, unknown>[]) => lines.map((l) => l["request_id"]).filter((id) => id !== undefined);
  const info = await run([], {});
  assert.equal(ids(info), ["req-health", "req-post"]);
  assert.is(info[0]!["level"], "info");
  assert.is(info[0]!["bytes"], undefined);
  const debug = await run([], { JSSON_LOG_LEVEL: "debug" });
  assert.equal(ids(debug), ["req-health", "req-livez", "req-post"]);
  assert.is(debug[0]!["level"], "debug");
  assert.ok((debug[0]!["bytes"] as number) > 100, JSON.stringify(debug[0]));
  assert.is(debug[0]!["remote"], "127.0.0.1");
  assert.equal(ids(await run(["-quiet"], { JSSON_LOG_LEVEL: "debug" })), []);
  assert.equal(ids(await run(["-log-level", "error"], {})), []);
});

test.run();
