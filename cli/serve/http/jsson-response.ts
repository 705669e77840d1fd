/**
 * The response class of the service (given to node:http as its
 * `ServerResponse`). Every answer carries the same few headers (HTTP.md §2:
 * `X-Request-Id`, the CORS headers, `Connection: close` while draining).
 * Instead of `setHeader` calls per request, the prelude stores them here
 * (the CORS headers as a list shared by the requests of one origin policy),
 * and every `writeHead` (ours, a library's, or Node's implicit one) writes
 * them together with the answer's own headers in one go.
 */
import { randomUUID } from "node:crypto";
import { ServerResponse, type IncomingMessage, type OutgoingHttpHeader, type OutgoingHttpHeaders } from "node:http";

type Headers = OutgoingHttpHeaders | OutgoingHttpHeader[];

export class JssonResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  /** The request id (set by the prelude; echoed in logs and 5xx bodies). */
  requestId = "";
  /** The CORS headers of every answer to this request, as name, value, name, value, … (shared: never changed). */
  corsHeaders: readonly string[] = [];
  /** Answer with `Connection: close` (the server is draining). */
  closing = false;
  /** `performance.now()` when the request arrived (for the access log and the duration metrics). */
  startedAt = 0;
  /** The connection's `bytesWritten` when the request arrived: the response's size is the difference at the end. */
  bytesBefore = 0;

  override writeHead(statusCode: number, statusMessage?: string, headers?: Headers): this;
  override writeHead(statusCode: number, headers?: Headers): this;
  override writeHead(statusCode: number, second?: string | Headers, third?: Headers): this {
    const message = typeof second === "string" ? second : undefined;
    const given = typeof second === "string" ? third : second;
    const all: OutgoingHttpHeader[] = ["X-Request-Id", this.requestId];
    for (let i = 0; i < this.corsHeaders.length; i++) all.push(this.corsHeaders[i] as string);
    if (this.closing) all.push("Connection", "close");
    if (Array.isArray(given)) {
      // Either flat (name, value, …) or pairs ([name, value], …).
      for (const item of given) {
        if (Array.isArray(item)) all.push(item[0] as string, item[1] as string);
        else all.push(item);
      }
    } else if (given !== undefined) {
      for (const name of Object.keys(given)) {
        const value = given[name];
        if (value !== undefined) all.push(name, typeof value === "number" ? String(value) : value);
      }
    }
    return message === undefined ? super.writeHead(statusCode, all) : super.writeHead(statusCode, message, all);
  }
}

const ACCEPTABLE_ID = /^[\x20-\x7e]{1,200}$/;

/**
 * `X-Request-Id` (HTTP.md §2): the caller's, if it sent a sensible one, else
 * a fresh UUID. An id that is empty, overlong or not printable ASCII is
 * replaced (it is echoed in headers and logs).
 */
export function requestIdOf(req: IncomingMessage): string {
  const sent = req.headers["x-request-id"];
  const value = Array.isArray(sent) ? sent[0] : sent;
  return value !== undefined && ACCEPTABLE_ID.test(value) && value.trim() !== "" ? value : randomUUID();
}
