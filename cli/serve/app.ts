/**
 * The HTTP service (HTTP.md): a polka app on a node:http server whose
 * evaluation work runs in a pool of worker threads. The event loop only
 * routes, reads bodies, checks fields and relays bytes, so /health and small
 * requests keep answering while a big request evaluates.
 *
 * ```ts
 * const server = createServer({ workers: 2 });
 * const address = await server.listen(0, "127.0.0.1");
 * …
 * await server.drain();
 * ```
 */
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { Server as NetServer, type AddressInfo } from "node:net";
import { once } from "node:events";
import polka from "polka";
import { createEngine, type FormatInfo } from "../../index.js";
import { useRunCounter } from "../../core/engine/internal.js";
import { accessLine, eventLine } from "./ops/access-log.js";
import { corsAllows, corsHeadersFor, corsPolicy, isBrowserNonJsonPost } from "./http/cors.js";
import { hostAllowed, hostPolicy, refusedHost } from "./http/allowed-hosts.js";
import { BodyReader } from "./http/body-reader.js";
import { refuseLingering } from "./http/lingering-close.js";
import { JssonResponse, requestIdOf } from "./http/jsson-response.js";
import { applyPlugins, loadPlugins } from "../plugin-loader/index.js";
import { WorkerPool } from "./run/pool/worker-pool.js";
import { resolveServerOptions, type ServerOptions, type ServerOptionsInput } from "./ops/server-options.js";
import type { ServerState } from "./http/server-state.js";
import { TRANSPILE, VALIDATE, VALIDATE_SCHEMA } from "./http/routes/endpoints.js";
import { internalError, methodNotAllowed, notFound, pathOf, preflight } from "./http/routes/errors.js";
import { formats, health, metrics, openApi, version } from "./http/routes/info.js";
import { livez, readyz } from "./http/routes/probes.js";
import { CLIENT_CLOSED, RequestStats } from "./ops/request-stats.js";
import { ServerMetrics } from "./ops/server-metrics.js";
import { WorkCounts } from "./run/work-counts.js";
import { eventLevel, logs } from "./ops/log-level.js";
import { handlePost } from "./http/routes/post-endpoint.js";
import { playgroundHandler } from "../playground/serve-playground.js";

/** A route of the service: its path, the methods it takes, and its handler. */
export interface RouteInfo {
  readonly path: string;
  readonly methods: readonly string[];
  /** One line for the banner. */
  readonly summary: string;
}

type Handler = (state: ServerState, req: IncomingMessage, res: JssonResponse) => void | Promise<void>;

/**
 * The routes. `cors: false`: never CORS headers, whatever the policy
 * (/metrics describes the server's traffic: no web page of another origin
 * reads it).
 */
const ROUTES: readonly (RouteInfo & { readonly handle: Handler; readonly cors?: false })[] = [
  { path: "/transpile", methods: ["POST"], summary: "transpile JSSON to json, yaml, toml, typescript, …", handle: (s, q, r) => handlePost(s, TRANSPILE, q, r) },
  { path: "/validate", methods: ["POST"], summary: "check JSSON syntax (no evaluation)", handle: (s, q, r) => handlePost(s, VALIDATE, q, r) },
  { path: "/validate-schema", methods: ["POST"], summary: "transpile, then validate the data against a JSON Schema", handle: (s, q, r) => handlePost(s, VALIDATE_SCHEMA, q, r) },
  { path: "/health", methods: ["GET", "HEAD"], summary: "service health", handle: (s, _q, r) => health(s, r) },
  { path: "/version", methods: ["GET", "HEAD"], summary: "server and language versions", handle: (_s, _q, r) => version(r) },
  { path: "/formats", methods: ["GET", "HEAD"], summary: "registered output formats", handle: (s, _q, r) => formats(s, r) },
  { path: "/openapi.json", methods: ["GET", "HEAD"], summary: "OpenAPI 3.1 description of this API", handle: (s, _q, r) => openApi(s, r) },
  { path: "/livez", methods: ["GET", "HEAD"], summary: "liveness probe: 200 while the process answers", handle: (_s, _q, r) => livez(r) },
  { path: "/readyz", methods: ["GET", "HEAD"], summary: "readiness probe: 503 while starting, draining or without workers", handle: (s, _q, r) => readyz(s, r) },
  { path: "/metrics", methods: ["GET", "HEAD"], summary: "Prometheus metrics of the whole server", handle: (s, _q, r) => metrics(s, r), cors: false },
];

/** An answer's CORS headers where there are none. */
const NO_HEADERS: readonly string[] = [];

/** Paths whose access lines are written only at log level `debug` (probes every few seconds would bury the traffic). */
const QUIET_PATHS: ReadonlySet<string> = new Set(["/livez", "/readyz", "/metrics"]);

/** The routes, for banners and documentation. */
export const SERVICE_ROUTES: readonly RouteInfo[] = ROUTES;

/** A running (or ready to run) service. */
export interface JssonServer {
  /** Load plugins, start the workers, then listen. Rejects (and cleans up) when the port is taken or a plugin fails. */
  listen(port?: number, host?: string): Promise<AddressInfo>;
  /**
   * Graceful stop (HTTP.md §1): stop accepting connections, answer /health
   * with 503 while in-flight requests finish (up to the drain grace period),
   * then close everything.
   */
  drain(): Promise<void>;
  /** Immediate stop: connections are cut, workers terminated. */
  close(): Promise<void>;
  /** The effective options. */
  readonly options: ServerOptions;
  /** The formats the server offers (after `listen`). */
  formats(): FormatInfo[];
  /** Its metrics (run-server.ts points scrapes of a cluster child at the supervisor's sum). */
  readonly metrics: ServerMetrics;
}

/** Create the service. Nothing starts until {@link JssonServer.listen}. */
export function createServer(partial: ServerOptionsInput = {}): JssonServer {
  const options = resolveServerOptions(partial);
  const logEvent = (event: string, detail: Readonly<Record<string, unknown>>) => {
    const level = eventLevel(event);
    if (logs(options.logLevel, level)) options.logSink(eventLine(event, detail, level));
  };
  const debug = options.logLevel === "debug";
  // The event loop's engine only names formats; it counts into the same block as the workers, so a parse or
  // evaluation that ever ran here would show on /metrics (and fail the one-evaluation test).
  const work = new WorkCounts();
  const engine = useRunCounter(createEngine(), work.counter);
  const pool = new WorkerPool({
    size: options.workers,
    maxQueue: options.maxQueue,
    includeRoot: options.includeRoot,
    limits: { timeoutMs: options.timeoutMs, maxOutputBytes: options.maxOutputBytes, maxRangeItems: options.maxRangeItems },
    graceMs: options.workerGraceMs,
    memoryMb: Math.floor(options.maxMemoryBytes / (1024 * 1024)),
    workCounts: work.buffer,
    log: logEvent,
  });
  let inFlight = 0;
  // The playground's page gets its own route label; its assets and 404s are "other".
  const stats = new RequestStats([...ROUTES.map((r) => r.path), "/"]);
  const serverMetrics = new ServerMetrics({ stats, inFlight: () => inFlight, pool, work });
  const state: ServerState = { options, engine, pool, bodies: new BodyReader(), listening: false, draining: false, metrics: serverMetrics, logEvent };

  let idleWaiter: (() => void) | undefined;

  const handlerError = (err: unknown, req: IncomingMessage, res: JssonResponse) => {
    const detail = typeof err === "string" ? err : err instanceof Error ? (err.stack ?? err.message) : String(err);
    logEvent("handler_error", { request_id: res.requestId, path: pathOf(req), detail });
    internalError(res);
  };
  const app = polka({
    onNoMatch: (req, res) => notFound(res, pathOf(req)),
    onError: (err, req, res) => handlerError(err, req, res as JssonResponse),
  });

  const cors = corsPolicy(options.cors, options.corsOrigins, options.includeRoot);
  const hosts = hostPolicy(options.includeRoot, options.allowedHosts);
  /** Paths whose answers never carry CORS headers (see ROUTES). */
  const noCors = ROUTES.filter((r) => r.cors === false).map((r) => r.path);
  const corsFor = (req: IncomingMessage): readonly string[] => {
    const url = req.url ?? "";
    for (const path of noCors) if (url.startsWith(path) && (url.length === path.length || url[path.length] === "?")) return NO_HEADERS;
    return corsHeadersFor(cors, req);
  };
  /** When a response closes (one function for all: no closure per request). */
  function onClose(this: JssonResponse): void {
    inFlight--;
    const path = pathOf(this.req);
    const ms = performance.now() - this.startedAt;
    const bytes = this.req.socket.bytesWritten - this.bytesBefore;
    stats.record(path, this.req.method, this.headersSent ? this.statusCode : CLIENT_CLOSED, ms / 1000, bytes);
    if (options.accessLog && (debug || !QUIET_PATHS.has(path))) {
      const detail = debug ? { bytes, remote: this.req.socket.remoteAddress } : undefined;
      options.logSink(accessLine(this.req.method ?? "", path, this.statusCode, ms, this.requestId, !this.writableFinished, detail));
    }
    if (inFlight === 0 && idleWaiter) idleWaiter();
  }
  /** Runs first for every request: request id and the headers every answer carries, in-flight count, access log. */
  const prelude = (req: IncomingMessage, res: JssonResponse): void => {
    res.startedAt = performance.now();
    res.bytesBefore = req.socket.bytesWritten;
    res.requestId = requestIdOf(req);
    res.corsHeaders = corsFor(req);
    res.closing = state.draining;
    inFlight++;
    res.on("close", onClose);
  };

  /**
   * The routes by exact path: a request for one of them, without a query
   * string and with a method it takes (the hot paths), skips the router.
   */
  const direct = new Map(ROUTES.map((route) => [route.path, route]));
  const run = (route: (typeof ROUTES)[number], req: IncomingMessage, res: JssonResponse) => {
    try {
      const done = route.handle(state, req, res);
      if (done) done.catch((e: unknown) => handlerError(e, req, res));
    } catch (e) {
      handlerError(e, req, res);
    }
  };
  for (const route of ROUTES) {
    const routed = (req: IncomingMessage, res: ServerResponse) => run(route, req, res as JssonResponse);
    for (const method of route.methods) {
      if (method === "POST") app.post(route.path, routed);
      else if (method === "GET") app.get(route.path, routed); // trouter also routes HEAD here
    }
    app.options(route.path, (req, res) => preflight(res, route.methods, route.cors !== false && corsAllows(cors, req)));
    app.all(route.path, (_req, res) => methodNotAllowed(res, route.methods));
  }
  // The playground page (GET / and /playground/*); every other path still falls through to the 404.
  // (Its preflights get a max age only with CORS for any origin: they are not told the request's origin.)
  if (options.playground) {
    const refusals = { preflight: (res: ServerResponse, allowed: readonly string[]) => preflight(res, allowed, cors.kind === "any"), methodNotAllowed };
    app.use(playgroundHandler({ refusals }));
  }

  const server: Server = createHttpServer(
    {
      requestTimeout: options.bodyTimeoutMs + 5_000,
      headersTimeout: Math.min(options.bodyTimeoutMs, 10_000),
      connectionsCheckingInterval: 1_000,
      ServerResponse: JssonResponse,
    },
    (req, res) => handle(req, res as JssonResponse),
  );
  function handle(req: IncomingMessage, response: JssonResponse): void {
    prelude(req, response);
    // HTTP.md §2, DNS rebinding: before anything else, the body included.
    if (!hostAllowed(hosts, req)) return refuseLingering(req, response, 403, { error: "host not allowed", host: refusedHost(req.headers.host) });
    const route = direct.get(req.url ?? "");
    if (route !== undefined && route.methods.includes(req.method ?? "")) run(route, req, response);
    else void app.handler(req as Parameters<typeof app.handler>[0], response, undefined as never);
  }
  // `Expect: 100-continue`: the client waits for a go-ahead before it sends the body. A request the server
  // refuses before reading its body (a Host not allowed, a body announced too large, a browser's non-JSON
  // post) gets its refusal instead of a `100 Continue` (Node would send one for every such request).
  server.on("checkContinue", (req: IncomingMessage, res: ServerResponse) => {
    const refused = !hostAllowed(hosts, req) || Number(req.headers["content-length"]) > options.maxBodyBytes || isBrowserNonJsonPost(req);
    if (!refused) res.writeContinue();
    handle(req, res as JssonResponse);
  });
  server.maxHeadersCount = 200;

  let drained: Promise<void> | undefined;
  let closed: Promise<void> | undefined;

  const close = (): Promise<void> =>
    (closed ??= (async () => {
      state.draining = true;
      if (server.listening) NetServer.prototype.close.call(server);
      server.closeAllConnections();
      await pool.close();
    })());

  return {
    options,
    metrics: serverMetrics,
    formats: () => engine.listFormats(),
    async listen(port = 8090, host = "0.0.0.0") {
      const loaded = await loadPlugins({
        cliPlugins: options.plugins,
        cwd: options.pluginDiscovery?.cwd ?? process.cwd(),
        env: options.pluginDiscovery?.env,
        config: options.pluginDiscovery !== undefined,
        flagName: "-plugin",
      });
      applyPlugins(engine, loaded.plugins);
      await pool.start(loaded.resolved);
      try {
        server.listen(port, host);
        await once(server, "listening"); // rejects on an "error" first
      } catch (e) {
        await pool.close();
        throw e;
      }
      server.on("error", (err) => logEvent("server_error", { detail: err.message }));
      state.listening = true;
      return server.address() as AddressInfo;
    },
    drain() {
      return (drained ??= (async () => {
        state.draining = true;
        // net.Server#close stops accepting without http.Server's closing of idle
        // keep-alive connections: a client may still ask /health and learn we are draining.
        if (server.listening) NetServer.prototype.close.call(server);
        if (inFlight > 0) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, options.drainGraceMs);
            idleWaiter = () => {
              clearTimeout(timer);
              resolve();
            };
          });
        }
        await close();
      })());
    },
    close,
  };
}
