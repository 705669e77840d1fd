/** Tokens of JSSON (LANGUAGE.md §2). */

/** Token kinds. `string` covers regular and raw strings; `template` is a backtick string with interpolation. */
export type TokenKind = "ident" | "keyword" | "int" | "float" | "string" | "template" | "punct" | "eof";

/** A token with its source span and lines (lines are needed for the separator rule, §3.2). */
export interface Token {
  readonly kind: TokenKind;
  /** Identifier/keyword/punctuation text; string content (escapes applied); number text. */
  readonly text: string;
  readonly start: number;
  readonly end: number;
  /** 1-based line of `start`. */
  readonly line: number;
  /** 1-based line of the token's last character (differs from `line` for multi-line strings). */
  readonly endLine: number;
  /** For `int` tokens: the value. */
  readonly int: number | bigint | undefined;
  /** For `template` tokens: offset of the content's first character. */
  readonly contentStart: number | undefined;
}

/** Reserved words (§2.4). */
export const KEYWORDS: ReadonlySet<string> = new Set(["true", "false", "null", "template", "map", "include", "step"]);

/** Tokens after which a keyword or name is a key (§2.4). */
export const KEY_FOLLOWERS: ReadonlySet<string> = new Set(["=", ":", ":=", "{", "["]);
