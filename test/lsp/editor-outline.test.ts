/**
 * The editor's tokens and outline, read off the syntax tree, hold for any
 * text: they never throw, tokens come in order inside the text, and every
 * bracket pair and definition lies inside it — so a document in any state
 * of editing still gets its editor features.
 */
import fc from "fast-check";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { editorSyntaxTree } from "../../core/syntax/index.js";
import { outlineDocument } from "../../cli/lsp/document-outline.js";
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

test.run();
