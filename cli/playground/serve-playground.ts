/**
 * Serves the playground page (issue 7) from the files `npm run build` bundles
 * into dist/playground (scripts/build-playground.mjs): `GET /` is the page,
 * `GET /playground/…` its assets. Everything is read once, when the handler
 * is created (again on a request only while nothing was found), and answered
 * from memory: the set of servable paths is fixed, so no request path ever
 * reaches the file system.
 *
 * ```ts
 * app.use(playgroundHandler({ refusals })); // after the API routes
 * ```
 *
 * Any other path goes on to `next()` (the service's 404). The service that
 * mounts the page (cli/serve/app.ts) hands it its own answers to a preflight
 * and to a method the page does not take ({@link PlaygroundRefusals}), so
 * they read as every other path's and this room imports nothing of serve/.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

/** The service's answers to requests for the page's paths that the page does not serve itself. */
export interface PlaygroundRefusals {
  /** Answer `OPTIONS` (a CORS preflight when the service has CORS on); `allowed`: the page's methods. */
  preflight(res: ServerResponse, allowed: readonly string[]): void;
  /** Answer a method other than those `allowed` (a 405). */
  methodNotAllowed(res: ServerResponse, allowed: readonly string[]): void;
}

export interface PlaygroundOptions {
  /** The folder holding the built page; default: dist/playground of this package. */
  readonly root?: string;
  /** How the mounting service answers preflights and other methods. */
  readonly refusals: PlaygroundRefusals;
}

/** A connect-style handler: answers the playground's paths, passes the rest to `next`. */
export type PlaygroundHandler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** One servable file, with its precompressed variants. */
interface Asset {
  readonly body: Buffer;
  readonly gzip: Buffer | undefined;
  readonly brotli: Buffer | undefined;
  readonly type: string;
  readonly cacheControl: string;
  readonly etag: string;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".map": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
};

/**
 * The page talks to its own origin only; CodeMirror sets inline styles, hence
 * 'unsafe-inline' for styles (never for scripts).
 */
const PAGE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

function readOptional(path: string): Buffer | undefined {
  return existsSync(path) ? readFileSync(path) : undefined;
}

/** URL path → asset, for every file of the built page. */
function loadAssets(root: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  if (!existsSync(join(root, "index.html"))) return assets;
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    const type = CONTENT_TYPES[extname(entry.name)];
    if (!entry.isFile() || type === undefined) continue; // .gz / .br variants and anything unexpected
    const file = join(entry.parentPath, entry.name);
    const rel = relative(root, file).split(sep).join("/");
    const body = readFileSync(file);
    const path = rel === "index.html" ? "/" : `/playground/${rel}`;
    // Asset names carry a content hash, so they may be cached for good; the page itself is revalidated.
    const cacheControl = rel === "index.html" ? "no-cache" : rel.startsWith("assets/") ? "public, max-age=31536000, immutable" : "public, max-age=3600";
    assets.set(path, {
      body,
      gzip: readOptional(file + ".gz"),
      brotli: readOptional(file + ".br"),
      type,
      cacheControl,
      etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`,
    });
  }
  return assets;
}

/** The content codings an Accept-Encoding header allows (those not given q=0). */
function acceptedEncodings(header: string): Set<string> {
  const accepted = new Set<string>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.split(";").map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith("q="));
    if (name !== "" && (q === undefined || Number(q.slice(2)) > 0)) accepted.add(name);
  }
  return accepted;
}

/** Which stored variant to send for this Accept-Encoding. */
function pickEncoding(asset: Asset, header: string): { body: Buffer; encoding: string | undefined } {
  const accepted = acceptedEncodings(header);
  if (asset.brotli !== undefined && accepted.has("br")) return { body: asset.brotli, encoding: "br" };
  if (asset.gzip !== undefined && accepted.has("gzip")) return { body: asset.gzip, encoding: "gzip" };
  return { body: asset.body, encoding: undefined };
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header.split(",").some((t) => {
    const tag = t.trim().replace(/^W\//, "");
    return tag === etag || tag === "*";
  });
}

/** The handler serving the playground. Creating it reads the built page into memory. */
export function playgroundHandler(options: PlaygroundOptions): PlaygroundHandler {
  // dist/playground, found from this compiled file (dist/cli/playground/serve-playground.js)
  const root = options.root ?? fileURLToPath(new URL("../../playground/", import.meta.url));
  let assets = loadAssets(root);
  const ALLOWED = ["GET", "HEAD"];

  return (req, res, next) => {
    const path = (req.url ?? "/").split(/[?#]/, 1)[0] as string;
    if (path !== "/" && !path.startsWith("/playground/")) return next();
    // Built after the server started (or caught mid-build): look again.
    if (assets.size === 0) assets = loadAssets(root);
    const asset = assets.get(path);
    if (asset === undefined) {
      if (path === "/" && assets.size === 0) {
        // A checkout that was never built: say so instead of a bare 404.
        res.writeHead(503, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" });
        res.end(JSON.stringify({ error: "playground not built (run npm run build)" }));
        return;
      }
      return next();
    }
    if (req.method === "OPTIONS") return options.refusals.preflight(res, ALLOWED);
    if (req.method !== "GET" && req.method !== "HEAD") return options.refusals.methodNotAllowed(res, ALLOWED);

    const headers: Record<string, string> = {
      "Content-Type": asset.type,
      "Cache-Control": asset.cacheControl,
      ETag: asset.etag,
      "X-Content-Type-Options": "nosniff",
    };
    if (path === "/") {
      headers["Content-Security-Policy"] = PAGE_POLICY;
      headers["Referrer-Policy"] = "no-referrer";
    }
    if (asset.gzip !== undefined || asset.brotli !== undefined) headers["Vary"] = "Accept-Encoding";
    if (matchesEtag(req.headers["if-none-match"], asset.etag)) return void res.writeHead(304, headers).end();
    const { body, encoding } = pickEncoding(asset, String(req.headers["accept-encoding"] ?? ""));
    if (encoding !== undefined) headers["Content-Encoding"] = encoding;
    headers["Content-Length"] = String(body.length);
    res.writeHead(200, headers).end(req.method === "HEAD" ? undefined : body);
  };
}
