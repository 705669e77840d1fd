/**
 * Builds the concrete syntax tree (core/syntax/syntax-tree.ts) of any text,
 * broken or not, in one pass over the lexer's tokens and the gaps between
 * them, with an explicit stack of open brackets (no recursion: nesting depth
 * costs memory, never the call stack).
 *
 * The tree's structure is the language's lists and delimiters: the top level
 * and each `{ … }` hold members, each `[ … ]` elements, `( … )` tokens; an
 * item ends at a `,` of its list or where a line starts with a token that
 * can start an item (the separator rule, LANGUAGE.md §3.2, as the parser
 * applies it when it recovers). A closer that matches an outer opener
 * closes the brackets left open inside it; one that matches nothing open is
 * an ordinary token of its item. Trivia before an item belongs to its list;
 * trivia inside an item to the item.
 *
 * The syntax errors are the parser's ({@link parseTree} runs it: its
 * recovery, §13.1 [D9], finds every independent error, at most 50, in
 * source order, the first one as a parse that stops there reports it); the
 * builder makes each item that holds an error's start an `error` node, kept
 * whole, so what is outside it can be used (the formatter formats it).
 */
import { CODES } from "../diagnostics/catalogue.js";
import type { RawDiagnostic } from "../diagnostics/make-diagnostic.js";
import { LexError, Lexer } from "./lexer.js";
import { parseProgram, type ParseOptions, type ParseResult } from "./parser.js";
import { GreenNode, GreenToken, SyntaxNode, type GreenElement, type NodeKind, type TreeTokenKind } from "./syntax-tree.js";
import type { TokenKind } from "./tokens.js";

/** A tree with the syntax errors of its text. */
export interface SyntaxTreeResult {
  readonly root: SyntaxNode;
  /** The parser's lexical and syntax errors, in source order (empty: the text parses). */
  readonly diagnostics: readonly RawDiagnostic[];
  /** The parse that found them (its program when there are none). */
  readonly parse: ParseResult;
}

/** Parse `source` into a tree (always) and its syntax errors. */
export function parseTree(source: string, options: ParseOptions): SyntaxTreeResult {
  const parse = parseProgram(source, options);
  const diagnostics = parse.diagnostic === undefined ? [] : parse.diagnostics;
  // A text past the size limit is not read token by token: one error node holds it.
  const green =
    parse.diagnostic?.code === CODES.LIMIT_SOURCE
      ? new GreenNode("document", [new GreenNode("error", [new GreenToken("error", source)])])
      : buildSyntaxTree(
          source,
          diagnostics.map((d) => d.start).sort((a, b) => a - b),
        );
  return { root: new SyntaxNode(green, 0, undefined), diagnostics, parse };
}

/** A node being built. */
interface OpenNode {
  readonly kind: NodeKind;
  readonly children: GreenElement[];
  /** An error starts in it (directly, not in an item inside it). */
  broken: boolean;
}

/** A list or bracket being built: the top level, `{ … }`, `[ … ]` or `( … )`. */
interface Frame {
  readonly group: OpenNode;
  /** The closing bracket; "" for the top level. */
  readonly closer: string;
  /** The kind of this list's items; undefined inside `( … )`, which has none. */
  readonly items: "member" | "element" | undefined;
  item: OpenNode | undefined;
}

/** The closer of an opening bracket; undefined for any other text (a switch: a keyed read of a table misses slowly). */
function closerOf(text: string): string | undefined {
  switch (text) {
    case "{":
      return "}";
    case "[":
      return "]";
    case "(":
      return ")";
  }
  return undefined;
}

/**
 * The green tree of `source`; the items holding an offset of `errorStarts`
 * (ascending) become `error` nodes. Linear in the text.
 */
export function buildSyntaxTree(source: string, errorStarts: readonly number[]): GreenNode {
  return new GreenNode("document", buildDocumentChildren(source, errorStarts, 0, undefined).children);
}

/** The top-level children of a text, or of a stretch of it (core/syntax/incremental-tree.ts). */
export interface DocumentChildren {
  readonly children: GreenElement[];
  /** Where the build stopped: the offset `stopAt` accepted, or the text's length. */
  readonly end: number;
  /** The first string without a closing quote in what was read (its lexing read to the end of the text), or -1. */
  readonly unterminated: number;
}

/**
 * The document's children built from offset `from`, which must be where a
 * build of the whole text opens a top-level item (a member's first token);
 * with `stopAt`, the build ends before the first token at the top level
 * that opens an item and that `stopAt` accepts (its offset). Without
 * either, the children of {@link buildSyntaxTree}.
 */
export function buildDocumentChildren(source: string, errorStarts: readonly number[], from: number, stopAt: ((offset: number) => boolean) | undefined): DocumentChildren {
  let unterminated = -1;
  const frames: Frame[] = [{ group: { kind: "document", children: [], broken: false }, closer: "", items: "member", item: undefined }];
  /** Trivia read but not yet placed (the first `pendingCount`): it goes to the node that takes the next token. */
  const pending: GreenToken[] = [];
  let pendingCount = 0;
  let line = 1;
  let prevEndLine = 0;
  let prevText = "";
  let nextError = 0;

  const top = (): Frame => frames[frames.length - 1] as Frame;
  const flushInto = (node: OpenNode): void => {
    for (let i = 0; i < pendingCount; i++) node.children.push(pending[i] as GreenToken);
    pendingCount = 0;
  };
  const closeItem = (f: Frame): void => {
    if (f.item === undefined) return;
    f.group.children.push(new GreenNode(f.item.broken ? "error" : (f.items as NodeKind), f.item.children));
    f.item = undefined;
  };
  /** How many brackets are open, by closer (a closer of a kind not open needs no search). */
  let openBraces = 0;
  let openBrackets = 0;
  let openParens = 0;
  const countOpen = (closer: string, by: number): void => {
    if (closer === "}") openBraces += by;
    else if (closer === "]") openBrackets += by;
    else openParens += by;
  };
  /** Finish the innermost bracket (its closer, if any, already in it) and hand it to the enclosing one. */
  const closeGroup = (): void => {
    const f = frames.pop() as Frame;
    countOpen(f.closer, -1);
    closeItem(f);
    const node = new GreenNode(f.group.kind, f.group.children);
    const outer = top();
    (outer.item ?? outer.group).children.push(node);
  };
  /** Mark the innermost open item as broken for each error that starts before `end`; false if there is none to mark. */
  const markErrors = (end: number): boolean => {
    let placed = true;
    while (nextError < errorStarts.length && (errorStarts[nextError] as number) < end) {
      nextError++;
      let i = frames.length - 1;
      while (i >= 0 && (frames[i] as Frame).item === undefined) i--;
      if (i < 0) placed = false;
      else ((frames[i] as Frame).item as OpenNode).broken = true;
    }
    return placed;
  };
  /** Whether a token (not a `,`) on line `tokLine` ends the open item of a list of `items` (the separator rule). */
  const endsItem = (kind: TreeTokenKind, text: string, items: "member" | "element", tokLine: number): boolean => tokLine > prevEndLine && startsItem(kind, text, items, prevText);
  /** Before a token of an item in frame `f`: end the item at a line start that begins another, open one if none is. */
  const toItem = (f: Frame, kind: TreeTokenKind, text: string, tokLine: number): OpenNode => {
    if (f.items === undefined) {
      flushInto(f.group);
      return f.group;
    }
    if (f.item !== undefined && endsItem(kind, text, f.items, tokLine)) closeItem(f);
    if (f.item === undefined) {
      flushInto(f.group);
      f.item = { kind: f.items, children: [], broken: false };
    } else flushInto(f.item);
    return f.item;
  };

  /** A significant token, `lines` line breaks in it (only a string has any). */
  const significant = (kind: TreeTokenKind, text: string, end: number, lines: number): void => {
    const tokLine = line;
    line += lines;
    const token = kind === "punct" || kind === "keyword" ? shared(kind, text) : new GreenToken(kind, text);
    let f = top();
    if (kind === "punct") {
      // a closer closes the innermost bracket of its kind (and those open inside it): the search pops what it passes
      const open = text === "}" ? openBraces : text === "]" ? openBrackets : text === ")" ? openParens : 0;
      const closes = open > 0 ? innermostClosedBy(frames, text) : -1;
      if (closes >= 1) {
        while (frames.length - 1 > closes) closeGroup();
        f = top();
        // an error at a closer is about the item it ends (`{ a = }`, `(1 + }`), else the one around the brackets
        markErrors(end);
        closeItem(f);
        flushInto(f.group);
        f.group.children.push(token);
        closeGroup();
      } else if (text === "," && f.items !== undefined) {
        closeItem(f);
        flushInto(f.group);
        // an error at a comma (`[, 1]`, `a = 1,,`, `@preset ,`): the comma is an error node of its own
        const broken = nextError < errorStarts.length && (errorStarts[nextError] as number) < end;
        if (broken) while (nextError < errorStarts.length && (errorStarts[nextError] as number) < end) nextError++;
        f.group.children.push(broken ? new GreenNode("error", [token]) : token);
      } else {
        const into = toItem(f, kind, text, tokLine);
        if (nextError < errorStarts.length) markErrors(end);
        const closer = closerOf(text);
        if (closer === undefined) into.children.push(token);
        else {
          const items = text === "{" ? "member" : text === "[" ? "element" : undefined;
          const kind: NodeKind = text === "{" ? "object" : text === "[" ? "array" : "paren";
          frames.push({ group: { kind, children: [token], broken: false }, closer, items, item: undefined });
          countOpen(closer, 1);
        }
      }
    } else {
      const into = toItem(f, kind, text, tokLine);
      if (nextError < errorStarts.length) markErrors(end);
      into.children.push(token);
    }
    prevEndLine = line;
    prevText = text;
  };

  const trivia = (from: number, to: number): void => {
    let p = from;
    while (p < to) {
      const c = source.charCodeAt(p);
      let q = p + 1;
      let token: GreenToken;
      if (c === 10) {
        token = NEWLINE;
        line++;
      } else if (c === 47 && source.charCodeAt(p + 1) === 47) {
        const nl = source.indexOf("\n", p);
        q = nl < 0 || nl > to ? to : nl;
        token = new GreenToken("comment", source.slice(p, q));
      } else if (c === 32 || c === 9 || c === 13) {
        let spaces = c === 32;
        for (let d = source.charCodeAt(q); q < to && isBlank(d); d = source.charCodeAt(++q)) if (d !== 32) spaces = false;
        token = spaces ? blanks(q - p) : new GreenToken("whitespace", source.slice(p, q));
      } else {
        // the lexer skips only blanks, line breaks and comments; anything else would be its error
        token = new GreenToken("error", source.slice(p, q));
      }
      if (pendingCount < pending.length) pending[pendingCount] = token;
      else pending.push(token);
      pendingCount++;
      p = q;
    }
  };

  const lexer = new Lexer(source, from);
  let pos = from;
  let stoppedAt = source.length;
  if (from === 0 && source.charCodeAt(0) === 0xfeff) {
    pending.push(new GreenToken("bom", "\ufeff"));
    pendingCount = 1;
    pos = 1;
  }
  for (;;) {
    for (;;) {
      try {
        lexer.scan();
        break;
      } catch (e) {
        if (!(e instanceof LexError)) throw e;
        // the lexer has moved past the text it refused: one error token
        const start = e.diagnostic.start;
        const to = Math.max(lexer.offset, start + 1);
        const c = source.charCodeAt(start);
        if (unterminated < 0 && (c === 34 || c === 96)) unterminated = start;
        trivia(pos, start);
        significant("error", source.slice(start, to), to, 0);
        pos = to;
      }
    }
    const kind: TokenKind = lexer.kind;
    if (kind === "eof") break;
    trivia(pos, lexer.start);
    if (stopAt !== undefined && frames.length === 1 && !(kind === "punct" && lexer.text === ",")) {
      const doc = top();
      if ((doc.item === undefined || endsItem(kind, lexer.text, "member", line)) && stopAt(lexer.start)) {
        stoppedAt = lexer.start;
        break;
      }
    }
    // names, keywords, punctuation and numbers: the lexer's text is the source's; strings: the lexer's has escapes applied
    significant(kind, kind === "string" || kind === "template" ? source.slice(lexer.start, lexer.end) : lexer.text, lexer.end, lexer.endLine - lexer.tokLine);
    pos = lexer.end;
  }
  if (stoppedAt === source.length) trivia(pos, source.length);
  while (frames.length > 1) closeGroup();
  const doc = top();
  closeItem(doc);
  flushInto(doc.group);
  // an error after the last token: an empty error node at the end, so every error has a node
  if (nextError < errorStarts.length) doc.group.children.push(new GreenNode("error", []));
  return { children: doc.group.children, end: stoppedAt, unterminated };
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

/** The innermost open bracket `closer` closes (one is open: the caller counts them). */
function innermostClosedBy(frames: readonly Frame[], closer: string): number {
  for (let i = frames.length - 1; i >= 1; i--) if ((frames[i] as Frame).closer === closer) return i;
  return -1;
}

function isBlank(c: number): boolean {
  return c === 32 || c === 9 || c === 13;
}

/**
 * Whether a token at the start of a line begins a new item of a list of
 * `items` (the parser's rule where it recovers): names, keywords and strings
 * do, `@` and `...` too, and in arrays any operand; `else` after a closing
 * bracket continues a conditional.
 */
function startsItem(kind: TreeTokenKind, text: string, items: "member" | "element", prevText: string): boolean {
  switch (kind) {
    case "ident":
      return !(text === "else" && (prevText === "}" || prevText === "]"));
    case "keyword":
    case "string":
      return true;
    case "punct":
      return text === "@" || text === "..." || (items === "element" && (text === "(" || text === "[" || text === "{" || text === "-" || text === "!"));
    default:
      return items === "element";
  }
}
