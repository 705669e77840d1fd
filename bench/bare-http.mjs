#!/usr/bin/env node
// The ceiling for our HTTP layer (issue #8): a bare node:http server that
// reads a JSON body, parses it and answers with a small JSON document, on
// N processes (node:cluster). Run wrk against it exactly as bench/http-load.sh
// runs it against `jsson serve`:
//   node bench/bare-http.mjs [port] [processes]   (Ctrl-C to stop)
import cluster from "node:cluster";
import { createServer } from "node:http";

const port = Number(process.argv[2] ?? 8091);
const processes = Number(process.argv[3] ?? 2);
if (cluster.isPrimary && processes > 1) {
  for (let i = 0; i < processes; i++) cluster.fork();
  console.log(`bare node:http on 127.0.0.1:${port}, ${processes} processes`);
} else {
  createServer((req, res) => {
    const parts = [];
    req.on("data", (c) => parts.push(c));
    req.on("end", () => {
      const body = JSON.parse(Buffer.concat(parts).toString("utf8"));
      const out = JSON.stringify({ success: true, output: { name: typeof body.source }, format: "json" });
      res.writeHead(200, { "Content-Type": "application/json; charset=utf-8", "Content-Length": Buffer.byteLength(out) });
      res.end(out);
    });
  }).listen(port, "127.0.0.1");
  if (processes <= 1) console.log(`bare node:http on 127.0.0.1:${port}, 1 process`);
}
