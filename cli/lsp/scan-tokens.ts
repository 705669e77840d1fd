/**
 * Every token of a document, for an editor: the engine's lexer run to the
 * end of the text even when it fails (a lexical error skips one character
 * and lexing resumes), with the `${…}` parts of templates lexed as code and
 * comments recovered from the gaps between tokens. The parser stops at the
 * first error; these tokens are what a broken document still has.
 */
import { LexError, Lexer } from "../../core/syntax/lexer.js";
import type { Token } from "../../core/syntax/tokens.js";

/** What an editor token is. `template` is template text; `interp` is a `${` or its closing `}`. */
export type EditorTokenKind = Token["kind"] | "comment" | "interp" | "invalid";

/** A token with its span (UTF-16 offsets into the document). */
export interface EditorToken {
  readonly kind: Exclude<EditorTokenKind, "eof">;
  /** Name, keyword, punctuation or number text; string content for strings. */
  readonly text: string;
  readonly start: number;
  readonly end: number;
  /** Nesting of `${…}`: 0 outside templates. */
  readonly depth: number;
}

/** At most this many tokens are scanned (a bound for pathological documents; the rest gets no tokens). */
export const MAX_EDITOR_TOKENS = 2_000_000;

/** All tokens of `text`, in order. Never throws for any input. */
export function scanTokens(text: string): EditorToken[] {
  const out: EditorToken[] = [];
  scanRange(text, 0, text.length, 0, out);
  return out;
}

/**
 * Tokens of `text` from `from`; stops at `stopAtBrace` depth 0 `}` (for a
 * `${…}`), returning the offset after it, or at `to`.
 */
function scanRange(text: string, from: number, to: number, depth: number, out: EditorToken[], stopAtBrace = false): number {
  let lexer = new Lexer(text, from);
  let pos = from;
  let braces = 0;
  while (out.length < MAX_EDITOR_TOKENS) {
    let t: Token;
    try {
      t = lexer.next();
    } catch (e) {
      if (!(e instanceof LexError)) throw e;
      const at = Math.max(pos, e.diagnostic.start);
      comments(text, pos, at, depth, out);
      const end = Math.min(to, Math.max(at + 1, Math.min(e.diagnostic.end, at + 1)));
      if (at >= to) return to;
      out.push({ kind: "invalid", text: text.slice(at, end), start: at, end, depth });
      pos = end;
      lexer = new Lexer(text, pos);
      continue;
    }
    if (t.start >= to || t.kind === "eof") {
      comments(text, pos, to, depth, out);
      return to;
    }
    comments(text, pos, t.start, depth, out);
    if (t.end > to) {
      // a token running past the range (a string opened inside a `${` that the template around it ends first)
      out.push({ kind: "invalid", text: text.slice(t.start, to), start: t.start, end: to, depth });
      return to;
    }
    pos = t.end;
    if (stopAtBrace && t.kind === "punct") {
      if (t.text === "{") braces++;
      else if (t.text === "}") {
        if (braces === 0) {
          out.push({ kind: "interp", text: "}", start: t.start, end: t.end, depth: depth - 1 });
          return t.end;
        }
        braces--;
      }
    }
    if (t.kind === "template") {
      template(text, t.start, t.end, depth, out);
      continue;
    }
    out.push({ kind: t.kind, text: t.text, start: t.start, end: t.end, depth });
  }
  return to;
}

/** A backtick template: text pieces and `${…}` parts. */
function template(text: string, start: number, end: number, depth: number, out: EditorToken[]): void {
  const close = end - 1;
  let p = start;
  let pieceStart = start;
  for (;;) {
    const open = indexWithin(text, "${", p, close);
    if (open < 0) break;
    if (open > pieceStart) out.push({ kind: "template", text: text.slice(pieceStart, open), start: pieceStart, end: open, depth });
    out.push({ kind: "interp", text: "${", start: open, end: open + 2, depth });
    p = scanRange(text, open + 2, close, depth + 1, out, true);
    pieceStart = p;
  }
  out.push({ kind: "template", text: text.slice(pieceStart, end), start: pieceStart, end, depth });
}

/** `//` comments in the trivia between `from` and `to` (trivia holds only spaces and comments). */
function comments(text: string, from: number, to: number, depth: number, out: EditorToken[]): void {
  let p = indexWithin(text, "//", from, to);
  while (p >= 0) {
    let nl = indexWithin(text, "\n", p, to);
    if (nl < 0) nl = to;
    out.push({ kind: "comment", text: text.slice(p, nl), start: p, end: nl, depth });
    p = indexWithin(text, "//", nl, to);
  }
}

/**
 * `needle` in `text` from `from`, starting before `to`, or -1. A plain
 * `indexOf` would search on to the end of the document each time, making a
 * scan quadratic in a file with few comments.
 */
function indexWithin(text: string, needle: string, from: number, to: number): number {
  for (let i = from; i < to; i++) {
    if (text.startsWith(needle, i)) return i;
  }
  return -1;
}
