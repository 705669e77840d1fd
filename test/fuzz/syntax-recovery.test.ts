/**
 * Error recovery in the parser (LANGUAGE.md §13.1 [D9]), as properties over
 * the conformance inputs (when ../shared is there), the repository's
 * examples and mistakes corpus, random mutations of them and random text:
 * the parser never throws; it reports at most 50 diagnostics, strictly in
 * source order; it fails exactly when a parse that stops at the first error
 * (`maxErrors: 1`) fails, and its first diagnostic is that parse's one.
 * Hostile inputs that throw an error at every token still end with 50.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { parseProgram, MAX_SYNTAX_ERRORS, type ParseResult } from "../../core/syntax/parser.js";
import { DEFAULT_LIMITS } from "../../core/values/limits.js";
import { syntaxCorpus } from "./syntax-corpus.js";
import { fcParams } from "./fuzz-settings.js";
import { mutateAll, mutationArb } from "./mutation.js";
import { anyTextArb, tokenSoupArb } from "./text-arbitrary.js";

const limits = { maxDepth: DEFAULT_LIMITS.maxDepth, maxSourceLength: DEFAULT_LIMITS.maxSourceLength };

const corpus = syntaxCorpus();

/** The recovery properties for one text; returns the number of diagnostics. */
function checkRecovery(text: string): number {
  let all: ParseResult;
  let first: ParseResult;
  try {
    all = parseProgram(text, limits);
    first = parseProgram(text, { ...limits, maxErrors: 1 });
  } catch (e) {
    throw new Error(`the parser threw on ${JSON.stringify(text)}: ${String(e)}`);
  }
  assert.is(all.diagnostic === undefined, first.diagnostic === undefined, `fails with recovery iff without: ${JSON.stringify(text)}`);
  if (all.diagnostic === undefined) return 0;
  const ds = all.diagnostics;
  assert.ok(ds.length >= 1 && ds.length <= MAX_SYNTAX_ERRORS, `${ds.length} diagnostics`);
  assert.equal(ds[0], all.diagnostic);
  assert.equal(all.diagnostic, first.diagnostic, `the first diagnostic is the one without recovery: ${JSON.stringify(text)}`);
  assert.is(first.diagnostics?.length, 1);
  for (let i = 1; i < ds.length; i++) {
    assert.ok((ds[i]?.start ?? -1) > (ds[i - 1]?.start ?? 0), `source order at ${i}: ${JSON.stringify(text)}`);
  }
  return ds.length;
}

test("the corpus is there, parses, and passes the properties unmutated", () => {
  assert.ok(corpus.length >= 40, `${corpus.length} texts`);
  for (const text of corpus) checkRecovery(text);
});

test("property: mutated corpus texts", () => {
  let several = 0;
  fc.assert(
    fc.property(fc.integer({ min: 0, max: corpus.length - 1 }), fc.array(mutationArb, { minLength: 1, maxLength: 8 }), (i, ms) => {
      if (checkRecovery(mutateAll(corpus[i] as string, ms)) > 1) several++;
    }),
    fcParams(1500),
  );
  assert.ok(several > 0, "no mutated text ever had more than one error");
});

test("property: random text and token soup", () => {
  fc.assert(
    fc.property(fc.oneof(anyTextArb(), tokenSoupArb(60)), (text) => {
      checkRecovery(text);
    }),
    fcParams(1500),
  );
});

// `[`×n `}`×n: recovery skips n closers that match nothing open (each once: this took minutes when each searched the n openers)
test("an error at every token: 50 diagnostics, the parse ends (every recovery consumes a token)", () => {
  for (const text of ["$".repeat(100_000), "= ".repeat(100_000), "a = = 1\n".repeat(20_000), "x [ ".repeat(2_000) + ",,".repeat(10_000), "}])".repeat(30_000), "a = (\n".repeat(10_000), "[".repeat(50_000) + "}".repeat(50_000)]) {
    const r = parseProgram(text, limits);
    assert.ok(r.diagnostic !== undefined);
    assert.ok(r.diagnostics.length <= MAX_SYNTAX_ERRORS, `${r.diagnostics.length}`);
    assert.equal(r.diagnostic, parseProgram(text, { ...limits, maxErrors: 1 }).diagnostic);
  }
  assert.is(parseProgram("$".repeat(1000), limits).diagnostics?.length, 50);
  assert.is(parseProgram("a = = 1\n".repeat(1000), limits).diagnostics?.length, 50);
});

test("the members of a conditional branch recover like an object body's: every error in each branch", () => {
  const text = `server {
  if (prod) {
    port = = 80
    host = "a" "b"
  } else {
    port = = 8080
  }
}
`;
  const r = parseProgram(text, limits);
  assert.equal(
    r.diagnostics?.map((d) => [d.code, text.slice(0, d.start).split("\n").length]),
    [
      ["JSSON2001", 3],
      ["JSSON2002", 4],
      ["JSSON2001", 6],
    ],
  );
  checkRecovery(text);
});

test.run();
