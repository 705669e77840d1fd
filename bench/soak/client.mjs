// One HTTP request to 127.0.0.1 over a shared keep-alive agent. Never
// rejects: the result is either a response { status, headers, text } or a
// connection-level failure { error, reused } (reused: the request went out on
// a kept-alive socket, which tells a keep-alive race from a refused connect).
import http from "node:http";

/**
 * A keep-alive agent sized so it never queues requests itself (the scheduler
 * bounds in-flight work). `timeout` matters: Node 20's agent lowers a pooled
 * socket's idle timeout to the server's `Keep-Alive: timeout=N` hint minus
 * 1 s only when the agent has a timeout of its own; without one it keeps idle
 * sockets forever, and a busy client can reuse a socket the server has just
 * closed (ECONNRESET on a reused socket, the classic keep-alive race). Active
 * requests get their own timeout from {@link send}.
 */
export function makeAgent(maxSockets, timeoutMs) {
  return new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets, timeout: timeoutMs });
}

/** Send `request` ({ method, path, body? }) to 127.0.0.1:`port` with header X-Request-Id `requestId`. */
export function send(agent, port, request, requestId, timeoutMs) {
  return new Promise((resolve) => {
    let settled = false;
    const done = (result) => {
      if (!settled) {
        settled = true;
        resolve(result);
      }
    };
    const headers = { "x-request-id": requestId };
    if (request.body !== undefined) {
      headers["content-type"] = "application/json";
      headers["content-length"] = Buffer.byteLength(request.body);
    }
    const req = http.request({ host: "127.0.0.1", port, method: request.method, path: request.path, agent, headers }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => done({ status: res.statusCode, headers: res.headers, text: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", (/** @type {NodeJS.ErrnoException} */ e) => done({ error: e.code ?? e.message, reused: req.reusedSocket }));
      res.on("aborted", () => done({ error: "response aborted", reused: req.reusedSocket }));
    });
    req.setTimeout(timeoutMs, () => req.destroy(Object.assign(new Error("timeout"), { code: "TIMEOUT" })));
    req.on("error", (/** @type {NodeJS.ErrnoException} */ e) => done({ error: e.code ?? e.message, reused: req.reusedSocket }));
    req.end(request.body);
  });
}
