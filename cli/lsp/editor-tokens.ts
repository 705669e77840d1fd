/**
 * A document's tokens as an editor colours them, read off its syntax tree
 * (core/syntax): comments and significant tokens in source order, and each
 * backtick template split into its text and its `${…}` parts, whose code is
 * a tree of its own.
 */
import { editorSyntaxTree, GreenNode, type GreenElement, type GreenToken, type SyntaxNode, type TreeTokenKind } from "../../core/syntax/index.js";

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
  return elementTokens(tree.green, tree.start);
}

/** The tokens of each top-level item by its green node, at the offset they were read at (an entry goes with its node). */
const ITEM_TOKENS = new WeakMap<GreenNode, { at: number; tokens: EditorToken[] }>();

/**
 * The editor tokens of `child`, a child of a document's tree at offset `at`
 * (a top-level item or a token between items). An item's are kept by its
 * green node, which the document's next versions share while an edit does
 * not reach it (core/syntax/incremental-tree.ts): read again only when it
 * moved.
 */
export function childTokens(child: GreenElement, at: number): readonly EditorToken[] {
  if (!(child instanceof GreenNode)) return elementTokens(child, at);
  const known = ITEM_TOKENS.get(child);
  if (known?.at === at) return known.tokens;
  const tokens = elementTokens(child, at);
  ITEM_TOKENS.set(child, { at, tokens });
  return tokens;
}

/** The comments and significant tokens of the green element `root` at offset `at`, in order. */
function elementTokens(root: GreenElement, at: number): EditorToken[] {
  const out: EditorToken[] = [];
  // the green tree walked with a running offset: no cursor object per token (W3 has 100,000 of them, trivia included)
  const stack: GreenElement[] = [root];
  for (let e = stack.pop(); e !== undefined; e = stack.pop()) {
    if (e instanceof GreenNode) {
      for (let i = e.children.length - 1; i >= 0; i--) stack.push(e.children[i] as GreenElement);
      continue;
    }
    const start = at;
    const text = e.text;
    at += text.length;
    const kind = e.kind;
    if (kind === "whitespace" || kind === "newline" || kind === "bom") continue;
    if (kind !== "template") {
      out.push({ kind: kind === "error" ? "invalid" : kind, text, start, end: at });
      continue;
    }
    let piece = start;
    for (const part of interpolations(e, start)) {
      out.push({ kind: "template", text: text.slice(piece - start, part.start - 2 - start), start: piece, end: part.start - 2 });
      out.push({ kind: "interp", text: "${", start: part.start - 2, end: part.start });
      out.push(...editorTokens(part.code));
      out.push({ kind: "interp", text: "}", start: part.end, end: part.end + 1 });
      piece = part.end + 1;
    }
    out.push({ kind: "template", text: text.slice(piece - start), start: piece, end: at });
  }
  return out;
}

/** The parts of each template token, found once for the tokens and the outline of a version (a green token is in one place of one tree). */
const PARTS = new WeakMap<GreenToken, { at: number; parts: Interpolation[] }>();

/** A `${…}` of a template: where its code starts and ends, and the code's tree. */
export interface Interpolation {
  readonly start: number;
  readonly end: number;
  readonly code: SyntaxNode;
}

/**
 * The `${…}` parts of the template token `token` at offset `at`. The braces
 * pair up as the parser pairs them (LANGUAGE.md §2.6): by counting, up to
 * the first `${` left open.
 */
export function interpolations(token: GreenToken, at: number): readonly Interpolation[] {
  const known = PARTS.get(token);
  if (known?.at === at) return known.parts;
  const text = token.text;
  const parts: Interpolation[] = [];
  for (let open = text.indexOf("${"); open >= 0; open = text.indexOf("${", open)) {
    let depth = 1;
    let j = open + 2;
    for (; j < text.length - 1 && depth > 0; j++) {
      const c = text.charCodeAt(j);
      if (c === 123) depth++;
      else if (c === 125) depth--;
    }
    if (depth > 0) break;
    parts.push({ start: at + open + 2, end: at + j - 1, code: editorSyntaxTree(text.slice(open + 2, j - 1), at + open + 2) });
    open = j;
  }
  PARTS.set(token, { at, parts });
  return parts;
}
