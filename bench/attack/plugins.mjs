// Hostile plugin code (bench/attack/hostile-plugin.mjs) in a real `jsson serve -plugin …`
// (1 worker, -timeout 3s): each misbehaviour must cost at most its own request (a limit answer or
// a 500 for a crash), the worker must be replaced, the next request answered, and the peak RSS
// stay inside the budget.
//   node bench/attack/plugins.mjs
import { fileURLToPath } from "node:url";
import { startServer, attack, post, counters } from "./harness.mjs";

const PLUGIN = fileURLToPath(new URL("./hostile-plugin.mjs", import.meta.url));
console.log("| plugin does | status | answer | after | workers | next request | main thread CPU | peak RSS |");
console.log("|---|---|---|---|---|---|---|---|");
for (const what of ["spin", "exit", "throw", "throw later", "wait", "heap memory", "external memory"]) {
  const server = await startServer(["-workers", "1", "-timeout", "3s", "-plugin", PLUGIN]);
  const r = await attack(server, "/transpile", { source: `attack = "${what}"\nx = 1` });
  const a = r.answers[0];
  const next = await post(server.base, "/transpile", { source: "ok = 1" });
  const c = await counters(server.base).catch(() => ({ ready: NaN }));
  console.log(`| ${what} | ${a.status} | ${a.first.slice(0, 70)} | ${(a.ms / 1000).toFixed(1)} s | ${r.restarts} restart(s), ready ${c.ready} | ${next.status} ${next.first} | ${r.mainCpuMs.toFixed(0)} ms | ${r.peak.toFixed(0)} MiB${r.alive ? "" : " DEAD"} |`);
  server.child.kill("SIGKILL");
}
