/** The parse cache of long-lived engines (servers): same results, bounded, off while a plugin watches parses. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import { createEngine } from "../../core/index.js";
import { ParseCache } from "../../core/engine/parse-cache.js";
import type { ParseResult } from "../../core/syntax/parser.js";

const W3 = readFileSync(new URL("../../../bench/workloads/w3.jsson", import.meta.url), "utf8");

/** A source of about `n` characters that repeats one object under different keys. */
function sourceOf(n: number, tag: string): string {
  let s = `tag = "${tag}"\n`;
  for (let i = 0; s.length < n; i++) s += `k${i} { a = ${i}, b = tag + "-${i}", c = [1, 2, 3] }\n`;
  return s;
}

test("a cached engine gives byte-identical output, run after run, in every format", () => {
  const plain = createEngine();
  const cached = createEngine().enableParseCache();
  for (const format of ["json", "yaml", "toml", "typescript"]) {
    const want = plain.transpile(W3, { format });
    assert.ok(want.ok);
    for (let i = 0; i < 3; i++) {
      // A fresh copy of the text each time, as a server receives it.
      const r = cached.transpile(Buffer.from(W3).toString(), { format });
      assert.ok(r.ok);
      if (r.ok && want.ok) assert.is(r.output, want.output);
    }
  }
});

test("errors are the same from the cache: syntax errors and evaluation errors alike", () => {
  const plain = createEngine();
  const cached = createEngine().enableParseCache({ minChars: 1 });
  for (const source of ["a = [1, 2", "a = 1\nb = nope.x\n", sourceOf(4000, "x") + "broken = {\n"]) {
    const want = plain.transpile(source);
    for (let i = 0; i < 2; i++) assert.equal(cached.transpile(source), want);
  }
});

test("the parse limits and the file name are part of what a cached result depends on", () => {
  const engine = createEngine().enableParseCache({ minChars: 1 });
  const deep = "a = " + "[".repeat(40) + "]".repeat(40) + "\n";
  assert.ok(engine.transpile(deep).ok);
  const limited = engine.transpile(deep, { limits: { maxDepth: 10 } });
  assert.is(limited.ok, false);
  if (!limited.ok) assert.match(limited.diagnostics[0]!.message, /nesting too deep \(limit 10\)/);
  assert.ok(engine.transpile(deep).ok, "and the unlimited run is not served the refusal");
});

test("a plugin that taps `parsed` sees every parse: the cache steps aside", () => {
  const engine = createEngine().enableParseCache({ minChars: 1 });
  let parses = 0;
  engine.hooks.parsed.tap("count", () => void parses++);
  for (let i = 0; i < 3; i++) assert.ok(engine.transpile(W3).ok);
  assert.is(parses, 3);
});

test("the cache is bounded by characters and entries, least recently used out first", () => {
  const result = { lines: undefined } as unknown as ParseResult;
  const cache = new ParseCache({ maxChars: 10_000, maxEntries: 3, minChars: 10 });
  const a = sourceOf(4000, "a");
  const b = sourceOf(4000, "b");
  const c = sourceOf(4000, "c");
  cache.set(a, "", result);
  cache.set(b, "", result);
  assert.ok(cache.get(a, "") === result, "a is now the most recently used");
  cache.set(c, "", result); // 12,000 characters: the least recently used (b) goes
  assert.is(cache.get(b, ""), undefined);
  assert.ok(cache.get(a, "") === result && cache.get(c, "") === result);
  for (const s of ["x".repeat(20), "y".repeat(20), "z".repeat(20)]) cache.set(s, "", result);
  assert.is(cache.size, 3, "entries bounded");
  cache.set("tiny", "", result);
  assert.is(cache.get("tiny", ""), undefined, "below minChars: not kept");
  cache.set("q".repeat(20_000), "", result);
  assert.is(cache.get("q".repeat(20_000), ""), undefined, "larger than the whole cache: not kept");
  assert.is(cache.get("x".repeat(20), "other context"), undefined);
});

test.run();
