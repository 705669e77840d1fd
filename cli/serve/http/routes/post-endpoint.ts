/**
 * The shared life of a POST request: read the body within limits, parse it
 * as a JSON object, check its fields, queue the job, and relay what the
 * worker produces — a whole body, or a stream written with backpressure.
 * Client disconnects cancel the job.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { BodyResult } from "../body-reader.js";
import { formatSize } from "../../../argv/units.js";
import { isBrowserNonJsonPost } from "../cors.js";
import { refuseLingering } from "../lingering-close.js";
import { bodyText, parseJsonObject } from "../request-json.js";
import type { Checked } from "../request-checks.js";
import type { Job } from "../../run/protocol.js";
import type { ServerState } from "../server-state.js";
import { JSON_TYPE, sendJson } from "../send-json.js";
import { internalError, pathOf, requestIdFor, serverBusy } from "./errors.js";

/** How an endpoint checks its body and shapes its request errors. */
export interface PostEndpoint<J extends Job> {
  /** `text` is the body as text, for fields read exactly. */
  check(state: ServerState, body: Readonly<Record<string, unknown>>, text: string): Checked<J>;
  /** The 400 body in the endpoint's own response shape. */
  requestError(errors: readonly string[], format: string): Record<string, unknown>;
}

/** How long a too-slow connection may keep sending after its 408 before it is cut. */
const SLOW_CLOSE_MS = 1000;

/** Answer, then close the connection without reading the rest of the body (a client too slow to be worth reading). */
function refuseAndClose(res: ServerResponse, req: IncomingMessage, status: number, body: Record<string, unknown>): void {
  res.setHeader("Connection", "close");
  res.once("finish", () => {
    // Let the answer reach the client, then stop the upload for good.
    setTimeout(() => req.socket.destroy(), SLOW_CLOSE_MS).unref();
  });
  sendJson(res, status, body);
}

/** Handle one POST to `endpoint`. */
export function handlePost<J extends Job>(state: ServerState, endpoint: PostEndpoint<J>, req: IncomingMessage, res: ServerResponse): void {
  const { maxBodyBytes, bodyTimeoutMs } = state.options;
  if (isBrowserNonJsonPost(req))
    return refuseLingering(req, res, 415, { error: "unsupported media type: a request with an Origin header must send Content-Type: application/json" });
  state.bodies.read(req, maxBodyBytes, bodyTimeoutMs, (read) => {
    try {
      answer(state, endpoint, req, res, read);
    } catch (e) {
      state.logEvent("handler_error", { request_id: requestIdFor(res), path: pathOf(req), detail: e instanceof Error ? (e.stack ?? e.message) : String(e) });
      internalError(res);
    }
  });
}

function answer<J extends Job>(state: ServerState, endpoint: PostEndpoint<J>, req: IncomingMessage, res: ServerResponse, read: BodyResult): void {
  const { maxBodyBytes } = state.options;
  if (!read.ok) {
    if (read.reason === "too-large")
      return refuseLingering(req, res, 413, { error: `request body too large (limit ${formatSize(maxBodyBytes)})`, limit_bytes: maxBodyBytes });
    if (read.reason === "timeout") return refuseAndClose(res, req, 408, { error: "request body not received in time" });
    res.destroy();
    return;
  }
  const parsed = parseJsonObject(bodyText(read.bytes));
  if (!parsed.ok) return sendJson(res, 400, endpoint.requestError([parsed.message], "json"));
  const checked = endpoint.check(state, parsed.value, parsed.text);
  if (!checked.ok) return sendJson(res, 400, endpoint.requestError(checked.errors, checked.format));
  relayJob(state, checked.job, res);
}

function relayJob(state: ServerState, job: Job, res: ServerResponse): void {
  const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  /** Streamed pieces the socket has not finished with (their memory goes back to the worker when it has). */
  const unwritten = new Set<() => void>();
  const ticket = state.pool.submit(job, {
    body: (bytes) => sendJson(res, 200, bytes),
    streamStart: (bytes) => {
      if (res.destroyed) return;
      res.writeHead(200, { "Content-Type": JSON_TYPE });
      res.write(asBuffer(bytes));
    },
    chunk: (bytes, written) => {
      if (res.destroyed) return written();
      const done = () => {
        unwritten.delete(done);
        written();
      };
      unwritten.add(done);
      res.write(asBuffer(bytes), done);
    },
    streamEnd: (bytes) => {
      if (!res.destroyed) res.end(asBuffer(bytes));
    },
    streamAbort: (reason) => {
      state.logEvent("stream_aborted", { request_id: requestIdFor(res), reason });
      res.destroy();
    },
    failed: (why, detail) => {
      state.logEvent("job_failed", { request_id: requestIdFor(res), why, detail });
      internalError(res);
    },
  });
  if (!ticket) return serverBusy(res);
  res.once("close", () => {
    if (!res.writableFinished) ticket.cancel();
    // Every write has ended by now, done or not: nothing reads those pieces any more.
    for (const done of unwritten) done();
  });
}
