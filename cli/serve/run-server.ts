/**
 * Run the service as a process (what `jsson serve` does): listen, print the
 * banner, and on SIGTERM / SIGINT drain and finish (HTTP.md §1). A second
 * signal while draining stops at once. Start-up failures are one line on
 * stderr and exit status 1 (2 for a plugin that cannot be loaded).
 *
 * With more than one process (the default on a multi-core machine), the
 * command becomes a small supervisor: node:cluster forks HTTP processes that
 * share the listening socket, so the event-loop work (HTTP parsing, the fast
 * path for small requests) uses every core, while each process keeps its own
 * evaluation workers for big requests. The supervisor prints the banner,
 * forwards the drain, replaces a process that dies, and exits when all have
 * finished.
 *
 * The supervisor never gives the service up because processes die: requests
 * must not be able to stop it (a memory bomb that kills a process, sent
 * again and again, would otherwise end the service for good). A process
 * that exits is replaced at once; when exits keep coming, the replacements
 * are spaced out (see {@link restartDelayMs}), but never stopped. (With
 * `-port 0`, a replacement started after every process had died may get a
 * new port: the cluster's shared socket closes with its last process.)
 */
import cluster, { type Worker as ClusterWorker } from "node:cluster";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { createServer, SERVICE_ROUTES, type JssonServer } from "./app.js";
import { bannerLines } from "./banner.js";
import { eventLine } from "./ops/access-log.js";
import { PluginLoadError } from "../plugin-loader/index.js";
import { resolveServerOptions, type ServerOptionsInput } from "./ops/server-options.js";
import { ClusterMetricsHub, useClusterMetrics } from "./ops/cluster-metrics.js";

/** Where the process talks. */
export interface ProcessIo {
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
}

const DEFAULT_IO: ProcessIo = {
  out: (line) => void process.stdout.write(line + "\n"),
  err: (line) => void process.stderr.write(line + "\n"),
};

/** How long the supervisor waits for its HTTP processes to listen. */
const START_DEADLINE_MS = 60_000;
/** Unexpected exits within {@link RESTART_WINDOW_MS} replaced at once, before replacements are spaced out. */
const QUICK_RESTARTS = 10;
/** Exits older than this no longer count towards spacing replacements out. */
const RESTART_WINDOW_MS = 60_000;
/** The longest wait before a replacement (while every process keeps dying, the port is closed at most this long at a time). */
const MAX_RESTART_DELAY_MS = 5_000;

/**
 * How long to wait before replacing a process, given the unexpected exits
 * within the last minute (this one included): none for the first
 * {@link QUICK_RESTARTS}, then 250 ms doubling up to {@link MAX_RESTART_DELAY_MS}.
 */
export function restartDelayMs(recentExits: number): number {
  if (recentExits <= QUICK_RESTARTS) return 0;
  return Math.min(MAX_RESTART_DELAY_MS, 250 * 2 ** Math.min(recentExits - QUICK_RESTARTS - 1, 10));
}

/** SIGKILL every child and wait until they are gone. */
function killAll(children: Set<ClusterWorker>): Promise<void> {
  return Promise.all(
    [...children].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.isDead()) return resolve();
          child.once("exit", () => resolve());
          child.process.kill("SIGKILL");
        }),
    ),
  ).then(() => undefined);
}

/** Marks a cluster child started by {@link runServer} (so an embedding cluster app is not mistaken for us). */
const CHILD_ENV = "JSSON_SERVE_CHILD";
/** What a child serves with: the supervisor's parsed settings, as JSON ({@link ChildSettings}). */
const CHILD_SETTINGS_ENV = "JSSON_SERVE_CHILD_SETTINGS";
/**
 * The module a child runs: not the CLI again (oclif and the flag parsing,
 * ≈ 0.25 s of CPU, at every start and every replacement), but a small entry
 * that serves with the settings the supervisor parsed.
 */
const CHILD_ENTRY = fileURLToPath(new URL("./cluster-child-start.js", import.meta.url));

/** The settings a child gets from its supervisor. Functions (a log sink) do not travel; plugin discovery reads the child's own cwd and environment, which are the supervisor's. */
interface ChildSettings {
  readonly port: number;
  readonly host: string;
  readonly processes: number;
  readonly options: ServerOptionsInput;
}

/** Supervisor ↔ child messages. */
type ChildMessage =
  | { readonly jsson: "listening"; readonly address: AddressInfo }
  | { readonly jsson: "failed"; readonly line: string; readonly status: number };
type SupervisorMessage = { readonly jsson: "drain" } | { readonly jsson: "close" };

function describeListenError(e: unknown, host: string, port: number): string {
  const code = (e as NodeJS.ErrnoException | null)?.code;
  const where = `${host.includes(":") ? `[${host}]` : host}:${port}`;
  if (code === "EADDRINUSE") return `cannot listen on ${where}: address already in use`;
  if (code === "EACCES") return `cannot listen on ${where}: permission denied`;
  if (code === "EADDRNOTAVAIL") return `cannot listen on ${where}: address not available`;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return `cannot listen on ${where}: unknown host`;
  return e instanceof Error ? e.message.split("\n")[0] ?? String(e) : String(e);
}

/** Start a server; on failure, the one line to print and the exit status. */
async function start(port: number, host: string, options: ServerOptionsInput): Promise<{ server: JssonServer; address: AddressInfo } | { line: string; status: number }> {
  const server = createServer(options);
  try {
    return { server, address: await server.listen(port, host) };
  } catch (e) {
    if (e instanceof PluginLoadError) return { line: `jsson: ${e.message}`, status: 2 };
    return { line: `jsson serve: ${describeListenError(e, host, port)}`, status: 1 };
  }
}

/** Call `onStop(first)` on SIGTERM / SIGINT, after saying so on `io`; returns a function removing the handlers. */
function onSignals(onStop: (first: boolean) => void, io?: ProcessIo): () => void {
  let seen = false;
  const handler = (signal: NodeJS.Signals) => {
    const first = !seen;
    seen = true;
    io?.err(first ? `jsson serve: ${signal} received, finishing in-flight requests` : `jsson serve: ${signal} again, stopping now`);
    onStop(first);
  };
  process.on("SIGTERM", handler);
  process.on("SIGINT", handler);
  return () => {
    process.off("SIGTERM", handler);
    process.off("SIGINT", handler);
  };
}

/**
 * Serve until a signal; resolves with the exit status.
 * @param processes HTTP processes (1: this one; more: a supervisor forks them). `options.workers` is the total of evaluation threads, shared out among them.
 */
export async function runServer(port: number, host: string, options: ServerOptionsInput, io: ProcessIo = DEFAULT_IO, processes = 1): Promise<number> {
  if (cluster.isWorker && process.env[CHILD_ENV] === "1") return runChild(port, host, options, processes);
  if (processes > 1) return runSupervisor({ port, host, processes, options }, io);
  return runSingle(port, host, options, io);
}

/** Serve as a child forked by the supervisor (the whole of cluster-child-start.ts), with the settings it passed. */
export function runClusterChild(): Promise<number> {
  const { port, host, processes, options } = JSON.parse(process.env[CHILD_SETTINGS_ENV] ?? "null") as ChildSettings;
  const pluginDiscovery = options.pluginDiscovery === undefined ? undefined : { cwd: process.cwd(), env: process.env };
  return runChild(port, host, { ...options, pluginDiscovery }, processes);
}

async function runSingle(port: number, host: string, options: ServerOptionsInput, io: ProcessIo): Promise<number> {
  const started = await start(port, host, options);
  if ("line" in started) {
    io.err(started.line);
    return started.status;
  }
  const { server, address } = started;
  return new Promise<number>((resolve) => {
    const off = onSignals((first) => {
      if (!first) return void server.close().then(() => resolve(0));
      void server.drain().then(() => {
        off();
        io.err("jsson serve: stopped");
        resolve(0);
      });
    }, io);
    // Only now: a SIGTERM sent as soon as the banner is read must find the handler installed.
    for (const line of bannerLines(address, server.options, SERVICE_ROUTES, 1)) io.out(line);
  });
}

/** Evaluation threads of one of `processes` children sharing `total`. */
function share(total: number | undefined, processes: number): number | undefined {
  return total === undefined ? undefined : Math.max(1, Math.ceil(total / processes));
}

async function runChild(port: number, host: string, options: ServerOptionsInput, processes: number): Promise<number> {
  const send = (m: ChildMessage) => process.send?.(m);
  const started = await start(port, host, { ...options, workers: share(options.workers ?? resolveServerOptions().workers, processes) });
  if ("line" in started) {
    send({ jsson: "failed", line: started.line, status: started.status });
    return started.status;
  }
  const { server, address } = started;
  const stopMetrics = useClusterMetrics(server.metrics, (detail) => server.options.logSink(eventLine("metrics_failed", { detail })));
  send({ jsson: "listening", address });
  let stopped = () => {};
  const stop = new Promise<void>((resolve) => (stopped = resolve));
  // A terminal's Ctrl-C reaches the whole process group and the supervisor forwards it too:
  // drain and close are idempotent, so a signal and a message for the same stop are one stop.
  const drain = () => void server.drain().then(stopped);
  const close = () => void server.close().then(stopped);
  const off = onSignals((first) => (first ? drain() : close()));
  const onMessage = (m: SupervisorMessage) => {
    if (m?.jsson === "drain") drain();
    else if (m?.jsson === "close") close();
  };
  process.on("message", onMessage);
  process.once("disconnect", drain); // the supervisor is gone
  await stop;
  off();
  stopMetrics();
  process.off("message", onMessage);
  process.off("disconnect", drain);
  // The IPC channel would keep this process alive.
  if (process.connected) process.disconnect();
  return 0;
}

async function runSupervisor(settings: ChildSettings, io: ProcessIo): Promise<number> {
  const { processes, options } = settings;
  const resolved = resolveServerOptions(options);
  const children = new Set<ClusterWorker>();
  const metricsHub = new ClusterMetricsHub(() => children);
  let stopping = false;
  // Every process accepts on the shared socket itself. With round-robin, the
  // supervisor hands each connection to a process and waits for its reply; a
  // connection on its way to a process that dies is never answered nor closed
  // (measured: 3 /health polls of ~400 stalled past 3 s while 11 processes were
  // killed; none with this policy).
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  cluster.setupPrimary({ exec: CHILD_ENTRY, args: [] });
  const childEnv = { [CHILD_ENV]: "1", [CHILD_SETTINGS_ENV]: JSON.stringify({ ...settings, options: { ...options, pluginDiscovery: options.pluginDiscovery && {} } }) };
  const fork = () => {
    const child = cluster.fork(childEnv);
    children.add(child);
    metricsHub.watch(child);
    // A child still starting when the drain was sent did not hear it: tell it again once it listens.
    child.on("message", (m: ChildMessage) => {
      if (m?.jsson === "listening" && stopping && child.isConnected()) child.send({ jsson: "drain" } satisfies SupervisorMessage);
    });
    return child;
  };

  // Start: every child must report listening; one failure, an early exit, or silence past the deadline ends the start
  // (the first of them does: a later `done` changes nothing; the deadline is cleared once the start is decided).
  let deadline: NodeJS.Timeout | undefined;
  const first = await new Promise<{ address: AddressInfo } | { line: string; status: number }>((done) => {
    let listening = 0;
    deadline = setTimeout(() => done({ line: `jsson serve: the server processes did not start within ${START_DEADLINE_MS / 1000}s`, status: 1 }), START_DEADLINE_MS);
    deadline.unref();
    for (let i = 0; i < processes; i++) {
      const child = fork();
      child.on("message", (m: ChildMessage) => {
        if (m?.jsson === "failed") done({ line: m.line, status: m.status });
        else if (m?.jsson === "listening" && ++listening === processes) done({ address: m.address });
      });
      child.on("exit", (code, signal) => {
        children.delete(child);
        if (listening < processes) done({ line: `jsson serve: a server process exited during start-up (${signal ?? `code ${code}`})`, status: 1 });
      });
    }
  });
  clearTimeout(deadline);

  if ("line" in first) {
    stopping = true;
    io.err(first.line);
    await killAll(children);
    return first.status;
  }
  return new Promise<number>((resolve) => {
    const exits: number[] = [];
    /** Replacements waiting for their delay. */
    const waiting = new Set<NodeJS.Timeout>();
    const stopped = () => {
      off();
      io.err("jsson serve: stopped");
      resolve(0);
    };
    const watch = (child: ClusterWorker) =>
      child.on("exit", (code, signal) => {
        children.delete(child);
        if (stopping) {
          if (children.size === 0) stopped();
          return;
        }
        const now = Date.now();
        exits.push(now);
        while (exits.length > 0 && (exits[0] as number) < now - RESTART_WINDOW_MS) exits.shift();
        const delay = restartDelayMs(exits.length);
        io.err(`jsson serve: a server process exited (${signal ?? `code ${code}`}); starting another${delay > 0 ? ` in ${delay} ms` : ""}`);
        const timer = setTimeout(() => {
          waiting.delete(timer);
          if (stopping) return;
          const next = fork();
          watch(next);
          next.on("message", (m: ChildMessage) => {
            if (m?.jsson === "listening") io.err(`jsson serve: server process ${next.process.pid} listening`);
            else if (m?.jsson === "failed") io.err(m.line);
          });
        }, delay);
        waiting.add(timer);
      });
    for (const child of children) watch(child);
    const off = onSignals((firstSignal) => {
      stopping = true;
      for (const timer of waiting) clearTimeout(timer);
      waiting.clear();
      for (const child of children) if (child.isConnected()) child.send({ jsson: firstSignal ? "drain" : "close" } satisfies SupervisorMessage);
      if (children.size === 0) stopped();
    }, io);
    // After the handlers: a SIGTERM sent as soon as the banner is read must drain, not kill.
    for (const line of bannerLines(first.address, resolved, SERVICE_ROUTES, processes)) io.out(line);
  });
}
