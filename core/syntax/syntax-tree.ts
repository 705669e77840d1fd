/**
 * The concrete syntax tree's two layers (after rust-analyzer's rowan): green
 * elements are immutable and know only their kind and width (a token its
 * text), so a subtree is a value that can be shared and compared; red
 * elements ({@link SyntaxNode}, {@link SyntaxToken}) are a cursor over them
 * that computes offsets and parents on the way down. Every character of the
 * source is in exactly one token, trivia (blanks, line breaks, comments)
 * included, so the tree prints back to its source byte for byte.
 *
 * Every walk here is a loop over an explicit stack: the tree of a file of
 * 100,000 nested brackets is as deep as that, and the call stack is not.
 */
import type { TokenKind as LexicalKind } from "./tokens.js";

/** Kinds of tokens: the lexer's (no `eof`), trivia, a byte-order mark, and text the lexer refused. */
export type TreeTokenKind = Exclude<LexicalKind, "eof"> | "whitespace" | "newline" | "comment" | "bom" | "error";

/**
 * Kinds of nodes. `member` is an item of the top level or of an object body
 * (a member, a statement, a spread, a conditional member), `element` an item
 * of `[ … ]` (an element, or a template row's cells); `object`, `array` and
 * `paren` run from their opening to their closing bracket. `error` is an
 * item that holds a syntax error (its tokens kept as written), or an empty
 * node at the end for an error after the last token.
 */
export type NodeKind = "document" | "member" | "element" | "object" | "array" | "paren" | "error";

export class GreenToken {
  /** The text's length, a field as a node's is: the loops over children read one shape of property. */
  readonly width: number;
  constructor(
    readonly kind: TreeTokenKind,
    readonly text: string,
  ) {
    this.width = text.length;
  }
}

export class GreenNode {
  readonly width: number;
  constructor(
    readonly kind: NodeKind,
    readonly children: readonly GreenElement[],
  ) {
    let w = 0;
    for (let i = 0; i < children.length; i++) w += (children[i] as GreenElement).width;
    this.width = w;
  }
}

export type GreenElement = GreenNode | GreenToken;

/** Whether a token kind is trivia (carries no meaning beyond separating tokens and lines). */
export function isTrivia(kind: TreeTokenKind): boolean {
  return kind === "whitespace" || kind === "newline" || kind === "comment" || kind === "bom";
}

/** A token in place: its green token, where it starts, its parent. */
export class SyntaxToken {
  constructor(
    readonly green: GreenToken,
    readonly start: number,
    readonly parent: SyntaxNode,
  ) {}
  get kind(): TreeTokenKind {
    return this.green.kind;
  }
  get text(): string {
    return this.green.text;
  }
  get end(): number {
    return this.start + this.green.text.length;
  }
}

/** A node in place: its green node, where it starts, its parent (none for the document). */
export class SyntaxNode {
  constructor(
    readonly green: GreenNode,
    readonly start: number,
    readonly parent: SyntaxNode | undefined,
  ) {}
  get kind(): NodeKind {
    return this.green.kind;
  }
  get end(): number {
    return this.start + this.green.width;
  }

  /** The children in order, with their offsets. */
  children(): (SyntaxNode | SyntaxToken)[] {
    const out: (SyntaxNode | SyntaxToken)[] = [];
    let at = this.start;
    for (const c of this.green.children) {
      out.push(c instanceof GreenNode ? new SyntaxNode(c, at, this) : new SyntaxToken(c, at, this));
      at += c.width;
    }
    return out;
  }

  /** This node and every node under it, in source order (preorder). */
  *descendants(): Generator<SyntaxNode> {
    const stack: SyntaxNode[] = [this];
    for (let n = stack.pop(); n !== undefined; n = stack.pop()) {
      yield n;
      const kids = n.children();
      for (let i = kids.length - 1; i >= 0; i--) {
        const k = kids[i];
        if (k instanceof SyntaxNode) stack.push(k);
      }
    }
  }

  /** Every token under this node, in source order. */
  *tokens(): Generator<SyntaxToken> {
    const stack: (SyntaxNode | SyntaxToken)[] = [this];
    for (let e = stack.pop(); e !== undefined; e = stack.pop()) {
      if (e instanceof SyntaxToken) {
        yield e;
        continue;
      }
      const kids = e.children();
      for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i] as SyntaxNode | SyntaxToken);
    }
  }

  /** The text this node covers: its tokens' texts, in order. */
  text(): string {
    return printGreen(this.green);
  }
}

/** The text of a green subtree: its tokens' texts in order (the source, for a document). */
export function printGreen(root: GreenElement): string {
  const parts: string[] = [];
  const stack: GreenElement[] = [root];
  for (let e = stack.pop(); e !== undefined; e = stack.pop()) {
    if (e instanceof GreenToken) {
      parts.push(e.text);
      continue;
    }
    for (let i = e.children.length - 1; i >= 0; i--) stack.push(e.children[i] as GreenElement);
  }
  return parts.join("");
}
