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
  // Text goes out as text (Node writes it with the head in one go); bytes as a Buffer view, no copy.
  const data = typeof body === "string" ? body : body instanceof Uint8Array ? Buffer.from(body.buffer, body.byteOffset, body.byteLength) : JSON.stringify(body);
  send(res, status, data, { ...headers, "Content-Type": JSON_TYPE });
}
