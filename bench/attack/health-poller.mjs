// Polls GET <base>/health one request after another from its own process (so the numbers
// are the server's event loop, not the attacker's) until stdin closes; then prints one JSON
// line: polls, non-200 answers, failures, p50/p99/max latency in ms.
//   node bench/attack/health-poller.mjs http://127.0.0.1:PORT
import http from "node:http";

const base = new URL(process.argv[2]);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const times = [];
let bad = 0, failed = 0, stop = false;
process.stdin.on("end", () => (stop = true)).resume();

/** @returns {Promise<void>} */
function once() {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const req = http.get({ host: base.hostname, port: base.port, path: "/health", agent, timeout: 10_000 }, (res) => {
      res.resume();
      res.on("end", () => {
        times.push(performance.now() - t0);
        if (res.statusCode !== 200) bad++;
        resolve();
      });
    });
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", () => {
      failed++;
      times.push(performance.now() - t0);
      setTimeout(resolve, 5);
    });
  });
}

while (!stop) {
  await once();
  await new Promise((r) => setTimeout(r, 5));
}
times.sort((a, b) => a - b);
const q = (p) => (times.length ? times[Math.min(times.length - 1, Math.floor(p * times.length))] : 0);
process.stdout.write(JSON.stringify({ polls: times.length, non200: bad, failed, p50: +q(0.5).toFixed(1), p99: +q(0.99).toFixed(1), max: +(times.at(-1) ?? 0).toFixed(1) }) + "\n");
agent.destroy();
