/** Writing JSON responses (HTTP.md §2: `application/json; charset=utf-8`, everything else set per request beforehand). */
import type { ServerResponse } from "node:http";

/** The Content-Type of every JSON response. */
export const JSON_TYPE = "application/json; charset=utf-8";

const NO_HEADERS: Readonly<Record<string, string | number>> = {};

/**
 * Send a complete JSON response. `body` is either a value to serialise or
 * JSON text / bytes that are already exact (e.g. built in a worker).
 *
 * One `writeHead` with every header and one `end` with the whole body: Node
 * then writes head and body to the socket in one system call, and no
 * per-header `setHeader` bookkeeping is made (the response's common headers
 * are added by {@link JssonResponse.writeHead} in the same go).
 */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Readonly<Record<string, string | number>> = NO_HEADERS): void {
  if (res.headersSent || res.destroyed) return;
  // Text goes out as text (Node writes it with the head in one go); bytes as a Buffer view, no copy.
  const data = typeof body === "string" ? body : body instanceof Uint8Array ? Buffer.from(body.buffer, body.byteOffset, body.byteLength) : JSON.stringify(body);
  const length = typeof data === "string" ? Buffer.byteLength(data) : data.byteLength;
  const head = ["Content-Type", JSON_TYPE, "Content-Length", String(length)];
  for (const name in headers) head.push(name, String(headers[name]));
  res.writeHead(status, head);
  res.end(data);
}
