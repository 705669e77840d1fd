/** CORS headers (HTTP.md §2): on every response when enabled, none at all when disabled. */
import type { ServerResponse } from "node:http";

/** Headers every response carries when CORS is on. */
export const CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
  "Access-Control-Allow-Headers": "Content-Type, Authorization",
} as const;

/** How long a browser may cache a preflight answer, in seconds. */
export const CORS_MAX_AGE = "86400";

/** Put the CORS headers on `res`. */
export function applyCors(res: ServerResponse): void {
  for (const [k, v] of Object.entries(CORS_HEADERS)) res.setHeader(k, v);
}
