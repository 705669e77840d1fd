/**
 * Builds the concrete syntax tree (core/syntax/syntax-tree.ts) from what the
 * parser (core/syntax/parser.ts) reports while it parses: where a node
 * starts and finishes, each lexical token it consumes (and each text the
 * lexer refused), and which item holds a syntax error. The parser decides
 * every node; this only places the source's text in them, so that every
 * character is in exactly one token:
 *
 * - the text between two tokens is trivia (blanks, line breaks, comments),
 *   and goes to the node that is innermost when the next token or node
 *   comes: trivia before an item belongs to its list, trivia inside an
 *   item to the item;
 * - an item marked broken becomes an `error` node, kept whole (the tokens
 *   the parser's recovery skips are in it); a refused text where no item
 *   is open starts an `error` node of its own;
 * - a bracket the recovery skips is still a node (so an editor can pair
 *   it), and a token directly in it opens an item of its kind.
 *
 * Open nodes are an explicit stack: nesting costs memory, never the call stack.
 */
import { GreenNode, GreenToken, type GreenElement, type NodeKind } from "./syntax-tree.js";
import type { TokenKind } from "./tokens.js";

/** A node being built. */
interface OpenNode {
  readonly kind: NodeKind;
  readonly children: GreenElement[];
  /** An error is in it: it becomes an `error` node. */
  broken: boolean;
  /** A bracket the recovery skipped: a token put directly in it opens an item of this kind first (none inside `( … )`). */
  readonly skippedItems: NodeKind | undefined;
}

export class TreeBuilder {
  private readonly open: OpenNode[] = [];
  /** Where the text not yet in the tree starts. */
  private pos: number;
  /** The first text the lexer refused that starts with a quote (a string without its closing quote: its lexing read to the end), or -1. */
  unterminated = -1;

  constructor(
    private readonly source: string,
    from: number,
  ) {
    const document: OpenNode = { kind: "document", children: [], broken: false, skippedItems: undefined };
    this.open.push(document);
    this.pos = from;
    if (from === 0 && source.charCodeAt(0) === 0xfeff) {
      document.children.push(new GreenToken("bom", "\ufeff"));
      this.pos = 1;
    }
  }

  /** Where the text not yet in the tree starts: after the last token given. */
  get end(): number {
    return this.pos;
  }

  /** Open a node of `kind` whose first token starts at `at`; returns its place on the stack (for {@link closeAbove}). */
  openNode(kind: NodeKind, at: number): number {
    this.gap(at);
    this.open.push({ kind, children: [], broken: false, skippedItems: undefined });
    return this.open.length - 1;
  }

  /** Open the node of a bracket the recovery skips (`{`, `[` or `(`, at `at`). */
  openSkipped(bracket: string, at: number): number {
    this.beforeToken(at);
    const kind = bracketKind(bracket);
    this.open.push({ kind, children: [], broken: false, skippedItems: kind === "object" ? "member" : kind === "array" ? "element" : undefined });
    return this.open.length - 1;
  }

  /** Finish the innermost node and put it in the one around it. */
  close(): void {
    const n = this.open.pop() as OpenNode;
    (this.open[this.open.length - 1] as OpenNode).children.push(new GreenNode(n.broken ? "error" : n.kind, n.children));
  }

  /** Finish every node above the one at `index`. */
  closeAbove(index: number): void {
    while (this.open.length > index + 1) this.close();
  }

  /**
   * A token the parser consumed: `text` is the lexer's (the source's for
   * everything but strings, whose source text is taken here).
   */
  token(kind: TokenKind, text: string, start: number, end: number): void {
    if (kind === "eof") return;
    // a closer goes in its bracket's node, never in an item of it
    if (kind === "punct" && (text === "}" || text === "]" || text === ")")) this.gap(start);
    else this.beforeToken(start);
    const token = kind === "punct" || kind === "keyword" ? shared(kind, text) : new GreenToken(kind, kind === "string" || kind === "template" ? this.source.slice(start, end) : text);
    (this.open[this.open.length - 1] as OpenNode).children.push(token);
    this.pos = end;
  }

  /** Text the lexer refused, `[start, end)`: one `error` token, in an `error` node of its own where no item is open. */
  refused(start: number, end: number): void {
    this.beforeToken(start);
    if (holdsItems((this.open[this.open.length - 1] as OpenNode).kind)) this.openNode("error", start);
    (this.open[this.open.length - 1] as OpenNode).children.push(new GreenToken("error", this.source.slice(start, end)));
    this.pos = end;
    const c = this.source.charCodeAt(start);
    if (this.unterminated < 0 && (c === 34 || c === 96)) this.unterminated = start;
  }

  /**
   * An error in the list whose node is at `list`: its open item is broken;
   * where none is open, an `error` node starts at `at` (the token the
   * error is about; none at the end of the text).
   */
  brokenItem(list: number, at: number, atEnd: boolean): void {
    if (this.open.length > list + 1) (this.open[list + 1] as OpenNode).broken = true;
    else if (!atEnd) this.openNode("error", at);
  }

  /** Whether the item open in the list at `list` is empty (an `error` node just opened for the token the error is about). */
  emptyItem(list: number): boolean {
    return this.open.length === list + 2 && (this.open[list + 1] as OpenNode).children.length === 0;
  }

  /** The document's children up to `end`: the text from the last token to `end` goes to the innermost open node, then every node is finished. */
  finish(end: number): GreenElement[] {
    this.gap(end);
    this.closeAbove(0);
    return (this.open[0] as OpenNode).children;
  }

  /** Before a token at `start`: the trivia before it; directly in a skipped bracket (after its opener), an item opens first. */
  private beforeToken(start: number): void {
    const top = this.open[this.open.length - 1] as OpenNode;
    if (top.skippedItems !== undefined && top.children.length > 0) this.openNode(top.skippedItems, start);
    else this.gap(start);
  }

  /** Put `[pos, to)` in the innermost node as trivia tokens (text there that is not trivia, which only a parse cut short leaves, as `error` tokens). */
  private gap(to: number): void {
    const source = this.source;
    const into = (this.open[this.open.length - 1] as OpenNode).children;
    let p = this.pos;
    while (p < to) {
      const c = source.charCodeAt(p);
      let q = p + 1;
      let token: GreenToken;
      if (c === 10) token = NEWLINE;
      else if (c === 47 && source.charCodeAt(p + 1) === 47) {
        const nl = source.indexOf("\n", p);
        q = nl < 0 || nl > to ? to : nl;
        token = new GreenToken("comment", source.slice(p, q));
      } else if (isBlank(c)) {
        let spaces = c === 32;
        for (let d = source.charCodeAt(q); q < to && isBlank(d); d = source.charCodeAt(++q)) if (d !== 32) spaces = false;
        token = spaces ? blanks(q - p) : new GreenToken("whitespace", source.slice(p, q));
      } else {
        while (q < to && !isTriviaStart(source, q)) q++;
        token = new GreenToken("error", source.slice(p, q));
      }
      into.push(token);
      p = q;
    }
    if (to > this.pos) this.pos = to;
  }
}

/** Whether a node of this kind holds items (a list): the document, `{ … }`, `[ … ]`. */
function holdsItems(kind: NodeKind): boolean {
  return kind === "document" || kind === "object" || kind === "array";
}

/** The node kind of an opening bracket. */
export function bracketKind(bracket: string): NodeKind {
  return bracket === "{" ? "object" : bracket === "[" ? "array" : "paren";
}

/** Green tokens are immutable: one per punctuation and keyword, line break and run of spaces serves every place (fewer objects to collect). */
const SHARED = new Map<string, GreenToken>();
const NEWLINE = new GreenToken("newline", "\n");
const BLANKS: GreenToken[] = [];

/** The shared one-character punctuation, by character code: most punctuation, found without hashing its text. */
const SHARED_CHARS: (GreenToken | undefined)[] = [];

function shared(kind: "punct" | "keyword", text: string): GreenToken {
  if (text.length === 1) {
    const c = text.charCodeAt(0);
    let t = SHARED_CHARS[c];
    if (t === undefined) SHARED_CHARS[c] = t = new GreenToken(kind, text);
    return t;
  }
  let t = SHARED.get(text);
  if (t === undefined) {
    t = new GreenToken(kind, text);
    SHARED.set(text, t);
  }
  return t;
}

/** The token of `n` spaces (shared up to 80). */
function blanks(n: number): GreenToken {
  if (n > 80) return new GreenToken("whitespace", " ".repeat(n));
  let t = BLANKS[n];
  if (t === undefined) {
    t = new GreenToken("whitespace", " ".repeat(n));
    BLANKS[n] = t;
  }
  return t;
}

function isBlank(c: number): boolean {
  return c === 32 || c === 9 || c === 13;
}

function isTriviaStart(source: string, at: number): boolean {
  const c = source.charCodeAt(at);
  return c === 10 || isBlank(c) || (c === 47 && source.charCodeAt(at + 1) === 47);
}
