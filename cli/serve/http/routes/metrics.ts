/** GET /metrics (HTTP.md §9): Prometheus text exposition, the whole server's (cluster-metrics.ts). Answered on the event loop, never queued. */
import type { ServerResponse } from "node:http";
import { sendJson } from "../send-json.js";
import { requestIdFor } from "./errors.js";
import { METRICS_CONTENT_TYPE } from "../../ops/server-metrics.js";
import type { ServerState } from "../server-state.js";

/** GET /metrics: 200 with the text; 503 (JSON, as every error) when the supervisor did not answer in time. */
export async function metrics(state: ServerState, res: ServerResponse): Promise<void> {
  let text: string;
  try {
    text = await state.metrics.text();
  } catch (e) {
    state.logEvent("metrics_unavailable", { request_id: requestIdFor(res), detail: e instanceof Error ? e.message : String(e) });
    return sendJson(res, 503, { error: "metrics unavailable; retry later", request_id: requestIdFor(res) }, { "Retry-After": "1" });
  }
  if (res.headersSent || res.destroyed) return;
  res.writeHead(200, { "Content-Type": METRICS_CONTENT_TYPE, "Content-Length": Buffer.byteLength(text) });
  res.end(text);
}
