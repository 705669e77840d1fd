/**
 * The lexer: turns source text into tokens on demand (the parser pulls them),
 * so a 50 MB file never becomes a token array. It allocates no token
 * objects (garbage for the collector): {@link Lexer.scan} leaves the current
 * token in the lexer's own fields (`kind`, `text`, `start`, …), which the
 * parser reads; {@link Lexer.next} wraps it for callers that want token
 * objects. Errors are thrown as {@link LexError}, after the lexer has moved
 * past the offending text, so that scanning on finds the errors after it
 * (the parser reports them all, LANGUAGE.md §13.1).
 */
import { fill, MESSAGES } from "../diagnostics/catalogue.js";
import { quoteInMessage } from "../diagnostics/message-text.js";
import type { RawDiagnostic } from "../diagnostics/make-diagnostic.js";
import { unknownEscapeWarning, type WarningList } from "../diagnostics/warning-list.js";
import type { KEYWORDS, Token, TokenKind } from "./tokens.js";

const IDENT_START = /[\p{L}_]/u;
const IDENT_REST = /[\p{L}\p{Nd}_]*/uy;
const IDENT_CHAR = /[\p{L}\p{Nd}_]/u;
const INT64_MAX = 9223372036854775807n;
const SAFE_MAX = BigInt(Number.MAX_SAFE_INTEGER);

/** Single-character punctuation by char code. */
const ONE_CHAR: readonly (string | undefined)[] = (() => {
  const t: (string | undefined)[] = [];
  for (const ch of "=:?<>.+-*/%!,{}[]()@") t[ch.charCodeAt(0)] = ch;
  return t;
})();

/** The punctuation token starting with char codes `c`, `d` (two-character operators first), or undefined. */
function punctuation(c: number, d: number): string | undefined {
  switch (c) {
    case 58: // :
      if (d === 61) return ":=";
      break;
    case 61: // =
      if (d === 61) return "==";
      break;
    case 33: // !
      if (d === 61) return "!=";
      break;
    case 60: // <
      if (d === 61) return "<=";
      break;
    case 62: // >
      if (d === 61) return ">=";
      break;
    case 38: // &
      return d === 38 ? "&&" : undefined;
    case 124: // |
      return d === 124 ? "||" : undefined;
    case 46: // .
      if (d === 46) return "..";
      break;
  }
  return c < 128 ? ONE_CHAR[c] : undefined;
}

/** Thrown internally to stop at the first lexical error; caught by the parser. */
export class LexError extends Error {
  constructor(readonly diagnostic: RawDiagnostic) {
    super(diagnostic.message);
  }
}

export class Lexer {
  private pos: number;
  private line = 1;

  // ---- the current token, set by scan() -----------------------------------
  /** Its kind. */
  kind: TokenKind = "eof";
  /** Identifier/keyword/punctuation text; string content (escapes applied); number text. */
  text = "";
  start = 0;
  end = 0;
  /** 1-based line of `start`. */
  tokLine = 1;
  /** 1-based line of the token's last character (differs from `tokLine` for multi-line strings). */
  endLine = 1;
  /** For `int` tokens: the value. */
  int: number | bigint | undefined = undefined;
  /** For `template` tokens: offset of the content's first character. */
  contentStart: number | undefined = undefined;
  /** Where lexical warnings go (W5, LANGUAGE.md §16.5); none are collected without it. */
  warnings: WarningList | undefined = undefined;

  constructor(private readonly src: string, start = 0) {
    this.pos = start;
    if (start === 0 && src.charCodeAt(0) === 0xfeff) this.pos = 1;
    this.start = this.end = start;
  }

  /** Where scanning goes on: after a {@link LexError}, the end of the text it skipped. */
  get offset(): number {
    return this.pos;
  }

  /** The next token as an object (for callers that keep tokens); throws {@link LexError} on a lexical error. */
  next(): Token {
    this.scan();
    const { kind, text, start, end, int, contentStart } = this;
    return { kind, text, start, end, line: this.tokLine, endLine: this.endLine, int, contentStart };
  }

  /** Move to the next token, left in this lexer's fields; throws {@link LexError} on a lexical error. */
  scan(): void {
    this.skipTrivia();
    const src = this.src;
    const start = this.pos;
    const line = this.line;
    this.start = start;
    this.tokLine = line;
    this.endLine = line;
    this.int = undefined;
    this.contentStart = undefined;
    if (start >= src.length) {
      this.kind = "eof";
      this.text = "";
      this.end = start;
      return;
    }
    const c = src.charCodeAt(start);

    if (c >= 48 && c <= 57) return this.number(start);
    if (c === 34 /* " */) return this.regularOrRawString(start, line);
    if (c === 96 /* ` */) return this.backtick(start, line);

    if (isIdentStart(c, src, start)) {
      let end = start + 1;
      // ASCII fast path; the Unicode pattern takes over at the first non-ASCII character.
      for (;;) {
        const d = src.charCodeAt(end);
        if ((d >= 97 && d <= 122) || (d >= 65 && d <= 90) || (d >= 48 && d <= 57) || d === 95) end++;
        else break;
      }
      if (end < src.length && src.charCodeAt(end) >= 128) {
        IDENT_REST.lastIndex = start + (c >= 0xd800 && c <= 0xdbff ? 2 : 1);
        IDENT_REST.exec(src);
        end = IDENT_REST.lastIndex;
      }
      const text = src.slice(start, end);
      this.pos = end;
      this.end = end;
      this.text = text;
      this.kind = isKeyword(text) ? "keyword" : "ident";
      return;
    }
    let punct = punctuation(c, src.charCodeAt(start + 1));
    // `...` spreads (§16.3); `..` stays the range operator.
    if (punct === ".." && src.charCodeAt(start + 2) === 46) punct = "...";
    if (punct !== undefined) {
      const end = start + punct.length;
      this.pos = end;
      this.end = end;
      this.kind = "punct";
      this.text = punct;
      return;
    }
    const cp = src.codePointAt(start) ?? c;
    const shown = String.fromCodePoint(cp);
    this.pos = start + shown.length;
    throw new LexError({ ...fill(MESSAGES.illegalCharacter, shown), start, end: start + shown.length });
  }

  private skipTrivia(): void {
    const src = this.src;
    let p = this.pos;
    for (;;) {
      const c = src.charCodeAt(p);
      if (c === 32 || c === 9 || c === 13) p++;
      else if (c === 10) {
        p++;
        this.line++;
      } else if (c === 47 && src.charCodeAt(p + 1) === 47) {
        const nl = src.indexOf("\n", p);
        p = nl < 0 ? src.length : nl;
      } else break;
    }
    this.pos = p;
  }

  private number(start: number): void {
    const src = this.src;
    let p = start;
    // The integer part's value, as the digits go by (exact while it has at most 15 digits): no Number(text) call.
    let value = 0;
    for (let d = src.charCodeAt(p); isDigit(d); d = src.charCodeAt(++p)) value = value * 10 + (d - 48);
    const intDigits = p - start;
    let isFloat = false;
    if (src.charCodeAt(p) === 46 && isDigit(src.charCodeAt(p + 1))) {
      isFloat = true;
      p++;
      while (isDigit(src.charCodeAt(p))) p++;
    }
    const after = src.charCodeAt(p);
    if (p < src.length && (isAsciiNameChar(after) || (after >= 128 && IDENT_CHAR.test(String.fromCodePoint(src.codePointAt(p) ?? 0))))) {
      let q = p;
      while (q < src.length && IDENT_CHAR.test(String.fromCodePoint(src.codePointAt(q) ?? 0))) q += (src.codePointAt(q) ?? 0) > 0xffff ? 2 : 1;
      this.pos = q;
      throw new LexError({ ...fill(MESSAGES.invalidNumber, quoteInMessage(src.slice(start, q))), start, end: q });
    }
    const text = src.slice(start, p);
    if (isFloat) {
      // Digits, a point, digits: only more than 308 digits before the point can pass Number.MAX_VALUE.
      if (intDigits > 308 && !Number.isFinite(Number(text))) {
        this.pos = p;
        throw new LexError({ ...fill(MESSAGES.floatOutOfRange, quoteInMessage(text)), start, end: p });
      }
      this.kind = "float";
    } else {
      let int: number | bigint;
      if (text.length <= 15) int = value;
      else {
        const big = BigInt(text);
        if (big > INT64_MAX) {
          this.pos = p;
          throw new LexError({ ...fill(MESSAGES.integerTooLarge, quoteInMessage(text)), start, end: p });
        }
        // Integers are numbers while safe, bigints beyond (the value representation,
        // see normalizeInt in eval/values.ts); a literal is never negative.
        int = big <= SAFE_MAX ? Number(big) : big;
      }
      this.kind = "int";
      this.int = int;
    }
    this.pos = p;
    this.end = p;
    this.text = text;
  }

  /** No closing quote anywhere after `start`: scanning goes on at the end of the opening line (the likeliest end of the string). */
  private unterminated(start: number): never {
    const nl = this.src.indexOf("\n", start);
    this.pos = nl < 0 ? this.src.length : nl;
    throw new LexError({ ...fill(MESSAGES.unterminatedString), start, end: start + 1 });
  }

  private finishString(kind: "string" | "template", text: string, start: number, end: number, line: number): void {
    const src = this.src;
    // Count within the string only: an `indexOf` that misses searches on to the end of the text, once per string.
    let nl = 0;
    for (let i = start; i < end; i++) if (src.charCodeAt(i) === 10) nl++;
    this.line = line + nl;
    this.pos = end;
    this.kind = kind;
    this.text = text;
    this.end = end;
    this.endLine = line + nl;
  }

  private regularOrRawString(start: number, line: number): void {
    const src = this.src;
    if (src.startsWith('"""', start)) return this.raw('"""', start, line);
    let out = "";
    let segStart = start + 1;
    let p = start + 1;
    for (;;) {
      const c = src.charCodeAt(p);
      if (p >= src.length) this.unterminated(start);
      if (c === 34) break;
      if (c === 92 /* \ */) {
        const n = src[p + 1];
        const rep = n === "n" ? "\n" : n === "t" ? "\t" : n === '"' ? '"' : n === "\\" ? "\\" : undefined;
        if (rep !== undefined) {
          out += src.slice(segStart, p) + rep;
          p += 2;
          segStart = p;
          continue;
        }
        // unknown escape: keep the backslash verbatim; the next char is read normally
        if (this.warnings !== undefined && n !== undefined) this.warnings.add(unknownEscapeWarning(n, p));
        p++;
        continue;
      }
      p++;
    }
    out += src.slice(segStart, p);
    return this.finishString("string", out, start, p + 1, line);
  }

  /** A raw string between `fence`s (`"""` or ```` ``` ````): no escapes. */
  private raw(fence: string, start: number, line: number): void {
    const close = this.src.indexOf(fence, start + 3);
    if (close < 0) this.unterminated(start);
    this.finishString("string", this.src.slice(start + 3, close), start, close + 3, line);
  }

  private backtick(start: number, line: number): void {
    const src = this.src;
    if (src.startsWith("```", start)) return this.raw("```", start, line);
    const close = src.indexOf("`", start + 1);
    if (close < 0) this.unterminated(start);
    this.finishString("template", src.slice(start + 1, close), start, close + 1, line);
    this.contentStart = start + 1;
  }
}

/**
 * Whether `text` is one of {@link KEYWORDS}, by length then comparison (a set
 * lookup hashed every fresh name the lexer sliced). A test holds it to {@link KEYWORDS}.
 */
export function isKeyword(text: string): boolean {
  switch (text.length) {
    case 3:
      return text === "map";
    case 4:
      return text === "true" || text === "null" || text === "step";
    case 5:
      return text === "false";
    case 7:
      return text === "include";
    case 8:
      return text === "template";
  }
  return false;
}

function isAsciiNameChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isIdentStart(c: number, src: string, at: number): boolean {
  if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95) return true;
  if (c < 128) return false;
  return IDENT_START.test(String.fromCodePoint(src.codePointAt(at) ?? c));
}
