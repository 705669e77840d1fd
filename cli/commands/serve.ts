import { Command, Flags } from "@oclif/core";
import { LOG_LEVELS, effectiveLogLevel, type LogLevel } from "../serve/ops/log-level.js";

/** `jsson serve`: the HTTP service of HTTP.md. */
export default class Serve extends Command {
  static override summary = "Run the JSSON HTTP service (POST /transpile, /validate, /validate-schema; GET /health, /version, /formats, /openapi.json, /livez, /readyz, /metrics).";
  static override description = `Listens on 0.0.0.0:8090 unless told otherwise and evaluates requests in worker threads.
Includes read only the request's "files" unless -include-root DIR allows a folder.
SIGTERM / SIGINT: stop accepting, let in-flight requests finish, exit 0.
Go-style single-dash flags work too: jsson serve -port 3000 -cors=false

ENVIRONMENT
  Every flag can also be set as JSSON_<FLAG>: upper case, "-" becomes "_"
  (JSSON_PORT=3000, JSSON_INCLUDE_ROOT=/srv/conf, JSSON_CORS=false,
  JSSON_LOG_LEVEL=warn). PORT is read when neither -port nor JSSON_PORT is
  given. A flag on the command line wins; an empty variable counts as unset;
  booleans take true/false/1/0. JSSON_PLUGIN (the repeatable -plugin) is a
  list separated by commas or ":", as JSSON_PLUGINS. A bad value is a usage
  error (exit 2) naming the variable. JSSON_PORT=tcp://… (what Kubernetes
  sets for a Service named jsson) is ignored.

LOG LEVELS (one JSON line per event on stderr)
  error  handler errors (the details of a 500), failed jobs, worker exits
  warn   + workers replaced after overrunning the time limit, streams cut short
  info   + one access line per request (not /livez, /readyz, /metrics)
  debug  + access lines for probes and scrapes, response bytes, client address
  -quiet is -log-level warn.`;
  static override examples = [
    "<%= config.bin %> serve",
    "<%= config.bin %> serve -port 3000 -cors=false",
    "<%= config.bin %> serve --include-root ./configs --timeout 5s --max-body 1MiB",
  ];
  static override flags = {
    port: Flags.integer({ description: "port to listen on (0: any free port)", default: 8090, min: 0, max: 65535 }),
    host: Flags.string({ description: "address to listen on", default: "0.0.0.0" }),
    cors: Flags.boolean({ description: "send CORS headers (--no-cors / -cors=false: none at all)", default: true, allowNo: true }),
    "cors-origin": Flags.string({ description: "origins CORS answers, comma-separated or repeated ('*': any; needed for CORS with -include-root)", multiple: true }),
    "allowed-hosts": Flags.string({
      description: "host names the server answers besides IP literals, localhost and *.localhost (checked with -include-root, or when given; others get 403)",
      multiple: true,
    }),
    "include-root": Flags.string({ description: "folder includes may read from when the request's files lack them (symlinks must stay inside)" }),
    "max-body": Flags.string({ description: "largest request body (e.g. 2MiB, 512KiB, bytes)", default: "2MiB" }),
    timeout: Flags.string({ description: "time limit per request (e.g. 10s, 500ms; 0: none)", default: "10s" }),
    "max-output": Flags.string({ description: "largest output text (e.g. 64MiB)", default: "64MiB" }),
    "max-memory": Flags.string({ description: "memory budget of one request (each evaluation worker's heap cap, e.g. 96MiB)", default: "96MiB" }),
    "max-items": Flags.integer({ description: "largest range, in elements", default: 10_000_000, min: 1 }),
    workers: Flags.integer({ description: "worker threads evaluating requests, in total (default: number of cores)", min: 1, max: 256 }),
    processes: Flags.integer({ description: "HTTP processes sharing the port (default: number of cores, at most -workers)", min: 1, max: 64 }),
    "max-queue": Flags.integer({ description: "requests waiting for a worker before new ones get 503", default: 256, min: 1 }),
    plugin: Flags.string({ description: "load a plugin (module name or path); repeatable; jsson.config.json and JSSON_PLUGINS are read too", multiple: true }),
    playground: Flags.boolean({ description: "serve the web playground at GET / (-playground=false: the API only)", default: true, allowNo: true }),
    "log-level": Flags.string({ description: "what goes to stderr: error, warn, info (+ access log), debug (see LOG LEVELS)", options: [...LOG_LEVELS], default: "info" }),
    quiet: Flags.boolean({ char: "q", description: "no access log: the same as -log-level warn", default: false }),
    strict: Flags.boolean({ description: "warnings are errors unless a request says \"strict\": false (the default of the request field; JSSON_STRICT=1)", default: false, allowNo: true }),
  };

  async run(): Promise<void> {
    const parsed = await this.parse(Serve);
    const { flagsFromEnvironment } = await import("../argv/env-flags.js");
    const { splitPluginList } = await import("../plugin-loader/plugin-requests.js");
    const given = new Set(parsed.raw.flatMap((token) => (token.type === "flag" ? [token.flag] : [])));
    const fromEnv = await flagsFromEnvironment(Serve.flags, given, process.env, {
      prefix: "JSSON_",
      fallbacks: { port: "PORT" },
      splitList: splitPluginList,
      // Kubernetes gives every pod JSSON_PORT=tcp://10.0.0.1:80 when a Service named "jsson" exists (service links):
      // that is not our port, and refusing it would stop every pod of such a deployment.
      ignore: (variable, text) => variable === "JSSON_PORT" && /^tcp:\/\//.test(text),
    });
    const { formatSize, parseDuration, parseSize } = await import("../argv/units.js");
    const { resolve } = await import("node:path");
    const { existsSync, statSync } = await import("node:fs");
    const { writeStderr } = await import("../io/fd-writer.js");
    const usage = (message: string): void => {
      writeStderr(`jsson: ${message} (see: jsson serve --help)\n`);
      process.exitCode = 2;
    };
    if (!fromEnv.ok) return usage(fromEnv.message);
    // Each value went through the flag's own parser, so it has the flag's type.
    const flags = { ...parsed.flags, ...fromEnv.values } as typeof parsed.flags;
    /** How a message names a setting: the variable it came from, else the flag. */
    const named = (flag: string): string => fromEnv.sources[flag] ?? `-${flag}`;
    const maxBody = parseSize(flags["max-body"]);
    if (maxBody === undefined || maxBody < 1) return usage(`${named("max-body")}: not a size: ${JSON.stringify(flags["max-body"])}`);
    const maxOutput = parseSize(flags["max-output"]);
    if (maxOutput === undefined || maxOutput < 1) return usage(`${named("max-output")}: not a size: ${JSON.stringify(flags["max-output"])}`);
    const maxMemory = parseSize(flags["max-memory"]);
    const { MIN_MAX_MEMORY_BYTES } = await import("../serve/ops/server-options.js");
    if (maxMemory === undefined || maxMemory < MIN_MAX_MEMORY_BYTES)
      return usage(`${named("max-memory")}: not a size of at least ${formatSize(MIN_MAX_MEMORY_BYTES)}: ${JSON.stringify(flags["max-memory"])}`);
    const timeout = parseDuration(flags.timeout);
    if (timeout === undefined) return usage(`${named("timeout")}: not a duration: ${JSON.stringify(flags.timeout)}`);
    const includeRoot = flags["include-root"] === undefined ? undefined : resolve(flags["include-root"]);
    if (includeRoot !== undefined && !(existsSync(includeRoot) && statSync(includeRoot).isDirectory()))
      return usage(`${named("include-root")}: not a folder: ${flags["include-root"]}`);
    const logLevel = effectiveLogLevel(flags["log-level"] as LogLevel, flags.quiet);
    const { runServer } = await import("../serve/run-server.js");
    const { availableParallelism } = await import("node:os");
    const workers = flags.workers ?? availableParallelism();
    const processes = flags.processes ?? Math.min(availableParallelism(), workers);
    process.exitCode = await runServer(flags.port, flags.host, {
      cors: flags.cors,
      corsOrigins: flags["cors-origin"]?.flatMap((o) => o.split(",")).map((o) => o.trim()).filter((o) => o !== ""),
      includeRoot,
      allowedHosts: flags["allowed-hosts"]?.flatMap((h) => h.split(",")).map((h) => h.trim()).filter((h) => h !== ""),
      maxBodyBytes: maxBody,
      maxOutputBytes: maxOutput,
      maxMemoryBytes: maxMemory,
      timeoutMs: timeout,
      maxRangeItems: flags["max-items"],
      workers,
      maxQueue: flags["max-queue"],
      plugins: flags.plugin ?? [],
      pluginDiscovery: { cwd: process.cwd(), env: process.env },
      accessLog: logLevel === "info" || logLevel === "debug",
      logLevel,
      playground: flags.playground,
      strict: flags.strict,
    }, undefined, processes);
  }
}
