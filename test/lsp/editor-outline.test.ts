/**
 * The editor's tokens and outline, read off the syntax tree, hold for any
 * text: they never throw, tokens come in order inside the text, and every
 * bracket pair and definition lies inside it — so a document in any state
 * of editing still gets its editor features. The outline of a tree rebuilt
 * after edits (its items' outlines reused or moved) is the outline of the
 * fresh tree.
 */
import fc from "fast-check";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { editableTree, editedTree, editorSyntaxTree, SyntaxNode, type EditableTree } from "../../core/syntax/index.js";
import { outlineDocument, type Definition, type DocumentOutline } from "../../cli/lsp/document-outline.js";
import { REPO_ROOT } from "../support/repo-root.js";
import { editorTokens } from "../../cli/lsp/editor-tokens.js";

const PIECES = ["a", "b1", "=", ":=", ":", "{", "}", "[", "]", "(", ")", ",", ".", "..", "`x${a}y`", "`${", '"s"', '"""r"""', "```f```", '"', "`", "//c\n", "\n", " ", "1", "2.5", "10px", "@preset", "@use", '@"p"', "include", "map", "template", "step", "?", "+", "é", "\u{1F600}", "$", "#"];

test("any text: editorTokens and outlineDocument never throw; tokens are ordered and inside the text", () => {
  fc.assert(
    fc.property(fc.oneof(fc.string({ maxLength: 200 }), fc.array(fc.constantFrom(...PIECES), { maxLength: 80 }).map((p) => p.join(""))), (text) => {
      const tree = editorSyntaxTree(text);
      const tokens = editorTokens(tree);
      let last = 0;
      for (const t of tokens) {
        assert.ok(t.start >= last && t.end >= t.start && t.end <= text.length, `token ${JSON.stringify(t)} in ${JSON.stringify(text)}`);
        last = t.end;
      }
      const o = outlineDocument(tree);
      for (const p of o.pairs) assert.ok(p.open < p.close && p.close < text.length);
      for (const d of o.definitions) assert.ok(d.nameStart <= d.nameEnd && d.nameEnd <= text.length && d.scopeStart <= d.scopeEnd);
    }),
    { numRuns: 500 },
  );
});

test("a long member chain and deep nesting finish (no quadratic chains, no recursion)", () => {
  const chain = "x = " + Array.from({ length: 50_000 }, (_, i) => `a${i}`).join(".");
  const o = outlineDocument(editorSyntaxTree(chain));
  assert.ok(o.uses.length <= 65, `${o.uses.length} uses recorded`);
  const deep = "x = " + "[".repeat(100_000) + "]".repeat(100_000);
  assert.is(outlineDocument(editorSyntaxTree(deep)).pairs.length, 100_000);
});

/** An outline as plain data (definitions by index: they point at each other), to compare two outlines. */
function plain(o: DocumentOutline): unknown {
  const at = new Map(o.definitions.map((d, i) => [d, i]));
  const index = (d: Definition | undefined): number => (d === undefined ? -1 : (at.get(d) ?? -2));
  return {
    definitions: o.definitions.map((d) => [d.kind, d.name, d.nameStart, d.nameEnd, d.start, d.end, index(d.parent), d.children.map(index), d.quoted, d.scopeStart, d.scopeEnd]),
    roots: o.roots.map(index),
    uses: o.uses,
    presetUses: o.presetUses,
    includes: o.includes,
    includeValues: [...o.includeValues].map(([d, r]) => [index(d), o.includes.indexOf(r)]),
    pairs: o.pairs,
  };
}

const W3 = readFileSync(join(REPO_ROOT, "bench", "workloads", "w3.jsson"), "utf8");
const SAMPLE = 'base := include "b.jsson"\n@preset "p" { a = 1 }\nx = 1\ny { z = [1, { w = x }], t = `${x}` }\nm = 0..3 map (i) = i\nu = @use "p" { b = base.k }\n';
const outlineOf = (t: EditableTree): DocumentOutline => outlineDocument(new SyntaxNode(t.green, 0, undefined));

test("after edits, the outline of the rebuilt tree (items reused, moved or read again) is the fresh tree's", () => {
  const edit = fc.record({ at: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), remove: fc.integer({ min: 0, max: 8 }), insert: fc.array(fc.constantFrom(...PIECES), { maxLength: 3 }).map((p) => p.join("")) });
  fc.assert(
    fc.property(fc.constantFrom(SAMPLE, SAMPLE.repeat(3), SAMPLE.repeat(10), W3), fc.array(edit, { minLength: 1, maxLength: 4 }), (start, edits) => {
      let tree = editableTree(start);
      outlineOf(tree);
      for (const e of edits) {
        const at = Math.floor(e.at * (tree.text.length + 1));
        const text = tree.text.slice(0, at) + e.insert + tree.text.slice(at + e.remove);
        tree = editedTree(tree, text);
        assert.equal(plain(outlineOf(tree)), plain(outlineDocument(editorSyntaxTree(text))), `after an edit at ${at}: ${JSON.stringify(text.slice(Math.max(0, at - 40), at + 40))}`);
      }
    }),
    { numRuns: 60, seed: 25 },
  );
});

test.run();
