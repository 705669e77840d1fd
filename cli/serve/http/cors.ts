/**
 * CORS (HTTP.md §2). The policy is decided once per server:
 *
 * - `off`: `-cors=false`, or `-include-root` without `-cors-origin` (a server
 *   that reads files answers no other origin unless told to: otherwise any
 *   web page its user visits could read those files through the browser);
 * - `any`: `-cors` (the default) without `-include-root`, or `-cors-origin '*'`;
 * - `list`: `-cors-origin` names the origins; a request whose `Origin` is one
 *   of them gets it echoed, any other gets no CORS headers. Every answer then
 *   carries `Vary: Origin` (also the ones without CORS headers: a shared
 *   cache must not hand one origin's answer to another).
 *
 * `Access-Control-Allow-Private-Network` is never sent.
 */
import type { IncomingMessage } from "node:http";

/** Headers every response carries when CORS is on for any origin. */
export const CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
  "Access-Control-Allow-Headers": "Content-Type, Authorization",
} as const;

/** How long a browser may cache a preflight answer, in seconds. */
export const CORS_MAX_AGE = "86400";

/** A server's CORS policy; see the file header. */
export type CorsPolicy =
  | { readonly kind: "off"; readonly why: "flag" | "include-root" }
  | { readonly kind: "any" }
  | { readonly kind: "list"; readonly origins: ReadonlySet<string> };

/** The policy for a server's options. `origins`: the `-cors-origin` values (`*` allows any). */
export function corsPolicy(cors: boolean, origins: readonly string[] | undefined, includeRoot: string | undefined): CorsPolicy {
  if (!cors) return { kind: "off", why: "flag" };
  if (origins === undefined || origins.length === 0) return includeRoot === undefined ? { kind: "any" } : { kind: "off", why: "include-root" };
  if (origins.includes("*")) return { kind: "any" };
  return { kind: "list", origins: new Set(origins) };
}

const ANY_HEADERS: readonly string[] = Object.entries(CORS_HEADERS).flat();
const VARY_ONLY: readonly string[] = ["Vary", "Origin"];
const NONE: readonly string[] = [];

/**
 * The CORS headers of one answer to `req`, as name, value, … (the shape the
 * response's common headers take). Constant lists except for an allowed
 * origin of an allow-list, so the usual cases cost no allocation.
 */
export function corsHeadersFor(policy: CorsPolicy, req: IncomingMessage): readonly string[] {
  if (policy.kind === "any") return ANY_HEADERS;
  if (policy.kind === "off") return NONE;
  const origin = req.headers.origin;
  if (origin === undefined || !policy.origins.has(origin)) return VARY_ONLY;
  return ["Access-Control-Allow-Origin", origin, ...ANY_HEADERS.slice(2), ...VARY_ONLY];
}

/** Whether the answer to `req` carries CORS headers (a preflight then gets a max age too). */
export function corsAllows(policy: CorsPolicy, req: IncomingMessage): boolean {
  if (policy.kind === "list") return req.headers.origin !== undefined && policy.origins.has(req.headers.origin);
  return policy.kind === "any";
}

/** The banner's words for the policy. */
export function describeCors(policy: CorsPolicy): string {
  if (policy.kind === "any") return "CORS on (any origin)";
  if (policy.kind === "list") return `CORS for ${[...policy.origins].join(", ")}`;
  return policy.why === "flag" ? "CORS off" : "CORS off (-include-root without -cors-origin; -cors-origin '*' allows every origin)";
}

/**
 * Whether a POST must be refused with 415 before its body is read: a browser
 * (it sent `Origin`) posting a type other than JSON. Such a "simple" request
 * skips the preflight, so the CORS policy would never be asked; refusing it
 * makes browsers preflight. `application/json` with any parameters is JSON.
 */
export function isBrowserNonJsonPost(req: IncomingMessage): boolean {
  if (req.headers.origin === undefined) return false;
  const type = req.headers["content-type"];
  if (type === undefined) return true;
  const semi = type.indexOf(";");
  return (semi < 0 ? type : type.slice(0, semi)).trim().toLowerCase() !== "application/json";
}
