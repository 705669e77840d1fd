/**
 * GET /livez and GET /readyz (HTTP.md §9): the probes of an orchestrator or
 * a load balancer. Each answers for the process that received it (under
 * node:cluster, one of several sharing the port). Answered on the event
 * loop, never queued, so a full work queue does not fail them.
 */
import type { ServerResponse } from "node:http";
import { sendJson } from "../send-json.js";
import type { ServerState } from "../server-state.js";

/** Why the server takes no work: starting (workers not up yet), draining (SIGTERM), or every evaluation worker down (being replaced). */
export const NOT_READY_REASONS = ["starting", "draining", "no_workers"] as const;

/** GET /livez: 200 while the process can answer at all (draining included: a liveness failure restarts, which would cut the drain short). */
export function livez(res: ServerResponse): void {
  sendJson(res, 200, '{"status":"alive"}');
}

/** GET /readyz: 200 when the server takes work, else 503 with the reason. */
export function readyz(state: ServerState, res: ServerResponse): void {
  const reason: (typeof NOT_READY_REASONS)[number] | undefined =
    state.draining ? "draining" : !state.listening ? "starting" : state.pool.readyWorkers === 0 ? "no_workers" : undefined;
  if (reason === undefined) sendJson(res, 200, '{"status":"ready"}');
  else sendJson(res, 503, { status: "not_ready", reason });
}
