/**
 * The syntax room's entry for this repository's editor tooling (the
 * language server): the lossless tree of any text and the words of the
 * language. Not the package's API (core/index.ts is); the import walls
 * (test/core/import-walls.test.ts) let cli/lsp reach the syntax room only
 * through here.
 */
import { Lexer } from "./lexer.js";
import { documentTree } from "./parse-tree.js";
import { GreenNode, SyntaxNode } from "./syntax-tree.js";

export { GreenNode, GreenToken, SyntaxNode, SyntaxToken, isTrivia } from "./syntax-tree.js";
export type { GreenElement, NodeKind, TreeTokenKind } from "./syntax-tree.js";
export { KEYWORDS, KEY_FOLLOWERS } from "./tokens.js";
export { editableTree, editedTree, type EditableTree } from "./incremental-tree.js";

/**
 * The tree of `source` as it stands, starting at offset `at` (a part of a
 * larger text, such as a template's `${…}`, gets that text's offsets): the
 * parser's tree, each item that holds a syntax error an `error` node (an
 * editor gets the errors themselves from evaluation).
 */
export function editorSyntaxTree(source: string, at = 0): SyntaxNode {
  return new SyntaxNode(new GreenNode("document", documentTree(source).children), at, undefined);
}

/** The value of a string token of a tree (its text as written, quotes and escapes included): what the lexer reads it as. */
export function stringValue(written: string): string {
  return new Lexer(written).next().text;
}
