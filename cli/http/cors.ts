/** CORS headers (HTTP.md §2): on every response when enabled, none at all when disabled. */

/** Headers every response carries when CORS is on. */
export const CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
  "Access-Control-Allow-Headers": "Content-Type, Authorization",
} as const;

/** How long a browser may cache a preflight answer, in seconds. */
export const CORS_MAX_AGE = "86400";
