/**
 * Which `Host` a server answers (HTTP.md §2, DNS rebinding). A web page can
 * make its own name resolve to the server's address and then be
 * same-origin with it, so CORS never applies; what gives it away is the
 * `Host` header, which carries the page's name. A server that reads files
 * (`-include-root`) therefore answers only an IP literal, `localhost`, a
 * `*.localhost` name, or a name listed in `-allowed-hosts`; a list given
 * without `-include-root` applies too. Everything else gets 403 before its
 * body is read.
 *
 * A `Host` is compared without its port, without one trailing dot
 * (`localhost.` is `localhost`), and in lower case; an IPv6 literal comes
 * in brackets (`[::1]:8090`). A request with two `Host` lines names no host:
 * Node reads the first, a proxy in front may have routed by the other.
 */
import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";

/** The hosts one server answers: `undefined` when it answers any. */
export type HostPolicy = { readonly names: ReadonlySet<string> } | undefined;

/** The policy for a server's options: `allowed` is the `-allowed-hosts` list. */
export function hostPolicy(includeRoot: string | undefined, allowed: readonly string[] | undefined): HostPolicy {
  if (includeRoot === undefined && (allowed === undefined || allowed.length === 0)) return undefined;
  return { names: new Set((allowed ?? []).map(hostName).filter((n) => n !== undefined)) };
}

/** Longest `Host` value considered (a DNS name is at most 253 characters; with a port and brackets, less than this). */
const MAX_HOST = 300;

/**
 * The name in a `Host` value: lower case, without port or trailing dot; an
 * IPv6 literal without its brackets. `undefined` for a value that is not a
 * host (empty, too long, a bad port, stray brackets).
 */
export function hostName(value: string): string | undefined {
  if (value.length === 0 || value.length > MAX_HOST) return undefined;
  let host = value.toLowerCase();
  if (host.startsWith("[")) {
    const close = host.indexOf("]");
    if (close < 0 || !portOk(host.slice(close + 1))) return undefined;
    host = host.slice(1, close);
    return isIP(host) === 6 ? host : undefined;
  }
  const colon = host.indexOf(":");
  if (colon >= 0) {
    if (!portOk(host.slice(colon))) return undefined;
    host = host.slice(0, colon);
  }
  if (host.endsWith(".")) host = host.slice(0, -1);
  return host === "" || host.includes("[") || host.includes("]") ? undefined : host;
}

/** Whether `rest` (what follows the name) is nothing or `:` and a port number. */
function portOk(rest: string): boolean {
  return rest === "" || /^:[0-9]{1,5}$/.test(rest);
}

/** Whether a server with `policy` answers `req` (its one `Host` line). */
export function hostAllowed(policy: HostPolicy, req: Pick<IncomingMessage, "headers" | "rawHeaders">): boolean {
  if (policy === undefined) return true;
  const header = req.headers.host;
  const name = header === undefined || hostLines(req.rawHeaders) !== 1 ? undefined : hostName(header);
  if (name === undefined) return false;
  return isIP(name) !== 0 || name === "localhost" || name.endsWith(".localhost") || policy.names.has(name);
}

/** How many `Host` lines a request's head has (the head holds at most the server's `maxHeadersCount` lines). */
function hostLines(raw: readonly string[]): number {
  let n = 0;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string;
    if (name.length === 4 && name.toLowerCase() === "host") n++;
  }
  return n;
}

/** The `host` member of a 403 answer: what the client sent, cut to a sane length. */
export function refusedHost(header: string | undefined): string {
  return (header ?? "").slice(0, MAX_HOST);
}

/** The banner's words for the policy. */
export function describeHosts(policy: HostPolicy): string {
  if (policy === undefined) return "hosts: any";
  const listed = [...policy.names];
  return `hosts: IP literals, localhost, *.localhost${listed.length > 0 ? `, ${listed.join(", ")}` : ""} (others get 403; -allowed-hosts adds names)`;
}
