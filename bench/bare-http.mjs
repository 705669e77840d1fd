#!/usr/bin/env node
// The ceiling for our HTTP layer (issue #8): a bare node:http server that
// reads a JSON body, parses it and answers with a small JSON document, on
// N processes (node:cluster). Run wrk against it exactly as bench/http-load.sh
// runs it against `jsson serve`:
//   node bench/bare-http.mjs [port] [processes]   (Ctrl-C to stop)
//   node bench/bare-http.mjs --smoke   (one process on a free port: answers one request, then exits)
import cluster from "node:cluster";
import { createServer } from "node:http";
import { ARGS, SMOKE } from "./bench-args.mjs";

const port = Number(ARGS[0] ?? (SMOKE ? 0 : 8091));
const processes = Number(ARGS[1] ?? (SMOKE ? 1 : 2));
if (cluster.isPrimary && processes > 1) {
  for (let i = 0; i < processes; i++) cluster.fork();
  console.log(`bare node:http on 127.0.0.1:${port}, ${processes} processes`);
} else {
  const server = createServer((req, res) => {
    const parts = [];
    req.on("data", (c) => parts.push(c));
    req.on("end", () => {
      const body = JSON.parse(Buffer.concat(parts).toString("utf8"));
      const out = JSON.stringify({ success: true, output: { name: typeof body.source }, format: "json" });
      res.writeHead(200, { "Content-Type": "application/json; charset=utf-8", "Content-Length": Buffer.byteLength(out) });
      res.end(out);
    });
  }).listen(port, "127.0.0.1", () => {
    if (processes <= 1) console.log(`bare node:http on 127.0.0.1:${port}, 1 process`);
    if (SMOKE) void smokeRequest(server);
  });
}

/**
 * One request to the server just started, then close it.
 * @param {import("node:http").Server} server
 */
async function smokeRequest(server) {
  const { port: bound } = /** @type {import("node:net").AddressInfo} */ (server.address());
  const r = await fetch(`http://127.0.0.1:${bound}/transpile`, { method: "POST", body: JSON.stringify({ source: "a = 1" }) });
  console.log(`smoke: ${r.status} ${await r.text()}`);
  server.close();
  server.closeAllConnections();
}
