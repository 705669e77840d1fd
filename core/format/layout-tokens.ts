/**
 * What the formatter lays out, read from the syntax tree
 * (core/syntax/syntax-tree.ts): its tokens other than trivia, in order,
 * with their lines; each bracket that the tree pairs with its closer knows
 * it opens (and the closer's line), each such closer that it closes; and
 * each `error` node is one `verbatim` token, its text as written.
 */
import { GreenNode, printGreen, type GreenElement, type SyntaxNode, type TreeTokenKind } from "../syntax/syntax-tree.js";

export interface LayoutToken {
  readonly kind: Exclude<TreeTokenKind, "whitespace" | "newline" | "comment" | "bom"> | "verbatim" | "eof";
  readonly text: string;
  readonly start: number;
  readonly end: number;
  /** 1-based line of `start`. */
  readonly line: number;
  /** 1-based line of the last character. */
  readonly endLine: number;
  /** An opening bracket whose closer the tree found: the line of that closer; else undefined. */
  closerLine: number | undefined;
  /** The closer of a bracket in {@link closerLine}'s sense. */
  closes: boolean;
  /** The comments between the previous token and this one, in order. */
  readonly comments: readonly GapComment[];
  /** The line breaks between the last of those comments (or the previous token) and this one. */
  readonly newlinesBefore: number;
}

/** A comment between two tokens (trailing blanks removed), with the line breaks before it. */
export interface GapComment {
  readonly text: string;
  readonly start: number;
  readonly newlinesBefore: number;
}

const NO_COMMENTS: readonly GapComment[] = [];

/** The layout tokens of a tree, `eof` last. A loop over an explicit stack, like every walk of the tree. */
export function layoutTokens(root: SyntaxNode): LayoutToken[] {
  const out: LayoutToken[] = [];
  let line = 1;
  /** The trivia since the last token pushed. */
  let comments: GapComment[] | undefined;
  let breaks = 0;
  const push = (kind: LayoutToken["kind"], text: string, start: number): void => {
    const endLine = line + newlines(text);
    const end = start + text.length;
    const before = comments ?? NO_COMMENTS;
    out.push({ kind, text, start, end, line, endLine, closerLine: undefined, closes: false, comments: before, newlinesBefore: breaks });
    line = endLine;
    comments = undefined;
    breaks = 0;
  };
  /** A node being walked: its next child, where that child starts, and its opener's index in `out`. */
  interface Walk {
    readonly node: GreenNode;
    next: number;
    at: number;
    readonly opener: number;
  }
  const stack: Walk[] = [{ node: root.green, next: 0, at: root.start, opener: -1 }];
  while (stack.length > 0) {
    const w = stack[stack.length - 1] as Walk;
    if (w.next === w.node.children.length) {
      stack.pop();
      pairBrackets(w, out);
      continue;
    }
    const child = w.node.children[w.next++] as GreenElement;
    const at = w.at;
    w.at += child.width;
    if (child instanceof GreenNode) {
      if (child.kind === "error") {
        if (child.width > 0) push("verbatim", printGreen(child), at);
      } else stack.push({ node: child, next: 0, at, opener: child.kind === "object" || child.kind === "array" || child.kind === "paren" ? out.length : -1 });
      continue;
    }
    switch (child.kind) {
      case "newline":
        line++;
        breaks++;
        break;
      case "comment":
        (comments ??= []).push({ text: child.text.trimEnd(), start: at, newlinesBefore: breaks });
        breaks = 0;
        break;
      case "whitespace":
      case "bom":
        break;
      default:
        push(child.kind, child.text, at);
    }
  }
  push("eof", "", root.end);
  return out;
}

/** A bracket node is done: when its last token is its closer, the opener and the closer know each other. */
function pairBrackets(w: { readonly node: GreenNode; readonly opener: number }, out: LayoutToken[]): void {
  if (w.opener < 0) return;
  const last = w.node.children[w.node.children.length - 1];
  const opener = out[w.opener] as LayoutToken;
  // the bracket's last child is its closer's green token, which is the last token written
  if (w.node.children.length < 2 || last === undefined || last instanceof GreenNode || last.kind !== "punct" || last.text !== CLOSER[opener.text]) return;
  const closer = out[out.length - 1] as LayoutToken;
  opener.closerLine = closer.line;
  closer.closes = true;
}

const CLOSER: Readonly<Record<string, string>> = { "{": "}", "[": "]", "(": ")" };

function newlines(text: string): number {
  let n = 0;
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) n++;
  return n;
}
