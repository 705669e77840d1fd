/** Structured log lines: one JSON object per line (access log and internal events; levels in log-level.ts). */
import type { LogLevel } from "./log-level.js";

/** One access-log line (method, path, status, ms, request id; at `debug`, `detail`: the response's size, headers included, and the client's address). */
export function accessLine(method: string, path: string, status: number, ms: number, requestId: string, aborted: boolean, detail?: { bytes: number; remote: string | undefined }): string {
  const entry: Record<string, unknown> = {
    time: new Date().toISOString(),
    level: "info",
    method,
    path,
    status,
    ms: Math.round(ms * 1000) / 1000,
    request_id: requestId,
  };
  if (aborted) entry.aborted = true;
  if (detail !== undefined) {
    entry.level = "debug";
    entry.bytes = detail.bytes;
    if (detail.remote !== undefined) entry.remote = detail.remote;
  }
  return JSON.stringify(entry);
}

/** One internal event line (never shown to clients). */
export function eventLine(event: string, detail: Readonly<Record<string, unknown>>, level: LogLevel = "error"): string {
  return JSON.stringify({ time: new Date().toISOString(), level, event, ...detail });
}
