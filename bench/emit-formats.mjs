#!/usr/bin/env node
// Output throughput of the built-in formats on a large generated array, end
// to end through the engine (parse, lazy evaluation as the emitter pulls,
// emission into a sink that only counts). Run `npm run build` first.
// Usage: node bench/emit-formats.mjs [count=1000000] [formats=json,yaml,toml,typescript] [reps=2]
import { createEngine } from "../dist/index.js";

const count = Number(process.argv[2] ?? 1_000_000);
const formats = (process.argv[3] ?? "json,yaml,toml,typescript").split(",");
const reps = Number(process.argv[4] ?? 2);
const source = `users = 0..${count - 1} map (i) = {
  id = i
  name = "user" + i
  email = "u" + i + "@example.com"
  active = i % 2 == 0
  score = i / 7.0
}
`;

const engine = createEngine();
for (const format of formats) {
  for (let rep = 0; rep < reps; rep++) {
    const sink = { bytes: 0, chunks: 0, write(c) { this.bytes += c.length; this.chunks++; } };
    const t = performance.now();
    const r = engine.transpileTo(source, sink, { format });
    const ms = performance.now() - t;
    const status = r.ok ? "" : `  FAILED: ${r.diagnostics[0]?.message}`;
    console.log(
      `${format.padEnd(10)} ${String(count).padStart(8)} items ${(sink.bytes / 1e6).toFixed(1).padStart(7)} MB ` +
        `${String(sink.chunks).padStart(5)} chunks ${ms.toFixed(0).padStart(6)} ms ${(sink.bytes / 1e3 / ms).toFixed(1).padStart(6)} MB/s${status}`,
    );
  }
}
