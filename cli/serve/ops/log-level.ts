/**
 * Log levels of the service (`-log-level`, `JSSON_LOG_LEVEL`). Every line
 * is one JSON object on stderr with a `level` field:
 *
 * - `error`: what needs a person — a handler that threw (the 500's details),
 *   a job that failed, a worker thread that exited or failed to start, a
 *   server socket error.
 * - `warn`: what the server recovered from by itself — a worker replaced
 *   because its job overran the time limit, reached its memory budget or
 *   ignored a cancel, a streamed response cut short.
 * - `info` (the default of `jsson serve`): plus one access line per request
 *   (method, path, status, ms, request id), except probes and scrapes.
 * - `debug`: plus access lines for `/livez`, `/readyz` and `/metrics` (a
 *   probe every few seconds would bury the traffic at `info`), with the
 *   response's size in bytes and the client's address on every access line.
 *
 * `-quiet` is `-log-level warn` (no access log); it never makes the log
 * more verbose than asked (`-quiet -log-level error` stays at `error`).
 * An event this table does not know is logged as an error: a new event
 * shows up until someone decides otherwise.
 */

/** The levels, most severe first. */
export const LOG_LEVELS = ["error", "warn", "info", "debug"] as const;

/** One of {@link LOG_LEVELS}. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Events the server logs below `error`. */
const EVENT_LEVELS: Readonly<Record<string, LogLevel>> = {
  worker_replaced: "warn",
  worker_out_of_memory: "warn",
  stream_aborted: "warn",
};

/** Whether a line of level `line` is written when the server logs at `threshold`. */
export function logs(threshold: LogLevel, line: LogLevel): boolean {
  return LOG_LEVELS.indexOf(line) <= LOG_LEVELS.indexOf(threshold);
}

/** The level of an internal event. */
export function eventLevel(event: string): LogLevel {
  return Object.hasOwn(EVENT_LEVELS, event) ? (EVENT_LEVELS[event] as LogLevel) : "error";
}

/** The effective level of `jsson serve`: `-quiet` caps it at `warn`. */
export function effectiveLogLevel(level: LogLevel, quiet: boolean): LogLevel {
  return quiet && logs(level, "info") ? "warn" : level;
}
