/**
 * Names bound in one body (core/eval/scope.ts): the first binding inline, a
 * few more in scanned arrays, many in a Map. Every form must find the
 * innermost, latest binding, and a lazy map's frozen copy must hold them all.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createEngine } from "../../index.js";
import { Scope } from "../../core/eval/scope.js";

const engine = createEngine();

function data(src: string, streamThreshold = 1e9): unknown {
  const r = engine.transpile(src, { format: "json", streamThreshold });
  if (!r.ok) throw new Error(r.diagnostics[0]?.message);
  return JSON.parse(r.output);
}

/** A body of `n` members k0…k{n-1} = 0…n-1, then `last` naming each of them by sum. */
function body(n: number): string {
  const members = Array.from({ length: n }, (_, i) => `k${i} = ${i}`);
  const sum = Array.from({ length: n }, (_, i) => `k${i}`).join(" + ");
  return `o { ${members.join(", ")}, last = ${sum} }`;
}

test("a body's members are found by siblings whatever their number (inline, scanned, mapped)", () => {
  for (const n of [1, 2, 8, 9, 10, 40]) {
    const o = (data(body(n)) as { o: Record<string, number> }).o;
    assert.is(o["last"], (n * (n - 1)) / 2, `${n} members`);
  }
});

test("a rebound name gives its latest value in every form of storage", () => {
  for (const n of [2, 5, 9, 20]) {
    const names = Array.from({ length: n }, (_, i) => `d${i} := ${i}`).join(", ");
    // Rebind the first, a middle one and the last, then read all three.
    const mid = Math.floor(n / 2);
    const src = `o { ${names}, d0 := 100, d${mid} := 200, d${n - 1} := 300, a = d0, b = d${mid}, c = d${n - 1} }`;
    const want = n === 2 ? { a: 100, b: 300, c: 300 } : { a: 100, b: 200, c: 300 };
    assert.equal((data(src) as { o: unknown }).o, want, `${n} declarations`);
  }
});

test("an inner body's binding hides an outer one; a miss falls through to the parent", () => {
  const outer = Array.from({ length: 12 }, (_, i) => `v${i} := "outer${i}"`).join(", ");
  const src = `o { ${outer}, inner { v3 := "inner", a = v3, b = v11, c = v0 } }`;
  assert.equal((data(src) as { o: unknown }).o, { inner: { a: "inner", b: "outer11", c: "outer0" } });
});

test("a lazy map's frozen scope holds every binding of every form", () => {
  const decls = Array.from({ length: 12 }, (_, i) => `w${i} := ${i}`).join(", ");
  const src = `o { ${decls}, xs = (0..1 map (i) = i + w0 + w5 + w11) }`;
  assert.equal(data(src, 1), { o: { xs: [16, 17] } });
  assert.equal(data(src, 1e9), { o: { xs: [16, 17] } });
});

test("Scope: size counts each binding once, across the three forms", () => {
  const s = new Scope(undefined);
  for (let i = 0; i < 20; i++) {
    s.set(`n${i}`, i);
    s.set(`n${i}`, i + 1); // rebinding adds nothing
    assert.is(s.size, i + 1);
    assert.is(s.lookup(`n${i}`), i + 1);
  }
  const frozen = s.snapshot();
  s.set("n3", "changed");
  assert.is(frozen.lookup("n3"), 4);
  assert.is(frozen.size, 20);
});

test.run();
