/** Writing JSON responses (HTTP.md §2: `application/json; charset=utf-8`, everything else set per request beforehand). */
import type { ServerResponse } from "node:http";
import send from "@polka/send-type";

/** The Content-Type of every JSON response. */
export const JSON_TYPE = "application/json; charset=utf-8";

/**
 * Send a complete JSON response. `body` is either a value to serialise or
 * JSON text / bytes that are already exact (e.g. built in a worker).
 */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Readonly<Record<string, string | number>> = {}): void {
  if (res.headersSent || res.destroyed) return;
  const data = typeof body === "string" || body instanceof Uint8Array ? body : JSON.stringify(body);
  const bytes = typeof data === "string" ? Buffer.from(data) : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  send(res, status, bytes, { ...headers, "Content-Type": JSON_TYPE });
}
