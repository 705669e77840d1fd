/** Structured log lines: one JSON object per line (access log and internal errors). */

/** Receives finished log lines. */
export type LogSink = (line: string) => void;

/** One access-log line (method, path, status, ms, request id). */
export function accessLine(method: string, path: string, status: number, ms: number, requestId: string, aborted: boolean): string {
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
  return JSON.stringify(entry);
}

/** One internal event line (never shown to clients). */
export function eventLine(event: string, detail: Readonly<Record<string, unknown>>): string {
  return JSON.stringify({ time: new Date().toISOString(), level: "error", event, ...detail });
}
