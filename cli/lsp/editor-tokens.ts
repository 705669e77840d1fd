/**
 * A document's tokens as an editor colours them, read off its syntax tree
 * (core/syntax): comments and significant tokens in source order, and each
 * backtick template split into its text and its `${…}` parts, whose code is
 * a tree of its own.
 */
import { editorSyntaxTree, type SyntaxNode, type TreeTokenKind } from "../../core/syntax/index.js";

/** What an editor token is. `template` is template text; `interp` is a `${` or its closing `}`; `invalid` is text the lexer refused. */
export type EditorTokenKind = Exclude<TreeTokenKind, "whitespace" | "newline" | "bom" | "error"> | "interp" | "invalid";

/** A token with its span (UTF-16 offsets into the document) and its text as written. */
export interface EditorToken {
  readonly kind: EditorTokenKind;
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

/** The comments and significant tokens under `tree`, in order. */
export function editorTokens(tree: SyntaxNode): EditorToken[] {
  const out: EditorToken[] = [];
  for (const t of tree.tokens()) {
    const kind = t.kind;
    if (kind === "whitespace" || kind === "newline" || kind === "bom") continue;
    if (kind !== "template") {
      out.push({ kind: kind === "error" ? "invalid" : kind, text: t.text, start: t.start, end: t.end });
      continue;
    }
    let piece = t.start;
    for (const part of interpolations(t.text, t.start)) {
      out.push({ kind: "template", text: t.text.slice(piece - t.start, part.start - 2 - t.start), start: piece, end: part.start - 2 });
      out.push({ kind: "interp", text: "${", start: part.start - 2, end: part.start });
      out.push(...editorTokens(part.code));
      out.push({ kind: "interp", text: "}", start: part.end, end: part.end + 1 });
      piece = part.end + 1;
    }
    out.push({ kind: "template", text: t.text.slice(piece - t.start), start: piece, end: t.end });
  }
  return out;
}

/**
 * The `${…}` parts of a template token `text` at offset `at`: where each
 * one's code starts and ends, and its tree. The braces pair up as the parser
 * pairs them (LANGUAGE.md §2.6): by counting, up to the first `${` left open.
 */
export function interpolations(text: string, at: number): { start: number; end: number; code: SyntaxNode }[] {
  const out: { start: number; end: number; code: SyntaxNode }[] = [];
  for (let open = text.indexOf("${"); open >= 0; open = text.indexOf("${", open)) {
    let depth = 1;
    let j = open + 2;
    for (; j < text.length - 1 && depth > 0; j++) {
      const c = text.charCodeAt(j);
      if (c === 123) depth++;
      else if (c === 125) depth--;
    }
    if (depth > 0) break;
    out.push({ start: at + open + 2, end: at + j - 1, code: editorSyntaxTree(text.slice(open + 2, j - 1), at + open + 2) });
    open = j;
  }
  return out;
}
