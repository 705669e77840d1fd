/** Responses that are the same on every path: 404, 405, preflight, 500, 503 (HTTP.md §2). */
import type { IncomingMessage, ServerResponse } from "node:http";
import { CORS_MAX_AGE } from "../cors.js";
import { sendJson } from "../send-json.js";
import { JssonResponse } from "../jsson-response.js";

/** The request id the prelude stored on the response. */
export function requestIdFor(res: ServerResponse): string {
  return res instanceof JssonResponse ? res.requestId : "";
}

/** 404 for an unknown path. */
export function notFound(res: ServerResponse, path: string): void {
  sendJson(res, 404, { error: "not found", path });
}

/** 405 for a known path and a method it does not take. */
export function methodNotAllowed(res: ServerResponse, allowed: readonly string[]): void {
  sendJson(res, 405, { error: "method not allowed", allowed }, { Allow: allowed.join(", ") });
}

/** 204 answer to `OPTIONS` (a CORS preflight when CORS is on). */
export function preflight(res: ServerResponse, allowed: readonly string[], cors: boolean): void {
  if (res.headersSent) return;
  const headers: Record<string, string> = { Allow: [...allowed, "OPTIONS"].join(", ") };
  if (cors) headers["Access-Control-Max-Age"] = CORS_MAX_AGE;
  res.writeHead(204, headers);
  res.end();
}

/** 500 without internals; the caller logs the details. */
export function internalError(res: ServerResponse): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendJson(res, 500, { error: "internal error", request_id: requestIdFor(res) });
}

/** Seconds a client should wait after a 503. */
export const RETRY_AFTER_SECONDS = 1;

/** 503: the work queue is full. */
export function serverBusy(res: ServerResponse): void {
  sendJson(res, 503, { error: "server busy: too many requests in progress; retry later", request_id: requestIdFor(res) }, { "Retry-After": String(RETRY_AFTER_SECONDS) });
}

/** The path of a request without its query string. */
export function pathOf(req: IncomingMessage): string {
  const url = req.url ?? "/";
  const q = url.search(/[?#]/);
  return q < 0 ? url : url.slice(0, q);
}
