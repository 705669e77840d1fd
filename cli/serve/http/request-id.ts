/** `X-Request-Id` (HTTP.md §2): the caller's, if it sent a sensible one, else a fresh UUID. */
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";

/** The header, as Node exposes it. */
export const REQUEST_ID_HEADER = "x-request-id";

const ACCEPTABLE = /^[\x20-\x7e]{1,200}$/;

/** The request id of `req`. An id that is empty, overlong or not printable ASCII is replaced (it is echoed in headers and logs). */
export function requestIdOf(req: IncomingMessage): string {
  const sent = req.headers[REQUEST_ID_HEADER];
  const value = Array.isArray(sent) ? sent[0] : sent;
  return value !== undefined && ACCEPTABLE.test(value) && value.trim() !== "" ? value : randomUUID();
}
