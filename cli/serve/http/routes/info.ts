/** The GET endpoints: /health, /version (HTTP.md §8), /formats, /openapi.json, /metrics (§9). Answered on the event loop, never queued. */
import type { ServerResponse } from "node:http";
import { LANGUAGE_VERSION } from "../../../../core/index.js";
import { packageInfo } from "../../ops/server-version.js";
import { sendJson } from "../send-json.js";
import { METRICS_CONTENT_TYPE } from "../../ops/server-metrics.js";
import { requestIdFor, RETRY_AFTER_SECONDS } from "./errors.js";
import type { ServerState } from "../server-state.js";
import { openApiDocument } from "./openapi.js";

/** GET /health. */
export function health(state: ServerState, res: ServerResponse): void {
  sendJson(res, state.draining ? 503 : 200, {
    status: state.draining ? "shutting_down" : "healthy",
    service: "jsson",
    version: packageInfo().version,
    lang_version: LANGUAGE_VERSION,
    timestamp: new Date().toISOString(),
  });
}

/** GET /version. */
export function version(res: ServerResponse): void {
  sendJson(res, 200, {
    server_version: packageInfo().version,
    lang_version: LANGUAGE_VERSION,
    go_version: packageInfo().runtimeRequirement,
    runtime: "node",
    runtime_version: process.version,
  });
}

/** GET /formats. */
export function formats(state: ServerState, res: ServerResponse): void {
  sendJson(res, 200, {
    formats: state.engine.listFormats().map((f) => ({
      name: f.name,
      aliases: f.aliases,
      media_type: f.mediaType,
      extension: f.extensions[0] ?? "",
      extensions: f.extensions,
      description: f.description,
      plugin: f.plugin,
    })),
  });
}

const openApiTexts = new WeakMap<ServerState, string>();

/** GET /openapi.json (built once per server: its formats depend on the plugins loaded). */
export function openApi(state: ServerState, res: ServerResponse): void {
  let text = openApiTexts.get(state);
  if (text === undefined) openApiTexts.set(state, (text = JSON.stringify(openApiDocument(state.engine.listFormats()))));
  sendJson(res, 200, text);
}

/** GET /metrics: 200 with the whole server's text (cluster-metrics.ts); 503 (JSON, as every error) when the supervisor did not answer in time. */
export async function metrics(state: ServerState, res: ServerResponse): Promise<void> {
  let text: string;
  try {
    text = await state.metrics.text();
  } catch (e) {
    state.logEvent("metrics_unavailable", { request_id: requestIdFor(res), detail: e instanceof Error ? e.message : String(e) });
    return sendJson(res, 503, { error: "metrics unavailable; retry later", request_id: requestIdFor(res) }, { "Retry-After": String(RETRY_AFTER_SECONDS) });
  }
  if (res.headersSent || res.destroyed) return;
  res.writeHead(200, { "Content-Type": METRICS_CONTENT_TYPE, "Content-Length": Buffer.byteLength(text) });
  res.end(text);
}
