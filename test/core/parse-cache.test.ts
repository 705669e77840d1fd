/** The parse cache of long-lived engines (servers): same results, bounded, off while a plugin watches parses. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import { createEngine } from "../../index.js";
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
  const cached = createEngine().useParseCache(new ParseCache());
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
  const cached = createEngine().useParseCache(new ParseCache({ minChars: 1 }));
  for (const source of ["a = [1, 2", "a = 1\nb = nope.x\n", sourceOf(4000, "x") + "broken = {\n"]) {
    const want = plain.transpile(source);
    for (let i = 0; i < 3; i++) assert.equal(cached.transpile(source), want); // the third is served from the cache
  }
});

test("the parse limits and the file name are part of what a cached result depends on", () => {
  const engine = createEngine().useParseCache(new ParseCache({ minChars: 1 }));
  const deep = "a = " + "[".repeat(40) + "]".repeat(40) + "\n";
  assert.ok(engine.transpile(deep).ok);
  const limited = engine.transpile(deep, { limits: { maxDepth: 10 } });
  assert.is(limited.ok, false);
  if (!limited.ok) assert.match(limited.diagnostics[0]!.message, /nesting too deep \(limit 10\)/);
  assert.ok(engine.transpile(deep).ok, "and the unlimited run is not served the refusal");
});

test("a plugin that taps `parsed` sees every parse: the cache steps aside", () => {
  const engine = createEngine().useParseCache(new ParseCache({ minChars: 1 }));
  let parses = 0;
  engine.hooks.parsed.tap("count", () => void parses++);
  for (let i = 0; i < 3; i++) assert.ok(engine.transpile(W3).ok);
  assert.is(parses, 3);
});

test("a source is kept on its second sighting; the cache is bounded by characters and entries, least recently used out first", () => {
  const cache = new ParseCache({ maxChars: 10_000, maxEntries: 3, minChars: 10 });
  let parses = 0;
  const parse = (source: string, context = "") =>
    cache.parse(source, context, () => {
      parses++;
      return { lines: source } as unknown as ParseResult;
    });
  /** Parses `source` and says whether the cache answered. */
  const hit = (source: string, context = ""): boolean => {
    const before = parses;
    parse(source, context);
    return parses === before;
  };
  const [a, b, c] = ["a", "b", "c"].map((t) => sourceOf(4000, t)) as [string, string, string];
  assert.is(hit(a), false, "first sighting: parsed");
  assert.is(cache.size, 0, "and not kept");
  assert.is(hit(a), false, "second sighting: parsed and kept");
  assert.is(hit(a), true);
  assert.is(hit(a, "other context"), false, "the context is part of the key");
  hit(b);
  hit(b);
  assert.is(hit(a), true, "a is now the most recently used");
  hit(c);
  hit(c); // 12,000 characters: the least recently used (b) goes
  assert.is(cache.size, 2);
  assert.is(hit(a), true);
  assert.is(hit(c), true);
  assert.is(hit(b), false);
  for (const s of ["x", "y", "z", "w"].map((t) => t.repeat(20))) {
    hit(s);
    hit(s);
  }
  assert.is(cache.size, 3, "entries bounded");
  assert.is(hit("tiny"), false);
  assert.is(hit("tiny"), false, "below minChars: never kept");
  const huge = "q".repeat(20_000);
  hit(huge);
  assert.is(hit(huge), false, "larger than the whole cache: never kept");
});

test("a stream of one-off sources keeps nothing", () => {
  const cache = new ParseCache({ minChars: 10 });
  for (let i = 0; i < 1000; i++) cache.parse(`source number ${i} ...`, "", () => ({}) as ParseResult);
  assert.is(cache.size, 0);
});

test("the package exports the cache as jsson/parse-cache", async () => {
  const specifier = "jsson/parse-cache"; // resolved through package.json "exports" (self-reference)
  const exported = (await import(specifier)) as { ParseCache: typeof ParseCache };
  assert.ok(exported.ParseCache === ParseCache);
});

test.run();
