#!/usr/bin/env node
// Memory of `jsson serve` for sizing containers (docs/deploy.md): resident
// set size of the supervisor and of each HTTP process (its evaluation worker
// threads live inside it), idle after start and after a bounded warm-up of
// mixed requests (small /transpile in every format, the ~5,000-line W3
// config, a 20,000-object output), for several -processes / -workers.
//   node bench/serve-memory.mjs [rounds] [--smoke]   (default 3 warm-up rounds; --smoke: one configuration, one round)
// Prints one line per configuration. Listens on 127.0.0.1 only.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { ARGS, SMOKE, smokeOr } from "./bench-args.mjs";

const bin = fileURLToPath(new URL("../bin/jsson.js", import.meta.url));
const workloads = new URL("./workloads/", import.meta.url);
const small = readFileSync(new URL("small.jsson", workloads), "utf8");
const w3 = readFileSync(new URL("w3.jsson", workloads), "utf8");
const rounds = Number(ARGS[0] ?? smokeOr(1, 3));
const CONFIGS = [
  { processes: 1, workers: 1 },
  { processes: 1, workers: 2 },
  { processes: 1, workers: 4 },
  { processes: 2, workers: 2 },
].slice(0, SMOKE ? 1 : undefined);
const BODIES = [
  ...["json", "yaml", "toml", "typescript"].map((format) => ({ source: small, format })),
  { source: w3 },
  { source: 'xs = (1..20000 map (i) = { id = i, name = "n" + i })' },
];

/** RSS in MB of a pid, from /proc. */
function rssMb(pid) {
  const m = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) / 1024 : NaN;
}
/** Children of a pid, from /proc. */
function childrenOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

async function measure({ processes, workers }) {
  const child = spawn(process.execPath, [bin, "serve", "-port", "0", "-host", "127.0.0.1", "-quiet", "-processes", String(processes), "-workers", String(workers)], { stdio: ["ignore", "pipe", "ignore"] });
  const base = await new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error("no banner in 60 s")), 60_000);
    child.stdout.on("data", (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m && /^limits: /m.test(out)) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
  });
  await new Promise((r) => setTimeout(r, 1000));
  const snapshot = () => {
    const kids = processes > 1 ? childrenOf(child.pid) : [child.pid];
    return { supervisor: processes > 1 ? rssMb(child.pid) : 0, each: kids.map(rssMb) };
  };
  const idle = snapshot();
  for (let round = 0; round < rounds; round++) {
    // 8 requests at a time, each body 8 times per round: bounded.
    for (let i = 0; i < 8; i++) {
      await Promise.all(
        BODIES.flatMap((body) =>
          Array.from({ length: 8 }, async () => {
            const r = await fetch(base + "/transpile", { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });
            const j = /** @type {{ success?: boolean }} */ (await r.json());
            if (!j.success) throw new Error(`request failed: ${JSON.stringify(j).slice(0, 200)}`);
          }),
        ),
      );
    }
  }
  const loaded = snapshot();
  child.kill("SIGTERM");
  await new Promise((r) => child.on("exit", r));
  const fmt = (s) => `${s.each.map((m) => m.toFixed(0)).join("+")} MB per HTTP process${processes > 1 ? `, supervisor ${s.supervisor.toFixed(0)} MB` : ""}`;
  console.log(`-processes ${processes} -workers ${workers}: idle ${fmt(idle)}; after load ${fmt(loaded)}`);
}

for (const config of CONFIGS) await measure(config);
