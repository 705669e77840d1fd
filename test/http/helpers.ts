/**
 * Shared helpers of the HTTP tests: a real server on port 0 and real HTTP
 * requests through node:http (no mocks, raw headers and bodies visible).
 */
import * as assert from "uvu/assert";
import { request as httpRequest, type IncomingHttpHeaders, type Agent } from "node:http";
import { join } from "node:path";
import { createServer, type JssonServer } from "../../cli/serve/app.js";
import { REPO_ROOT } from "../support/repo-root.js";
import type { ServerOptionsInput } from "../../cli/serve/ops/server-options.js";

/** Test fixtures (plain files, not compiled). */
export const fixturesDir = join(REPO_ROOT, "test", "http", "fixtures");

/** A started server. */
export interface TestServer {
  readonly base: string;
  readonly port: number;
  readonly server: JssonServer;
  /** Internal log lines (access log off unless asked). */
  readonly log: string[];
  close(): Promise<void>;
}

/** Start a server on 127.0.0.1, any free port. One worker unless told otherwise. */
export async function startServer(options: ServerOptionsInput = {}): Promise<TestServer> {
  const log: string[] = [];
  const server = createServer({ workers: 1, accessLog: false, logSink: (l) => void log.push(l), ...options });
  const address = await server.listen(0, "127.0.0.1");
  return { base: `http://127.0.0.1:${address.port}`, port: address.port, server, log, close: () => server.close() };
}

/** A complete response. */
export interface Reply {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly raw: Buffer;
  readonly text: string;
  /** The body parsed as JSON. */
  json<T = Record<string, unknown>>(): T;
}

/** Options of {@link send}. */
export interface SendOptions {
  readonly method?: string;
  readonly body?: string | Buffer;
  readonly headers?: Record<string, string | number>;
  readonly agent?: Agent | false;
  /**
   * Give up on a connection silent this long (ms): the request fails with the code `"STALLED"`.
   * A deadline for an answer that never comes, never a bound on how soon it comes (default: none).
   */
  readonly stalledAfterMs?: number;
}

/** One HTTP request; resolves with the whole response. */
export function send(base: string, path: string, options: SendOptions = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      base + path,
      { method: options.method ?? (options.body === undefined ? "GET" : "POST"), headers: options.headers ?? {}, agent: options.agent ?? false },
      (res) => {
        const parts: Buffer[] = [];
        res.on("data", (c: Buffer) => parts.push(c));
        res.on("error", reject);
        res.on("end", () => {
          const raw = Buffer.concat(parts);
          const text = raw.toString("utf8");
          resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, text, json: <T>() => JSON.parse(text) as T });
        });
      },
    );
    req.on("error", reject);
    if (options.stalledAfterMs !== undefined) req.setTimeout(options.stalledAfterMs, () => req.destroy(Object.assign(new Error(`no answer within ${options.stalledAfterMs} ms`), { code: "STALLED" })));
    if (options.body !== undefined) req.end(options.body);
    else req.end();
  });
}

/** POST a JSON body (an object is serialised; a string is sent as is). */
export function post(base: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  return send(base, path, { method: "POST", body: typeof body === "string" ? body : JSON.stringify(body), headers: { "Content-Type": "application/json", ...headers } });
}

/** What /transpile answers, as the include and sandbox tests read it. */
export interface TranspileAnswer {
  success: boolean;
  output?: Record<string, unknown>;
  errors?: string[];
  diagnostics?: { line: number; message: string; file?: string }[];
}

/** POST /transpile (with a virtual folder when `files` is given); the answer must be a 200. */
export async function transpileFiles(server: TestServer, source: string, files?: Record<string, string>): Promise<{ json: TranspileAnswer; text: string }> {
  const r = await post(server.base, "/transpile", files === undefined ? { source } : { source, files });
  assert.is(r.status, 200, r.text);
  return { json: r.json<TranspileAnswer>(), text: r.text };
}

/** A response body with its `*_time_ms` values blanked (they differ between runs). */
export function withoutTimes(text: string): string {
  return text.replace(/"(transpile|validate)_time_ms":[0-9.e+-]+/g, '"$1_time_ms":0');
}

/** Sleep. */
export const delay = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * A source that evaluates for seconds (about 5 s on the development machine,
 * 9 million elements of heavy arithmetic, under the item limit), so it ends
 * with the time limit of each test.
 */
export const SLOW =
  "xs = (0..3000 map (i) = { id = i, tags = (0..3000 map (j) = ((j * 2 + i) * 3 - j) % 7 + j * j - (j > 5 ? j : 0 - j) * 2 + (i % 3 == 0 ? 1 : 2) * (j - i) - 9 * (j % 11)) })\n";
