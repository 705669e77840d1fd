// More shaped programs for the cost fuzzer's meter-gap pass (bench/fuzz/cost.mjs), from the
// attacker's pass, round 3 (bench/attack/): each one uniform loop whose work is known from its
// parameters, as in test/fuzz/cost-shapes.ts; `files` are included through a MemoryHost.
import { prng } from "../../dist/test/fuzz/jsson-writer.js";

export const ATTACK_SHAPES = ["yaml aliases", "yaml merge-free flow maps", "array concatenation", "spread copies", "object merges", "deep scopes in templates", "nested-map lookups"];

const between = (rnd, lo, hi) => lo + Math.floor(rnd() * (hi - lo + 1));

/** `depth` nested blocks, each declaring a name, around `body`; `w` bound at the top (as in test/fuzz/cost-shapes.ts). */
const nested = (depth, body) => "w := 7\n" + Array.from({ length: depth }, (_, d) => `b${d} {\ns${d} := ${d}\n`).join("") + body + "\n" + "}\n".repeat(depth);

/** One program of `shape` from `seed`: { shape, seed, source, files?, work }. */
export function attackProgram(shape, seed) {
  const rnd = prng(seed);
  switch (shape) {
    case "yaml aliases": {
      // every alias of a k-element anchor is charged its expanded size: work = aliases × k
      const k = between(rnd, 10, 200);
      const n = between(rnd, 2_000, 20_000);
      const yaml = `x: &x [${Array(k).fill("1").join(", ")}]\ny: [${Array(n).fill("*x").join(", ")}]\n`;
      return { shape, seed, source: 'd := include "d.yaml"\nr = d.y', files: { "d.yaml": yaml }, work: n * k };
    }
    case "yaml merge-free flow maps": {
      const n = between(rnd, 2_000, 20_000);
      const yaml = `x: &x {a: 1, b: 2}\ny: [${Array.from({ length: n }, (_, i) => `{p: *x, c: ${i}}`).join(", ")}]\n`;
      return { shape, seed, source: 'd := include "d.yaml"\nr = d.y', files: { "d.yaml": yaml }, work: 2 * n };
    }
    case "array concatenation": {
      const m = between(rnd, 100_000, 2_000_000);
      return { shape, seed, source: `a := [1..${m}]\nr = (a + a) == (a + a)\n`, work: 4 * m };
    }
    case "spread copies": {
      const m = between(rnd, 100_000, 1_000_000);
      return { shape, seed, source: `a := [1..${m}]\nb := [...a, ...a, 0]\nc := [...a, ...a, 0]\nr = b == c\n`, work: 6 * m };
    }
    case "object merges": {
      const keys = between(rnd, 200, 3_000);
      const n = between(rnd, 100, 1_000);
      const obj = `{ ${Array.from({ length: keys }, (_, k) => `k${k} = ${k}`).join(", ")} }`;
      return { shape, seed, source: `o := ${obj}\nr = (1..${n} map (i) = (o + o).k0)\n`, work: n * keys };
    }
    case "deep scopes in templates": {
      // each interpolated name not bound anywhere walks every scope
      const depth = between(rnd, 100, 300);
      const n = between(rnd, 2_000, 10_000);
      return { shape, seed, source: nested(depth, `r = (1..${n} map (i) = \`\${zz}\`)`), work: n * depth };
    }
    case "nested-map lookups": {
      const depth = between(rnd, 100, 300);
      const n = between(rnd, 50, 150);
      return { shape, seed, source: nested(depth, `r = (1..${n} map (i) = (1..${n} map (j) = w))`), work: n * n * depth };
    }
  }
  throw new Error(`unknown shape ${shape}`);
}
