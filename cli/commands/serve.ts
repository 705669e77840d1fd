import { Command, Flags } from "@oclif/core";

/** `jsson serve`: the HTTP service of HTTP.md. */
export default class Serve extends Command {
  static override summary = "Run the JSSON HTTP service (POST /transpile, /validate, /validate-schema; GET /health, /version, /formats, /openapi.json).";
  static override description = `Listens on 0.0.0.0:8090 unless told otherwise and evaluates requests in worker threads.
Includes read only the request's "files" unless -include-root DIR allows a folder.
SIGTERM / SIGINT: stop accepting, let in-flight requests finish, exit 0.
Go-style single-dash flags work too: jsson serve -port 3000 -cors=false`;
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
    "include-root": Flags.string({ description: "folder includes may read from when the request's files lack them (symlinks must stay inside)" }),
    "max-body": Flags.string({ description: "largest request body (e.g. 2MiB, 512KiB, bytes)", default: "2MiB" }),
    timeout: Flags.string({ description: "time limit per request (e.g. 10s, 500ms; 0: none)", default: "10s" }),
    "max-output": Flags.string({ description: "largest output text (e.g. 64MiB)", default: "64MiB" }),
    "max-items": Flags.integer({ description: "largest range, in elements", default: 10_000_000, min: 1 }),
    workers: Flags.integer({ description: "worker threads evaluating requests, in total (default: number of cores)", min: 1, max: 256 }),
    processes: Flags.integer({ description: "HTTP processes sharing the port (default: number of cores, at most -workers)", min: 1, max: 64 }),
    "max-queue": Flags.integer({ description: "requests waiting for a worker before new ones get 503", default: 256, min: 1 }),
    plugin: Flags.string({ description: "load a plugin (module name or path); repeatable; jsson.config.json and JSSON_PLUGINS are read too", multiple: true }),
    playground: Flags.boolean({ description: "serve the web playground at GET / (-playground=false: the API only)", default: true, allowNo: true }),
    quiet: Flags.boolean({ char: "q", description: "no access log (one JSON line per request on stderr)", default: false }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(Serve);
    const { parseDuration, parseSize } = await import("../http/units.js");
    const { resolve } = await import("node:path");
    const { existsSync, statSync } = await import("node:fs");
    const usage = (message: string): void => {
      process.stderr.write(`jsson: ${message} (see: jsson serve --help)\n`);
      process.exitCode = 2;
    };
    const maxBody = parseSize(flags["max-body"]);
    if (maxBody === undefined || maxBody < 1) return usage(`-max-body: not a size: ${JSON.stringify(flags["max-body"])}`);
    const maxOutput = parseSize(flags["max-output"]);
    if (maxOutput === undefined || maxOutput < 1) return usage(`-max-output: not a size: ${JSON.stringify(flags["max-output"])}`);
    const timeout = parseDuration(flags.timeout);
    if (timeout === undefined) return usage(`-timeout: not a duration: ${JSON.stringify(flags.timeout)}`);
    let includeRoot: string | undefined;
    if (flags["include-root"] !== undefined) {
      includeRoot = resolve(flags["include-root"]);
      if (!existsSync(includeRoot) || !statSync(includeRoot).isDirectory()) return usage(`-include-root: not a folder: ${flags["include-root"]}`);
    }
    const { runServer } = await import("../http/run-server.js");
    const { availableParallelism } = await import("node:os");
    const workers = flags.workers ?? availableParallelism();
    const processes = flags.processes ?? Math.min(availableParallelism(), workers);
    process.exitCode = await runServer(flags.port, flags.host, {
      cors: flags.cors,
      corsOrigins: flags["cors-origin"]?.flatMap((o) => o.split(",")).map((o) => o.trim()).filter((o) => o !== ""),
      includeRoot,
      maxBodyBytes: maxBody,
      maxOutputBytes: maxOutput,
      timeoutMs: timeout,
      maxRangeItems: flags["max-items"],
      workers,
      maxQueue: flags["max-queue"],
      plugins: flags.plugin ?? [],
      pluginDiscovery: { cwd: process.cwd(), env: process.env },
      accessLog: !flags.quiet,
      playground: flags.playground,
    }, undefined, processes);
  }
}
