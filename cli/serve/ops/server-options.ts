/** Options of the HTTP service, with the defaults of HTTP.md §1. */
import { availableParallelism } from "node:os";
import type { LogLevel } from "./log-level.js";

/** What {@link createServer} needs to know; every field has a default. */
export interface ServerOptions {
  /** Send CORS headers (HTTP.md §2). Default true. */
  readonly cors: boolean;
  /**
   * `-cors-origin`: the origins CORS answers (their `Origin` echoed, with
   * `Vary: Origin`); `*` in the list: any origin. Undefined: any origin,
   * unless `includeRoot` is set, then none (see cors.ts).
   */
  readonly corsOrigins: readonly string[] | undefined;
  /**
   * `-allowed-hosts`: names (besides IP literals, `localhost` and `*.localhost`)
   * a `Host` header may carry; checked with `includeRoot`, or when given
   * (allowed-hosts.ts). Undefined: none.
   */
  readonly allowedHosts: readonly string[] | undefined;
  /** Folder includes may read from when `files` lacks them; none by default (the server reads no files). */
  readonly includeRoot: string | undefined;
  /** Largest request body in bytes. Default 2 MiB. */
  readonly maxBodyBytes: number;
  /** Wall-clock limit per request's evaluation and output, in ms; 0 = none. Default 10 s. */
  readonly timeoutMs: number;
  /** Largest output text, in bytes. Default 64 MiB. */
  readonly maxOutputBytes: number;
  /** Largest range (elements). Default 10,000,000. */
  readonly maxRangeItems: number;
  /** Worker threads evaluating requests. Default: the number of cores. */
  readonly workers: number;
  /** Jobs waiting for a worker before new ones get 503. */
  readonly maxQueue: number;
  /** Plugins (module names or paths, as `-plugin` gives them) loaded next to the built-ins, in every worker. */
  readonly plugins: readonly string[];
  /**
   * Also load the plugins the project asks for, as the CLI does:
   * `jsson.config.json` found from `cwd`, and `JSSON_PLUGINS` in `env`.
   * Absent (the default for embedded servers and tests): only `plugins`.
   */
  readonly pluginDiscovery: { readonly cwd: string; readonly env: Readonly<Record<string, string | undefined>> } | undefined;
  /** Serve the playground page at GET / (cli/playground). Default false; `jsson serve` turns it on unless -playground=false. */
  readonly playground: boolean;
  /** One JSON line per request on stderr (`jsson serve` turns it on at log level `info` and `debug`). */
  readonly accessLog: boolean;
  /** Which internal events are logged, and how detailed access lines are (log-level.ts). Default `warn`. */
  readonly logLevel: LogLevel;
  /** Where the access log and internal errors go. Default: process.stderr. */
  readonly logSink: (line: string) => void;
  /** Time allowed to read a request body, in ms. */
  readonly bodyTimeoutMs: number;
  /**
   * The slack of the time limit enforced from outside: a job still running
   * `timeoutMs` + this after it started has its worker terminated and is
   * answered with the time limit (worker-pool.ts). Default 250 ms.
   */
  readonly workerGraceMs: number;
  /**
   * `-max-memory`: the memory budget of one job, in bytes — the heap cap of
   * each evaluation worker (a job that reaches it is answered with the memory
   * limit). Default 96 MiB: with the container's 1 process × 2 workers, two
   * jobs at their budget and the HTTP process stay inside a 512 MiB limit
   * (docs/deploy.md, "Memory").
   */
  readonly maxMemoryBytes: number;
  /** How long shutdown waits for in-flight requests, in ms. */
  readonly drainGraceMs: number;
  /** `-strict` (LANGUAGE.md §16.5): the default of a request's `strict` field. Default false. */
  readonly strict: boolean;
}

/** Default of {@link ServerOptions.maxMemoryBytes}. */
export const DEFAULT_MAX_MEMORY_BYTES = 96 * 1024 * 1024;

/** The smallest memory budget a job can have: a worker's engine needs about this much to start. */
export const MIN_MAX_MEMORY_BYTES = 32 * 1024 * 1024;

/** Options as callers give them: any subset; an `undefined` field keeps its default. */
export type ServerOptionsInput = { readonly [K in keyof ServerOptions]?: ServerOptions[K] | undefined };

/** The defaults (HTTP.md §1), overridden by the given fields (undefined fields keep the default). */
export function resolveServerOptions(partial: ServerOptionsInput = {}): ServerOptions {
  const defaults: ServerOptions = {
    cors: true,
    corsOrigins: undefined,
    includeRoot: undefined,
    allowedHosts: undefined,
    maxBodyBytes: 2 * 1024 * 1024,
    timeoutMs: 10_000,
    maxOutputBytes: 64 * 1024 * 1024,
    maxRangeItems: 10_000_000,
    workers: Math.max(1, availableParallelism()),
    maxQueue: 256,
    plugins: [],
    pluginDiscovery: undefined,
    playground: false,
    accessLog: false,
    logLevel: "warn",
    logSink: (line) => void process.stderr.write(line + "\n"),
    bodyTimeoutMs: 10_000,
    workerGraceMs: 250,
    maxMemoryBytes: DEFAULT_MAX_MEMORY_BYTES,
    drainGraceMs: 30_000,
    strict: false,
  };
  const out: Record<string, unknown> = { ...defaults };
  for (const [k, v] of Object.entries(partial)) if (v !== undefined) out[k] = v;
  return out as unknown as ServerOptions;
}
