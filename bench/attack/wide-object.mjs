// Wide objects: the time (process CPU) of check, evaluate and transpile for N top-level
// members (`k<i> = <i>`, one per line), and for N members inside one object, at two sizes, so a
// super-linear step shows as a ratio above 10 for 10× the members. Run under --cpu-prof to see where.
//   node [--cpu-prof] bench/attack/wide-object.mjs [N=200000]
import { createEngine } from "jsson";

const N = Number(process.argv[2] ?? 200_000);
const engine = createEngine();
const top = (n) => Array.from({ length: n }, (_, i) => `k${i} = ${i}`).join("\n");
const inner = (n) => "o {\n" + top(n) + "\n}";
function cpu(fn) {
  const c0 = process.cpuUsage();
  fn();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
}
/** @type {[string, (n: number) => string][]} */
const SHAPES = [["top level", top], ["one object", inner]];
for (const [shape, make] of SHAPES) {
  for (const n of [N / 10, N]) {
    const src = make(n);
    const check = cpu(() => engine.check(src));
    const evaluate = cpu(() => engine.evaluate(src));
    const formats = {};
    for (const format of ["json", "yaml", "toml", "typescript"]) {
      formats[format] = cpu(() => {
        const r = engine.transpile(src, { format });
        if (!r.ok) throw new Error(JSON.stringify(r).slice(0, 300));
      });
    }
    const t = Object.entries(formats).map(([f, ms]) => `${f} ${ms.toFixed(0)}`).join(", ");
    console.log(`${shape}, ${n} members: check ${check.toFixed(0)} ms, evaluate ${evaluate.toFixed(0)} ms, transpile ${t} ms CPU`);
  }
}
