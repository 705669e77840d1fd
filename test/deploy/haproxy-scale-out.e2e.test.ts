// Issue #16 item 7: three `jsson serve` replicas behind a real HAProxy
// (Debian's haproxy; .ci/run installs it), run with the example
// configuration deploy/haproxy/haproxy.cfg (only its ports changed). A
// steady, bounded load of mixed requests, every answer checked against the
// engine run in this process; a rolling restart (SIGTERM one replica, wait
// until it has drained and exited, start a new one, wait until HAProxy has
// it back, then the next) with no failed request; then a replica SIGKILLed
// under load, whose in-flight requests HAProxy retries elsewhere: still no
// failed request. Everything listens on 127.0.0.1.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawn, type ChildProcess } from "node:child_process";
import { Agent, request } from "node:http";
import { createServer as createNetServer } from "node:net";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createEngine } from "../../index.js";
import { delay } from "../http/helpers.js";
import { startServe, type ServeProcess } from "../http/serve-child.js";
import { REPO_ROOT } from "../support/repo-root.js";
import { waitFor as waitForEvent } from "../support/wait-for.js";

const engine = createEngine();

/** A free port on 127.0.0.1 (closed again at once; the replica or HAProxy takes it). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createNetServer().listen(0, "127.0.0.1", () => {
      const address = s.address();
      s.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** The example configuration with this run's ports. */
function haproxyConfig(front: number, stats: number, replicas: readonly number[]): string {
  let server = 0;
  const text = readFileSync(join(REPO_ROOT, "deploy", "haproxy", "haproxy.cfg"), "utf8")
    .replace(/^(\s*bind 127\.0\.0\.1:)8090$/m, `$1${front}`)
    .replace(/^(\s*bind 127\.0\.0\.1:)8404$/m, `$1${stats}`)
    // checks every 200 ms instead of 1 s: the same logic, a shorter test
    .replace(/^(\s*default-server check) inter 1s /m, "$1 inter 200ms ")
    .replace(/^(\s*server jsson\d 127\.0\.0\.1:)\d+$/gm, (_, head: string) => `${head}${replicas[server++]}`);
  assert.is(server, replicas.length, "the example's server lines");
  return text;
}

/** A request of the load and the check of its answer. */
interface Call {
  readonly method: "GET" | "POST";
  readonly path: string;
  readonly body?: string;
  check(status: number, text: string): string | undefined;
}

/** The k-th request of the load: transpiles in every format, validations, a GET; the expected answers from the engine. */
function call(k: number): Call {
  const source = `n = ${k}\nports = (1..20 map (p) = 8000 + p * n)\nname = "svc-" + n\n`;
  const expected = (format: string) => {
    const r = engine.transpile(source, { format });
    if (!r.ok) throw new Error("the load's source must transpile");
    return r.output;
  };
  const json = (text: string) => JSON.parse(text) as Record<string, unknown>;
  switch (k % 6) {
    case 0:
      return { method: "POST", path: "/transpile", body: JSON.stringify({ source }), check: (s, t) => (s === 200 && JSON.stringify(json(t)["output"]) === JSON.stringify(JSON.parse(expected("json"))) ? undefined : `json ${s} ${t.slice(0, 200)}`) };
    case 1:
    case 2: {
      const format = k % 6 === 1 ? "yaml" : "toml";
      return { method: "POST", path: "/transpile", body: JSON.stringify({ source, format }), check: (s, t) => (s === 200 && json(t)["output"] === expected(format) ? undefined : `${format} ${s} ${t.slice(0, 200)}`) };
    }
    case 3:
      return { method: "POST", path: "/validate", body: JSON.stringify({ source: k % 12 === 3 ? source : source + 'x = "' }), check: (s, t) => (s === 200 && json(t)["valid"] === (k % 12 === 3) ? undefined : `validate ${s} ${t.slice(0, 200)}`) };
    case 4:
      return {
        method: "POST",
        path: "/validate-schema",
        body: JSON.stringify({ source, schema: JSON.stringify({ type: "object", properties: { n: { maximum: k % 12 === 4 ? 1e9 : 0 } } }) }),
        check: (s, t) => (s === 200 && json(t)["valid"] === (k % 12 === 4) ? undefined : `validate-schema ${s} ${t.slice(0, 200)}`),
      };
    default:
      return { method: "GET", path: "/version", check: (s, t) => (s === 200 && json(t)["runtime"] === "node" ? undefined : `version ${s} ${t.slice(0, 200)}`) };
  }
}

/** One request; resolves with status and body, rejects on a network error. */
function send(agent: Agent, port: number, c: Call): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: c.path, method: c.method, agent, headers: c.body === undefined ? {} : { "Content-Type": "application/json" }, timeout: 30_000 }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error("client timeout")));
    req.on("error", reject);
    req.end(c.body);
  });
}

/** A steady load: `clients` loops, each one request at a time with a short pause; counts and failures by phase. */
function startLoad(port: number, clients: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  let phase = "warm-up";
  const done = new Map<string, number>();
  const failures: string[] = [];
  let running = true;
  let k = 0;
  const loop = async () => {
    while (running) {
      const c = call(k++);
      const at = phase;
      try {
        const r = await send(agent, port, c);
        const problem = c.check(r.status, r.text);
        if (problem) failures.push(`${at}: ${c.method} ${c.path}: ${problem}`);
      } catch (e) {
        failures.push(`${at}: ${c.method} ${c.path}: ${(e as Error).message}`);
      }
      done.set(at, (done.get(at) ?? 0) + 1);
      await delay(5); // each client's pace, not a wait for anything
    }
  };
  const loops = Array.from({ length: clients }, loop);
  return {
    done,
    failures,
    setPhase: (name: string) => void (phase = name),
    stop: async () => {
      running = false;
      await Promise.all(loops);
      agent.destroy();
    },
  };
}

/** HAProxy's view of a server: its status column in the stats CSV. */
async function serverStatus(statsPort: number, server: string): Promise<{ status: string; retries: number; redispatches: number }> {
  const r = await fetch(`http://127.0.0.1:${statsPort}/stats;csv`);
  const [header, ...rows] = (await r.text()).trim().split("\n");
  const names = header!.replace(/^# /, "").split(",");
  const row = rows.map((l) => l.split(",")).find((cells) => cells[0] === "jsson" && cells[1] === server);
  const cell = (name: string) => row?.[names.indexOf(name)] ?? "";
  return { status: cell("status"), retries: Number(cell("wretr")), redispatches: Number(cell("wredis")) };
}

function waitFor(what: string, ok: () => Promise<boolean>): Promise<true> {
  return waitForEvent(ok, { what, everyMs: 100 });
}

/** Let the load run `n` more requests (time under load counted in requests, not in ms). */
async function moreRequests(load: ReturnType<typeof startLoad>, n: number): Promise<void> {
  const total = (): number => [...load.done.values()].reduce((a, b) => a + b, 0);
  const target = total() + n;
  await waitFor(`${n} more requests under load`, async () => total() >= target);
}

test("three replicas behind HAProxy: a rolling restart and a SIGKILLed replica under load, no failed request", async () => {
  const [front, stats, ...ports] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
  const replicaEnv = (port: number) => ({ JSSON_HOST: "127.0.0.1", JSSON_PORT: String(port), JSSON_PROCESSES: "1", JSSON_WORKERS: "1", JSSON_LOG_LEVEL: "error" });
  const replicas: ServeProcess[] = await Promise.all(ports.map((p) => startServe([], replicaEnv(p))));
  const dir = mkdtempSync(join(tmpdir(), "jsson-haproxy-"));
  const cfg = join(dir, "haproxy.cfg");
  writeFileSync(cfg, haproxyConfig(front!, stats!, ports));
  let haproxy: ChildProcess | undefined;
  let haproxyErr = "";
  let load: ReturnType<typeof startLoad> | undefined;
  try {
    haproxy = spawn("haproxy", ["-db", "-f", cfg], { stdio: ["ignore", "ignore", "pipe"] });
    haproxy.stderr!.on("data", (d: Buffer) => (haproxyErr += d.toString()));
    haproxy.on("error", (e) => (haproxyErr += `cannot start haproxy (apt-get install haproxy): ${e.message}`));
    const names = ports.map((_, i) => `jsson${i + 1}`);
    const allUp = () => Promise.all(names.map((n) => serverStatus(stats!, n))).then((all) => all.every((s) => s.status === "UP")).catch(() => false);
    await waitFor(`HAProxy with every replica UP (${haproxyErr})`, allUp);

    load = startLoad(front!, 6);
    await moreRequests(load, 60);
    for (let i = 0; i < replicas.length; i++) {
      load.setPhase(`rolling restart of ${names[i]}`);
      assert.is(await replicas[i]!.stop(), 0, "drained and exited"); // SIGTERM, then its exit
      replicas[i] = await startServe([], replicaEnv(ports[i]!));
      await waitFor(`${names[i]} UP again`, async () => (await serverStatus(stats!, names[i]!)).status === "UP");
      await moreRequests(load, 20);
    }
    load.setPhase("SIGKILL of jsson2");
    const victim = replicas[1]!;
    victim.child.kill("SIGKILL");
    await new Promise((r) => (victim.child.exitCode === null && victim.child.signalCode === null ? victim.child.once("exit", r) : r(undefined)));
    await waitFor("jsson2 DOWN", async () => (await serverStatus(stats!, "jsson2")).status.startsWith("DOWN"));
    await moreRequests(load, 30);
    load.setPhase("after");
    await moreRequests(load, 20);
    await load.stop();
    const counts = Object.fromEntries(load.done);
    if (process.env["DEPLOY_TEST_VERBOSE"]) console.log("requests by phase", counts, "HAProxy retries/redispatches of jsson2", await serverStatus(stats!, "jsson2"));
    assert.equal(load.failures, [], `failed requests (of ${JSON.stringify(counts)})`);
    for (const phase of ["warm-up", ...names.map((n) => `rolling restart of ${n}`), "SIGKILL of jsson2"]) assert.ok((counts[phase] ?? 0) >= 10, `requests during ${phase}: ${counts[phase]}`);
  } finally {
    await load?.stop();
    if (haproxy?.pid !== undefined && haproxy.exitCode === null && haproxy.signalCode === null) {
      const exited = new Promise((r) => haproxy!.once("exit", r));
      haproxy.kill("SIGTERM");
      await exited;
    }
    await Promise.all(replicas.map((r) => r.stop()));
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
