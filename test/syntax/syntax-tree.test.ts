/**
 * The concrete syntax tree the parser builds (core/syntax/parse-tree.ts), as
 * properties over the corpus of test/fuzz/syntax-recovery.test.ts (the
 * conformance inputs when ../shared is there, the examples, the mistakes
 * corpus) plus the bench workloads, random mutations of them, random text
 * and token soup: a tree is always built; its tokens cover the text without
 * gap or overlap and print it back byte for byte; its errors are the
 * parser's (the first one the parse that stops there reports); each error
 * starts inside an `error` node (or at the closer right after it), and a
 * text without errors has none.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { join } from "node:path";
import { parseProgram } from "../../core/syntax/parser.js";
import { parseTree } from "../../core/syntax/parse-tree.js";
import { SyntaxNode } from "../../core/syntax/syntax-tree.js";
import { DEFAULT_LIMITS } from "../../core/values/limits.js";
import { REPO_ROOT } from "../support/repo-root.js";
import { jssonIn, syntaxCorpus } from "../fuzz/syntax-corpus.js";
import { fcParams } from "../fuzz/fuzz-settings.js";
import { mutateAll, mutationArb } from "../fuzz/mutation.js";
import { anyTextArb, tokenSoupArb } from "../fuzz/text-arbitrary.js";
import { FIVE_ERRORS } from "./five-errors.js";

const limits = { maxDepth: DEFAULT_LIMITS.maxDepth, maxSourceLength: DEFAULT_LIMITS.maxSourceLength };

const corpus = [...syntaxCorpus(), ...jssonIn(join(REPO_ROOT, "bench", "workloads"))];

/** Counts over every text checked, for the closing line. */
const seen = { texts: 0, broken: 0, errors: 0, errorNodes: 0 };

/** The tree's properties for one text. */
function checkTree(text: string): void {
  const t = parseTree(text, limits);
  const where = JSON.stringify(text.length > 400 ? text.slice(0, 400) + "…" : text);
  assert.is(t.root.text(), text, `prints back: ${where}`);
  assert.is(t.root.start, 0);
  assert.is(t.root.end, text.length);
  let pos = 0;
  for (const tok of t.root.tokens()) {
    assert.is(tok.start, pos, `tokens are contiguous: ${where}`);
    assert.ok(tok.text.length > 0, `no empty token: ${where}`);
    pos = tok.end;
  }
  assert.is(pos, text.length);
  const parsed = parseProgram(text, limits);
  assert.equal(t.diagnostics, parsed.diagnostic === undefined ? [] : parsed.diagnostics, `the parser's errors: ${where}`);
  const errorNodes = [...t.root.descendants()].filter((n) => n.kind === "error");
  seen.texts++;
  seen.errorNodes += errorNodes.length;
  if (t.diagnostics.length === 0) {
    assert.is(errorNodes.length, 0, `no error node without an error: ${where}`);
    return;
  }
  seen.broken++;
  seen.errors += t.diagnostics.length;
  assert.equal(t.diagnostics[0], parseProgram(text, { ...limits, maxErrors: 1 }).diagnostic, `the first error is the one without recovery: ${where}`);
  const emptyAtEnd = errorNodes.some((n) => n.start === text.length && n.end === text.length);
  for (const d of t.diagnostics) {
    // in the node, or at the closer right after it (`(1 + }`: the item is broken, the `}` closes its list)
    const inNode = errorNodes.some((n) => n.start <= d.start && (d.start < n.end || text.slice(n.end, d.start).trim() === ""));
    assert.ok(inNode || emptyAtEnd, `error ${d.code} at ${d.start} is in an error node: ${where}`);
  }
}

test("the corpus is there and every text's tree passes", () => {
  assert.ok(corpus.length >= 40, `${corpus.length} texts`);
  for (const text of corpus) checkTree(text);
});

test("property: mutated corpus texts", () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: corpus.length - 1 }), fc.array(mutationArb, { minLength: 1, maxLength: 8 }), (i, ms) => {
      checkTree(mutateAll(corpus[i] as string, ms));
    }),
    fcParams(1500),
  );
});

test("property: random text and token soup", () => {
  fc.assert(
    fc.property(fc.oneof(anyTextArb(), tokenSoupArb(60)), (text) => {
      checkTree(text);
    }),
    fcParams(1500),
  );
});

test("a document with five independent syntax errors: five errors, five error nodes, the rest members", () => {
  const text = FIVE_ERRORS;
  const t = parseTree(text, limits);
  const lineOf = (offset: number): number => text.slice(0, offset).split("\n").length;
  assert.equal(
    t.diagnostics.map((d) => [d.code, lineOf(d.start)]),
    [
      ["JSSON2001", 2],
      ["JSSON2002", 3],
      ["JSSON2002", 5],
      ["JSSON2001", 8],
      ["JSSON1001", 10],
    ],
  );
  const errors = [...t.root.descendants()].filter((n) => n.kind === "error").map((n) => n.text());
  assert.equal(errors, ["port = = 8080", "1 2", 'host = "a" "b"', "max = (1 +", "debug = $"]);
  const members = [...t.root.descendants()].filter((n) => n.kind === "member").map((n) => n.text().split("\n")[0]);
  assert.equal(members, ['name = "shop"', "tags = [web, 1 2, \"x\"]", "server {", "ok = true", "limits { max = (1 + }", "retries = 3"]);
  checkTree(text);
});

test("nodes: kinds and offsets of a small document", () => {
  const text = "// head\na = [1, {b: 2}]\n";
  const t = parseTree(text, limits);
  const shape = [...t.root.descendants()].map((n) => `${n.kind}@${n.start}-${n.end}`);
  assert.equal(shape, ["document@0-24", "member@8-23", "array@12-23", "element@13-14", "element@16-22", "object@16-22", "member@17-21"]);
  const kinds = t.root.children().map((c) => c.kind);
  assert.equal(kinds, ["comment", "newline", "member", "newline"]);
  assert.ok(t.root.children()[2] instanceof SyntaxNode);
});

test("hostile shapes build without recursion: deep brackets, stray closers, an unterminated string, a byte-order mark", () => {
  for (const text of ["[".repeat(100_000), "{(".repeat(50_000) + "}".repeat(50_000), "}])".repeat(30_000), 'a = "open\nb = 2', "\ufeffa = 1\n", "a = 1\r\nb = 2\r\n"]) {
    const t = parseTree(text, limits);
    assert.is(t.root.text(), text);
  }
});

test("past the nesting limit and past 50 errors the parse goes on for the tree: the rest keeps its nodes, no error is added", () => {
  const deep = "x = " + "[".repeat(2000) + "]".repeat(2000) + "\ny = 1\n";
  const t = parseTree(deep, limits);
  assert.equal(
    t.diagnostics.map((d) => d.code),
    ["JSSON6001"],
  );
  assert.is(t.root.text(), deep);
  const nodes = [...t.root.descendants()];
  assert.is(nodes.filter((n) => n.kind === "array").length, 2000, "every bracket a node, the recovery's too");
  assert.equal(
    t.root.children().filter((c) => c instanceof SyntaxNode).map((c) => `${c.kind} ${c.text().slice(0, 5)}`),
    ["member x = [", "member y = 1"],
  );
  assert.is(nodes.filter((n) => n.kind === "error").length, 1, "the innermost item the parser reached holds the error");

  const many = "a = = 1\n".repeat(60) + "ok = 1\n";
  const m = parseTree(many, limits);
  assert.is(m.diagnostics.length, 50);
  const items = m.root.children().filter((c) => c instanceof SyntaxNode);
  assert.is(items.filter((c) => c.kind === "error").length, 60, "the items past the cap are error nodes too");
  assert.is(items[60]?.kind, "member");
  checkTree(deep);
  checkTree(many);
});

test("a text past the size limit is one error node", () => {
  const text = "a = 1\n".repeat(20);
  const t = parseTree(text, { ...limits, maxSourceLength: 50 });
  assert.is(t.root.text(), text);
  assert.equal(
    t.root.children().map((c) => c.kind),
    ["error"],
  );
});

test("counts", () => {
  // the closing note's numbers (texts checked, how many had errors, errors, error nodes)
  console.log(`syntax tree: ${seen.texts} texts, ${seen.broken} with syntax errors, ${seen.errors} errors, ${seen.errorNodes} error nodes`);
  assert.ok(seen.broken > 0 && seen.texts > seen.broken);
});

test.run();
