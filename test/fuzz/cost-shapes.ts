/**
 * Programs of one expensive shape each, for measuring the cost meter (issue
 * #26): every program is one uniform loop whose work is known from its
 * parameters — scopes walked by lookups, elements compared, elements copied —
 * counted here without the meter, so the work done between two looks at the
 * clock can be measured from outside (`work / checks`). Sizes come from a
 * seed: a finding is reproduced by its shape and seed.
 */
import { prng } from "./jsson-writer.js";

/** A program and the work it does, in elementary steps the meter should be charged for. */
export interface ShapedProgram {
  readonly shape: CostShapeName;
  readonly seed: number;
  readonly source: string;
  /** Elementary steps the program's main loop does (a lower bound): the meter must look at the clock at least once per its check interval of them. */
  readonly work: number;
}

/** The shapes, named for reports. */
export const COST_SHAPES = ["deep scopes", "wide objects", "big ranges", "shared values", "preset copies", "lazy snapshots"] as const;
export type CostShapeName = (typeof COST_SHAPES)[number];

function between(rnd: () => number, lo: number, hi: number): number {
  return lo + Math.floor(rnd() * (hi - lo + 1));
}

/** `depth` nested blocks, each declaring a name, around `body`; a name `w` bound at the top. */
function nested(depth: number, body: string): string {
  let open = "w := 7\n";
  let close = "";
  for (let d = 0; d < depth; d++) {
    open += `b${d} {\ns${d} := ${d}\n`;
    close = `}\n${close}`;
  }
  return open + body + "\n" + close;
}

function members(count: number, value: (k: number) => string): string {
  return Array.from({ length: count }, (_, k) => `k${k} = ${value(k)}`).join(", ");
}

/** One program of `shape` from `seed`. */
export function shapedProgram(shape: CostShapeName, seed: number): ShapedProgram {
  const rnd = prng(seed);
  switch (shape) {
    case "deep scopes": {
      // finding 4: every lookup of `w` walks every block's scope (eager map: at most 10,000 elements)
      const depth = between(rnd, 100, 300);
      const n = between(rnd, 2_000, 10_000);
      return { shape, seed, source: nested(depth, `r = (1..${n} map (i) = w)`), work: n * depth };
    }
    case "wide objects": {
      const keys = between(rnd, 200, 3_000);
      const n = between(rnd, 100, 1_000);
      const obj = `{ ${members(keys, (k) => String(k))} }`;
      return { shape, seed, source: `o := ${obj}\np := ${obj}\nr = (1..${n} map (i) = o == p)\n`, work: n * keys };
    }
    case "big ranges": {
      // two arrays copied from ranges, then compared element by element
      const m = between(rnd, 100_000, 2_000_000);
      return { shape, seed, source: `a = [1..${m}] == [1..${m}]\n`, work: 3 * m };
    }
    case "shared values": {
      // one array referenced many times on each side (distinct on the two sides, so nothing is skipped as identical)
      const k = between(rnd, 1_000, 20_000);
      const refs = between(rnd, 10, 100);
      const list = (name: string): string => Array.from({ length: refs }, () => name).join(", ");
      return { shape, seed, source: `b := [1..${k}]\nb2 := [1..${k}]\nc := [${list("b")}]\nd := [${list("b2")}]\nr = c == d\n`, work: refs * k };
    }
    case "preset copies": {
      const keys = between(rnd, 50, 500);
      const n = between(rnd, 100, 2_000);
      return { shape, seed, source: `@preset "p" { ${members(keys, (k) => String(k))} }\nr = (1..${n} map (i) = @use "p" { z = i })\n`, work: n * keys };
    }
    case "lazy snapshots": {
      // a lazy map (over the stream threshold) freezes every binding visible from deep inside: one snapshot per map
      const depth = between(rnd, 100, 300);
      const maps = between(rnd, 50, 200);
      const body = Array.from({ length: maps }, (_, j) => `m${j} := (1..20000 map (i) = i)`).join("\n");
      return { shape, seed, source: nested(depth, body), work: maps * depth };
    }
  }
}
