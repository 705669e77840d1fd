/**
 * Refusing a request whose body is still arriving (413, 415) so that the
 * client actually receives the answer (HTTP.md §2: a lingering close).
 *
 * Node answers `Connection: close` by ending the socket and destroying it as
 * soon as the answer is written; bytes the client is still sending then meet
 * a closed socket, the kernel resets the connection, and a client that
 * writes its whole body before reading (Node's `fetch`) gets `EPIPE` or
 * `ECONNRESET` instead of the answer. Here the socket only half-closes
 * after the answer, and the rest of the body is read and discarded (never
 * buffered) until it ends, for at most {@link LINGER_MS} and
 * {@link LINGER_BYTES}; then the socket is closed for good.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { sendJson } from "./send-json.js";

/** Longest time a refused connection is read from after the answer, in ms. */
export const LINGER_MS = 5_000;
/** Most bytes read and discarded from a refused connection. */
export const LINGER_BYTES = 256 * 1024 * 1024;
/** How often the byte bound is checked, in ms. */
const CHECK_MS = 100;

/** Answer `status` with `body` and `Connection: close`, then linger as described in the file header. */
export function refuseLingering(req: IncomingMessage, res: ServerResponse, status: number, body: Record<string, unknown>): void {
  const socket = req.socket;
  if (socket.destroyed) return;
  if (req.complete) return sendJson(res, status, body, { Connection: "close" }); // nothing left to read
  const finishClose = socket.destroySoon.bind(socket);
  const startBytes = socket.bytesRead;
  let done = false;
  const stop = () => {
    if (done) return;
    done = true;
    clearInterval(check);
    req.off("end", stop);
    socket.off("close", stop);
    // End (if not yet) and destroy once the answer is flushed.
    if (!socket.destroyed) finishClose();
  };
  const started = performance.now();
  const check = setInterval(() => {
    if (performance.now() - started > LINGER_MS || socket.bytesRead - startBytes > LINGER_BYTES) stop();
  }, CHECK_MS);
  check.unref();
  // Node calls destroySoon when a `Connection: close` answer is written: half-close instead, and keep reading.
  socket.destroySoon = () => void socket.end();
  req.once("end", stop);
  socket.once("close", stop);
  // Data without a listener is dropped; resuming also undoes a pause by the body reader.
  req.removeAllListeners("data");
  req.resume();
  sendJson(res, status, body, { Connection: "close" });
}
