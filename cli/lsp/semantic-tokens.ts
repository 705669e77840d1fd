/**
 * Semantic tokens from the document's editor tokens (editor-tokens.ts) and
 * the outline's key/name roles, worked out per top-level item and kept by
 * its green node, with lines counted from the item's first line: after an
 * edit only the items it rebuilt are read again, the others' are joined
 * with their lines moved.
 */
import type { SemanticTokensLegend } from "vscode-languageserver";
import { GreenNode, type GreenElement } from "../../core/syntax/index.js";
import { outlineItem } from "./document-outline.js";
import type { DocumentState } from "./document-state.js";
import { childTokens, type EditorToken } from "./editor-tokens.js";

/** Token types, in legend order. */
const TOKEN_TYPES = ["comment", "string", "number", "keyword", "operator", "property", "variable", "parameter", "macro"] as const;
type TokenType = (typeof TOKEN_TYPES)[number];

/** The legend the server announces; the one modifier, `declaration`, marks where a key or name is defined. */
export const SEMANTIC_LEGEND: SemanticTokensLegend = { tokenTypes: [...TOKEN_TYPES], tokenModifiers: ["declaration"] };

/** One child's semantic tokens, its offsets made relative to where it starts. */
interface ChildSemantics {
  /** The token before the child as the roles read it ("@", "." or ""): an identifier after `@` is a macro, after `.` a property. */
  readonly after: string;
  /** Five numbers a token: its line counted from the child's first line, its character (on that first line, counted from the child's start), length, type, modifiers. */
  readonly data: readonly number[];
  /** Line breaks in the child's text. */
  readonly breaks: number;
  /** Characters after the child's last line break (its length when it has none). */
  readonly tail: number;
  /** The text of the child's last token; undefined when it has none (blanks). */
  readonly last: string | undefined;
}

/** The semantic tokens of each top-level item by its green node (an entry goes with its node). */
const ITEMS = new WeakMap<GreenNode, ChildSemantics>();

const TYPE_INDEX = new Map<TokenType, number>(TOKEN_TYPES.map((t, i) => [t, i]));

/** Encoded semantic tokens (LSP relative encoding) of a document. */
export function semanticTokens(state: DocumentState): number[] {
  const semantics: ChildSemantics[] = [];
  let after = "";
  let size = 0;
  for (const { green, at } of state.children) {
    let child = green instanceof GreenNode ? ITEMS.get(green) : undefined;
    if (child === undefined || child.after !== after) {
      child = childSemantics(state, green, at, after);
      if (green instanceof GreenNode) ITEMS.set(green, child);
    }
    semantics.push(child);
    size += child.data.length;
    if (child.last !== undefined) after = child.last === "@" || child.last === "." ? child.last : "";
  }
  // joined with each child's lines moved to where it starts
  const data = new Array<number>(size);
  let n = 0;
  let line = 0;
  let column = 0;
  let lastLine = 0;
  let lastChar = 0;
  for (const child of semantics) {
    const d = child.data;
    for (let i = 0; i < d.length; i += 5) {
      const l = line + (d[i] as number);
      const c = d[i] === 0 ? column + (d[i + 1] as number) : (d[i + 1] as number);
      data[n++] = l - lastLine;
      data[n++] = l === lastLine ? c - lastChar : c;
      data[n++] = d[i + 2] as number;
      data[n++] = d[i + 3] as number;
      data[n++] = d[i + 4] as number;
      lastLine = l;
      lastChar = c;
    }
    if (child.breaks > 0) {
      line += child.breaks;
      column = child.tail;
    } else column += child.tail;
  }
  return data;
}

/** The semantic tokens of `child`, a child of the document's tree at offset `at`, after a token read as `after`. */
function childSemantics(state: DocumentState, child: GreenElement, at: number, after: string): ChildSemantics {
  const definedAt = new Map<number, string>();
  for (const d of outlineItem(state.tree, child, at)?.definitions ?? []) definedAt.set(d.nameStart, d.kind);
  const tokens = childTokens(child, at);
  const text = state.text;
  const end = at + child.width;
  const data: number[] = [];
  // Tokens come in document order, so the line is found by walking forward over each character once
  // (a search for the next line break would run on to it, once per token of a long line).
  let line = 0;
  let lineStart = at;
  let walked = at;
  const walkTo = (offset: number): void => {
    for (; walked < offset; walked++) {
      if (text.charCodeAt(walked) === 10) {
        line++;
        lineStart = walked + 1;
      }
    }
  };
  const emit = (start: number, end: number, type: TokenType, declaration: boolean): void => {
    walkTo(start);
    // A multi-line token (a string) is sent one line at a time.
    let s = start;
    for (let p = start; p <= end; p++) {
      if (p < end && text.charCodeAt(p) !== 10) continue;
      const length = p - s - (p > s && text.charCodeAt(p - 1) === 13 ? 1 : 0);
      if (length > 0) data.push(line, s - lineStart, length, TYPE_INDEX.get(type) ?? 0, declaration ? 1 : 0);
      if (p === end) break;
      line++;
      lineStart = p + 1;
      s = p + 1;
    }
    walked = end;
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as EditorToken;
    const defined = definedAt.get(t.start);
    const type = tokenType(t, defined, i === 0 ? after : (tokens[i - 1] as EditorToken).text);
    // a definition is made at a name, a quoted key or a preset's name: the token is its declaration
    if (type !== undefined) emit(t.start, t.end, type, defined !== undefined);
  }
  walkTo(end);
  return { after, data, breaks: line, tail: end - lineStart, last: tokens[tokens.length - 1]?.text };
}

/** How a token is coloured (undefined: not at all), from the kind of definition made at it and the token before it. */
function tokenType(t: EditorToken, defined: string | undefined, before: string): TokenType | undefined {
  const kind = t.kind;
  if (kind === "string" || kind === "template") return defined === "preset" ? "macro" : defined === "key" ? "property" : "string";
  if (kind === "keyword" || kind === "ident") {
    if (defined !== undefined) return defined === "parameter" ? "parameter" : defined === "declaration" ? "variable" : "property";
    if (kind === "keyword") return "keyword";
    return before === "@" ? "macro" : before === "." ? "property" : "variable";
  }
  if (kind === "punct") return t.text === "@" ? "macro" : "{}[](),".includes(t.text) ? undefined : "operator";
  return kind === "comment" ? "comment" : kind === "int" || kind === "float" ? "number" : kind === "interp" ? "operator" : undefined;
}
