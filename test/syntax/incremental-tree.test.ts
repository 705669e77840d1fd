/**
 * The editor's tree rebuilt after edits (core/syntax/incremental-tree.ts) is
 * the tree a build from scratch gives: same green structure, same tokens,
 * same text, and no string without its closing quote before the place the
 * rebuilt tree says there is none before, after every edit of a chain of
 * random edits (bytes, brackets, quotes of every form, line breaks, comment
 * starters, `else`, commas; deletions) on the corpus of the syntax
 * properties (test/fuzz/syntax-corpus.ts), on a text with independent
 * syntax errors (its error nodes rebuilt as a fresh parse makes them) and
 * on W3. And it is incremental:
 * an edit inside one top-level item of W3 reuses every other top-level node
 * as the same object.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { editableTree, editedTree, type EditableTree } from "../../core/syntax/incremental-tree.js";
import { GreenNode, GreenToken, printGreen, type GreenElement } from "../../core/syntax/syntax-tree.js";
import { REPO_ROOT } from "../support/repo-root.js";
import { syntaxCorpus } from "../fuzz/syntax-corpus.js";
import { fcParams } from "../fuzz/fuzz-settings.js";
import { TOKENS } from "../fuzz/text-arbitrary.js";
import { FIVE_ERRORS } from "./five-errors.js";

const W3 = readFileSync(join(REPO_ROOT, "bench", "workloads", "w3.jsson"), "utf8");
const corpus = syntaxCorpus();

/** One edit: `remove` characters at a fraction of the text replaced by `insert`. */
interface Edit {
  readonly at: number;
  readonly remove: number;
  readonly insert: string;
}

const PIECES = ["{", "}", "[", "]", "(", ")", '"', '"""', "```", "`", "${", "\n", "\n\n", "//", "// c\n", ",", "else", "} else {", "...", ".", "@", "=", ":=", "x", "1", " ", "\r", "\\"];
const editArb: fc.Arbitrary<Edit> = fc.record({
  at: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
  remove: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 7, max: 200 })),
  insert: fc.oneof(fc.constant(""), fc.constantFrom(...PIECES), fc.constantFrom(...TOKENS), fc.string({ unit: "binary", maxLength: 4 }), fc.array(fc.constantFrom(...PIECES), { maxLength: 4 }).map((p) => p.join(""))),
});

function apply(text: string, e: Edit): string {
  const at = Math.floor(e.at * (text.length + 1));
  return text.slice(0, at) + e.insert + text.slice(Math.min(text.length, at + e.remove));
}

/** Whether two green trees are the same structure with the same tokens (a loop: trees can be deep). */
function sameGreen(a: GreenElement, b: GreenElement): string | undefined {
  const stack: [GreenElement, GreenElement][] = [[a, b]];
  for (let p = stack.pop(); p !== undefined; p = stack.pop()) {
    const [x, y] = p;
    if (x === y) continue;
    if (x instanceof GreenToken || y instanceof GreenToken) {
      if (!(x instanceof GreenToken && y instanceof GreenToken && x.kind === y.kind && x.text === y.text)) return `token ${JSON.stringify([x.kind, printGreen(x)])} vs ${JSON.stringify([y.kind, printGreen(y)])}`;
      continue;
    }
    if (x.kind !== y.kind || x.children.length !== y.children.length || x.width !== y.width) return `node ${x.kind}/${x.children.length} vs ${y.kind}/${y.children.length}: ${JSON.stringify(printGreen(x).slice(0, 80))}`;
    for (let i = 0; i < x.children.length; i++) stack.push([x.children[i] as GreenElement, y.children[i] as GreenElement]);
  }
  return undefined;
}

/** Apply `edits` one after another, each to the tree of the last; after each, the tree is the fresh one. */
function checkChain(text: string, edits: readonly Edit[]): void {
  const texts: string[] = [];
  let t = text;
  for (const e of edits) texts.push((t = apply(t, e)));
  checkTexts(editableTree(text), texts);
}

/** Each text's tree built from the tree of the one before is its fresh tree. */
function checkTexts(first: EditableTree, texts: readonly string[]): void {
  let tree = first;
  for (const next of texts) {
    tree = editedTree(tree, next);
    const fresh = editableTree(next);
    const where = JSON.stringify(next.length > 300 ? next.slice(0, 300) + "…" : next);
    const diff = sameGreen(tree.green, fresh.green);
    assert.is(diff, undefined, `incremental vs fresh: ${diff} in ${where}`);
    assert.is(printGreen(tree.green), next, `prints back: ${where}`);
    assert.ok(tree.stringsClosedBefore <= fresh.stringsClosedBefore, `a string without its closing quote at ${fresh.stringsClosedBefore}, before ${tree.stringsClosedBefore}: ${where}`);
  }
}

test("property: chains of random edits on the corpus give the fresh tree", () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: corpus.length - 1 }), fc.array(editArb, { minLength: 1, maxLength: 6 }), (i, edits) => {
      checkChain(corpus[i] as string, edits);
    }),
    fcParams(700),
  );
});

test("property: chains of random edits on W3 give the fresh tree", () => {
  fc.assert(
    fc.property(fc.array(editArb, { minLength: 1, maxLength: 4 }), (edits) => {
      checkChain(W3, edits);
    }),
    fcParams(25),
  );
});

/** Five independent syntax errors, text the lexer refuses, brackets left open. */
const BROKEN = `${FIVE_ERRORS}# note
z = [[[1, 2}
last = 1
`;

function errorNodes(green: GreenNode): number {
  let n = 0;
  const stack: GreenElement[] = [green];
  for (let e = stack.pop(); e !== undefined; e = stack.pop()) if (e instanceof GreenNode) {
    if (e.kind === "error") n++;
    stack.push(...e.children);
  }
  return n;
}

test("property: chains of random edits on a broken text give the fresh tree, error nodes included", () => {
  assert.ok(errorNodes(editableTree(BROKEN).green) >= 6);
  fc.assert(
    fc.property(fc.array(editArb, { minLength: 1, maxLength: 6 }), (edits) => {
      checkChain(BROKEN, edits);
    }),
    fcParams(400),
  );
});

/** W3 with `insert` put `offset` characters after the first `anchor`: the tree before, the text and tree after, and the old top-level children. */
function editW3(anchor: string, offset: number, insert: string): { before: EditableTree; text: string; after: EditableTree; old: Set<GreenElement> } {
  const before = editableTree(W3);
  const at = W3.indexOf(anchor) + offset;
  const text = W3.slice(0, at) + insert + W3.slice(at);
  return { before, text, after: editedTree(before, text), old: new Set(before.green.children) };
}

test("an edit that breaks one member of W3 makes it an error node and reuses every other top-level node; undoing it gives the member back", () => {
  const { before, text, after, old } = editW3("port = basePort + 10\n", "port =".length, " =");
  const changed = after.green.children.filter((c) => c instanceof GreenNode && !old.has(c)) as GreenNode[];
  assert.equal(
    changed.map((c) => printGreen(c).split("\n")[0]),
    ["svc10 {"],
  );
  assert.is(errorNodes(changed[0] as GreenNode), 1);
  const broken = (changed[0] as GreenNode).children.find((c) => c instanceof GreenNode && c.kind === "object") as GreenNode;
  assert.ok(broken.children.some((c) => c instanceof GreenNode && c.kind === "error" && printGreen(c) === "port = = basePort + 10"));
  assert.is(sameGreen(after.green, editableTree(text).green), undefined);
  const undone = editedTree(after, W3);
  assert.is(errorNodes(undone.green), 0);
  assert.is(sameGreen(undone.green, before.green), undefined);
});

test("edits that change how the rest reads: a bracket or a string left open, closed again, an `else` joining the item before, a byte-order mark", () => {
  for (const text of ['a = 1\nb { c = "x" }\nd = [1, 2]\ne = `t`\nf = 2\n', '\ufeffa = 1\nb = 2 c = 3\n']) {
    const tree = editableTree(text);
    for (let at = 0; at <= text.length; at++) {
      for (const insert of ["{", "}", "[", '"', '"""', "`", "//", "\n", "else ", "} else {", "...", "1", "\ufeff"]) checkTexts(tree, [text.slice(0, at) + insert + text.slice(at), text]);
      if (at < text.length) checkTexts(tree, [text.slice(0, at) + text.slice(at + 1), text]);
    }
  }
});

test("an edit inside one top-level item of W3 rebuilds that item only: every other top-level node is reused", () => {
  const { text, after, old } = editW3("port = basePort + 10\n", "port = basePort + 1".length, "7");
  const members = after.green.children.filter((c) => c instanceof GreenNode);
  const reused = members.filter((c) => old.has(c)).length;
  assert.ok(members.length > 200, `${members.length} top-level members`);
  assert.is(reused, members.length - 1, "all but the edited member are the old nodes");
  assert.is(sameGreen(after.green, editableTree(text).green), undefined);
});

test("an edit that opens a bracket in the middle of W3 reuses the members before it", () => {
  const { text, after, old } = editW3("svc100 {", "svc100 {".length, "{");
  const kept = after.green.children.findIndex((c) => !old.has(c));
  assert.ok(kept > 100, `the first ${kept} children reused`);
  assert.is(sameGreen(after.green, editableTree(text).green), undefined);
});

test.run();
