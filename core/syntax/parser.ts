/**
 * The JSSON parser (LANGUAGE.md §3): recursive descent with precedence
 * climbing for binary operators, line-aware separators (§3.2) and template
 * row grouping (§7.2). After an error it recovers at the next member,
 * element or closing delimiter and goes on, so a file reports all its
 * independent lexical and syntax errors, at most {@link MAX_SYNTAX_ERRORS},
 * in source order (§13.1 [D9]); the first is the one a parse that stopped
 * there would report. Never throws for user input. An error about a delimiter names
 * the opening one (its line in the message, its place as a related place);
 * other errors may carry a hint (core/syntax/syntax-hints.ts).
 *
 * It is the one place that decides the language's structure, for both
 * trees of the front end. It builds the AST (for evaluation) and, when a
 * {@link TreeBuilder} is given (the formatter, the language server), the
 * lossless concrete syntax tree in the same pass: it reports each token it
 * consumes (in `advance`; the tokens its recovery skips too) and
 * where each node starts and finishes. How the two correspond:
 *
 * - the document's `member`s are the program's statements (members,
 *   includes, preset definitions, spreads, conditional members), in order;
 *   an object's `member`s are its body items, an array literal's
 *   `element`s its items; an array block's first `element` is its
 *   `template`/`map` part (the field list an `object` of one `member` per
 *   field), each later one a cell (the AST groups cells into rows, §7.2);
 * - `object`, `array` and `paren` span the brackets of an object body, an
 *   array (literal or block), a parenthesised expression, an `if`
 *   condition or a `map` parameter: the AST keeps them as the value they
 *   enclose (a parenthesised expression is its inner expression);
 * - within an item, the tokens are the expression's, trivia between them;
 *   AST nodes have no tree node of their own (an AST node's `start`/`end`
 *   are offsets of tokens in the tree);
 * - an item that holds an error is an `error` node (with the tokens the
 *   recovery skipped); a text with errors has no AST.
 *
 * Without a builder the tree costs a check per token and per item.
 */
import { CODES, fill, fillText, MESSAGES, PHRASES, withHint, type CodedMessage } from "../diagnostics/catalogue.js";
import { quoteInMessage } from "../diagnostics/message-text.js";
import { makeSpan, type RawDiagnostic } from "../diagnostics/make-diagnostic.js";
import { LineIndex } from "../source/line-index.js";
import { interpolationKeptWarning, keySetAgainWarning, lineJoinsElementWarning, WarningList } from "../diagnostics/warning-list.js";
import type {
  ArrayBlockExpr,
  ArrayExpr,
  ArrayItem,
  BodyItem,
  IncludeExpr,
  BodyScopeNeeds,
  BinaryOp,
  Conditional,
  Expr,
  Member,
  ObjectExpr,
  Program,
  Statement,
  TemplateExpr,
} from "./ast.js";
import { LexError, Lexer } from "./lexer.js";
import { commentHint, keyHint, memberNameBefore, quoteHint } from "./syntax-hints.js";
import { KEY_FOLLOWERS, type TokenKind } from "./tokens.js";
import { bracketKind, type TreeBuilder } from "./tree-builder.js";

/** Result of parsing: a program, or the errors (`diagnostic` is the first of `diagnostics`). */
export type ParseResult =
  | {
      readonly program: Program;
      readonly diagnostic?: undefined;
      readonly diagnostics?: undefined;
      readonly lines: LineIndex;
      /** Warnings found without evaluation (LANGUAGE.md §16.5: W3–W6), in source order. */
      readonly warnings: readonly RawDiagnostic[];
    }
  | { readonly program?: undefined; readonly diagnostic: RawDiagnostic; readonly diagnostics: readonly RawDiagnostic[]; readonly lines: LineIndex };

export interface ParseOptions {
  readonly maxDepth: number;
  readonly maxSourceLength: number;
  /** Stop after this many errors (default {@link MAX_SYNTAX_ERRORS}; 1: stop at the first, no recovery). */
  readonly maxErrors?: number;
}

/** The most lexical and syntax errors one parse reports (§13.1 [D9]). */
export const MAX_SYNTAX_ERRORS = 50;

/** Thrown when {@link ParseOptions.maxErrors} errors have been found: the parse ends there. */
const ENOUGH_ERRORS = new Error("enough errors");

/** Another place an error names, as offsets. */
interface RelatedOffsets {
  readonly start: number;
  readonly end: number;
  readonly message: string;
}

class ParseError extends Error {
  constructor(
    readonly diagnostic: RawDiagnostic,
    /** The error says the innermost open delimiter is not closed: recovery gives it up rather than look for its closer. */
    readonly abandons = false,
  ) {
    super(diagnostic.message);
  }
}

/** The closer of each opening delimiter, and the opener of each closer. */
const CLOSER_OF: Readonly<Record<string, string>> = { "{": "}", "[": "]", "(": ")" };
const OPENER_OF: Readonly<Record<string, string>> = { "}": "{", "]": "[", ")": "(" };

/** Whether `src[from, to)` holds a line break (a search bounded by the range, never on to the end of the text). */
function hasLineBreak(src: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (src.charCodeAt(i) === 10) return true;
  return false;
}

/**
 * Binary operator precedence (higher binds tighter; 0: not a binary
 * operator); `map` and `..` sit between 4 and 7. A switch, not a table: a
 * keyed read missed on `,` `}` `=` … (the common tokens after an operand) and walked the prototype chain.
 */
function binaryPrecedence(op: string): number {
  switch (op) {
    case "||":
      return 1;
    case "&&":
      return 2;
    case "==":
    case "!=":
      return 3;
    case "<":
    case ">":
    case "<=":
    case ">=":
      return 4;
    case "+":
    case "-":
      return 7;
    case "*":
    case "/":
    case "%":
      return 8;
  }
  return 0;
}
const RANGE_LEVEL = 6;
/** Stands in {@link Parser.names} for a preset use: its body may name anything visible at the use site. */
const PRESET_USE = "@";
/** Past this many (names × members) comparisons, {@link Parser.scopeNeeds} builds a set of the keys. */
const SCAN_PRODUCT = 128;
/** The three possible {@link BodyScopeNeeds}, shared by every body (one object less per body parsed). */
const BIND_MEMBERS: BodyScopeNeeds = Object.freeze({ bindMembers: true, ownScope: true });
const OWN_SCOPE: BodyScopeNeeds = Object.freeze({ bindMembers: false, ownScope: true });
const NO_SCOPE: BodyScopeNeeds = Object.freeze({ bindMembers: false, ownScope: false });
/** Operators allowed in one left-nested chain, per unit of the depth limit. */
const CHAIN_PER_DEPTH = 4;

/**
 * Parse a whole source text; with `tree`, the parse also builds its
 * concrete syntax tree there (see {@link parseTreeItems}).
 */
export function parseProgram(source: string, options: ParseOptions, tree?: TreeBuilder): ParseResult {
  const lines = new LineIndex(source);
  if (source.length > options.maxSourceLength) {
    const at = options.maxSourceLength;
    const d: RawDiagnostic = { ...fill(MESSAGES.sourceTooLarge, options.maxSourceLength), start: at, end: at + 1 };
    return { diagnostic: d, diagnostics: [d], lines };
  }
  const maxErrors = Math.max(1, options.maxErrors ?? MAX_SYNTAX_ERRORS);
  const found: (ParseError | LexError)[] = [];
  let p: Parser | undefined;
  /** The call stack ran out (nesting deeper than the engine can follow): the parse ends there. */
  let tooDeep: RawDiagnostic | undefined;
  try {
    const warnings = new WarningList();
    p = new Parser(source, 0, options.maxDepth, [], true, warnings, lines, maxErrors > 1 ? found : undefined, maxErrors, maxErrors > 1 ? tree : undefined);
    const program = p.program();
    if (found.length === 0) {
      keysSetAgain(program.statements, warnings, lines);
      return { program, lines, warnings: warnings.items.length > 1 ? warnings.items.sort((a, b) => a.start - b.start) : warnings.items };
    }
  } catch (e) {
    // The constructor reads the first token, so a lexical error can come before `p` exists.
    if (e instanceof ParseError || e instanceof LexError) found.push(e);
    else if (e !== ENOUGH_ERRORS) {
      tooDeep = p?.toDiagnostic(e);
      if (tooDeep === undefined) throw e;
    }
  }
  const diagnostics = found.map((f) => (f instanceof LexError ? lexHinted(source, f.diagnostic) : f.diagnostic));
  const last = diagnostics[diagnostics.length - 1];
  if (tooDeep !== undefined && (last === undefined || tooDeep.start > last.start)) diagnostics.push(tooDeep);
  return { diagnostic: diagnostics[0] as RawDiagnostic, diagnostics, lines };
}

/**
 * Parse the top-level items of `source` from offset `from` (where the
 * parse of the whole text starts an item: core/syntax/incremental-tree.ts)
 * into `tree`, only for the tree: the program and the errors are dropped.
 * With `stopAt`, the parse ends before the first top-level item whose
 * start `stopAt` accepts. Returns where it ended (the text's length when
 * it read to the end).
 */
export function parseTreeItems(source: string, from: number, maxDepth: number, tree: TreeBuilder, stopAt?: (offset: number) => boolean): number {
  const p = new Parser(source, from, maxDepth, [], true, new WarningList(), new LineIndex(source), [], MAX_SYNTAX_ERRORS, tree);
  try {
    return p.program(stopAt).end;
  } catch (e) {
    // the call stack ran out: the tree holds the rest of the text as it is
    if (p.toDiagnostic(e) === undefined) throw e;
    return source.length;
  }
}

/** A lexical error with its hint: `#fff` or `512Mi` as a value (write it as a string), `#` starting a line (comments are `//`). */
function lexHinted(source: string, d: RawDiagnostic): RawDiagnostic {
  let hint: string | undefined;
  if (d.code === CODES.L3_INVALID_NUMBER) hint = quoteHint(source, d.start, true);
  else if (d.code === CODES.L1_ILLEGAL_CHARACTER && source[d.start] === "#") hint = commentHint(source, d.start) ?? quoteHint(source, d.start);
  return hint === undefined ? d : { ...d, ...withHint(d, hint) };
}

/**
 * The parser's state. The current token lives in plain fields (`kind`,
 * `text`, `start`, …) copied from the lexer, which allocates no token
 * objects; what a rule needs of a token it has consumed it keeps in locals.
 * One token of lookahead ({@link peek2}) is the lexer's own current token
 * while {@link ahead} is set.
 */
class Parser {
  private readonly lexer: Lexer;
  // ---- the current token ----------------------------------------------------
  private kind: TokenKind = "eof";
  private text = "";
  private start: number;
  private end: number;
  private line = 1;
  private endLine = 1;
  private int: number | bigint | undefined = undefined;
  private contentStart: number | undefined = undefined;
  /** The lexer already holds the token after the current one. */
  private ahead = false;
  // ---- the last consumed token ------------------------------------------------
  private prevEof = true;
  private prevEnd: number;
  private prevEndLine = 1;
  private depth = 0;
  // ---- the open delimiters, innermost last (for errors that name them) ----
  private readonly openStarts: number[] = [];
  private readonly openLines: number[] = [];
  /** The last error {@link recover} has seen (an error passed on to an enclosing list is not counted twice). */
  private handled: unknown = undefined;
  /** With a tree: the tree node of each open delimiter (beside {@link openStarts}). */
  private readonly openNodes: number[] = [];
  /** With a tree: enough errors are counted (or the nesting limit was passed); the parse goes on for the tree but counts no more. */
  private counted = false;

  constructor(
    private readonly src: string,
    start: number,
    private readonly maxDepth: number,
    /** Every identifier used as a value, in source order ({@link PRESET_USE} for a preset use); shared with template sub-parsers. */
    private readonly names: string[] = [],
    /** Whether errors look at the text around them for a hint (not in a `${…}` sub-parser, whose errors nobody sees). */
    private readonly hints = true,
    /** Warnings found while parsing (§16.5); shared with template sub-parsers. */
    private readonly warnings: WarningList = new WarningList(),
    private readonly lines: LineIndex = new LineIndex(src),
    /** The errors found so far, in source order, when the parser recovers from errors; undefined: the first error is thrown. */
    private readonly found: (ParseError | LexError)[] | undefined = undefined,
    private readonly maxErrors = 1,
    /** Where the concrete syntax tree is built, when one is asked for (only with {@link found}). */
    private readonly tree: TreeBuilder | undefined = undefined,
  ) {
    this.lexer = new Lexer(src, start);
    this.lexer.warnings = warnings;
    this.start = this.end = this.prevEnd = start;
    if (found !== undefined) this.rescan();
    else {
      this.lexer.scan();
      this.take();
    }
  }

  /** True when every token has been consumed. */
  atEnd(): boolean {
    return this.kind === "eof";
  }

  toDiagnostic(e: unknown): RawDiagnostic | undefined {
    if (e instanceof ParseError || e instanceof LexError) return e.diagnostic;
    if (e instanceof RangeError && /call stack/i.test(e.message)) {
      return { ...fill(MESSAGES.nestingTooDeep, this.maxDepth), start: this.start, end: this.end };
    }
    return undefined;
  }

  // ---- token stream -------------------------------------------------------

  /** Copy the lexer's current token into the parser's. */
  private take(): void {
    const lx = this.lexer;
    this.kind = lx.kind;
    this.text = lx.text;
    this.start = lx.start;
    this.end = lx.end;
    this.line = lx.tokLine;
    this.endLine = lx.endLine;
    this.int = lx.int;
    this.contentStart = lx.contentStart;
  }

  // ---- recovery (§13.1 [D9]) ------------------------------------------------

  /**
   * Count an error, unless it is placed at or before the last one counted: it
   * then follows from that one (an unclosed opener whose closer the recovery
   * skipped; a member resumed at the token the last error was about).
   */
  private record(e: ParseError | LexError): void {
    this.handled = e;
    if (this.counted) return;
    const found = this.found as (ParseError | LexError)[];
    const last = found[found.length - 1];
    if (last !== undefined && e.diagnostic.start <= last.diagnostic.start) return;
    found.push(e);
    // Past the nesting limit the rest of the file's structure is unknown (and
    // skipping it token by token costs as much as the file): a limit error,
    // which is not a syntax error (§13.1), ends the parse. A parse that builds
    // a tree goes on to the end (the tree holds every character), counting no more.
    if (found.length >= this.maxErrors || e.diagnostic.code === CODES.LIMIT_DEPTH) {
      if (this.tree === undefined) throw ENOUGH_ERRORS;
      this.counted = true;
    }
  }

  /** Count a lexical error; the tree gets the text the lexer refused (it has moved past it), unless it has it (an error passed on again). */
  private refused(e: LexError): void {
    this.record(e);
    const start = e.diagnostic.start;
    if (this.tree !== undefined && this.tree.end <= start) this.tree.refused(start, Math.max(this.lexer.offset, start + 1));
  }

  /** Read a fresh current token; lexical errors on the way are counted (the lexer has moved past each). */
  private rescan(): void {
    this.ahead = false;
    for (;;) {
      try {
        this.lexer.scan();
        break;
      } catch (e) {
        if (!(e instanceof LexError)) throw e;
        this.refused(e);
      }
    }
    this.take();
  }

  /** Consume the current token while recovering. */
  private skip(): void {
    try {
      this.advance();
    } catch (e) {
      if (!(e instanceof LexError)) throw e;
      this.refused(e);
      this.rescan();
    }
  }

  /**
   * After error `e` in an item of a list (the top level with closer `eof`, a
   * body `}`, an array `]`): count it, then skip to where the next item can
   * start — a `,` or a token that can start an item on a new line, outside
   * the delimiters the broken item left open — or to a closer. Returns true
   * to go on with the list (also at its own closer), false when the current
   * token, a closer that matches nothing open, ends the list instead; throws
   * `e` on, counted, when the list ends at the end of the file or at a closer
   * of an enclosing list. Every pass through a list consumes a token or ends it.
   */
  private recover(e: unknown, closer: string, openMark: number, depthMark: number, itemStart: number): boolean {
    if (this.found === undefined || !(e instanceof ParseError || e instanceof LexError)) throw e;
    const tree = this.tree;
    let abandon = false;
    if (e !== this.handled) {
      if (e instanceof LexError) {
        // a lexical error in the lookahead: the current token was never consumed, the tree takes it as it is
        if (tree !== undefined && tree.end <= this.start && this.kind !== "eof") tree.token(this.kind, this.text, this.start, this.end);
        this.refused(e);
        this.rescan();
      } else this.record(e);
      abandon = e instanceof ParseError && e.abandons;
    }
    /** The tree node of this list (the document's is 0), and the error's item in it. */
    const list = tree === undefined || openMark === 0 ? 0 : (this.openNodes[openMark - 1] as number);
    tree?.brokenItem(list, this.start, this.kind === "eof");
    if (abandon && openMark > 0 && this.openStarts.length === openMark) {
      // the list's own opener is given up: the enclosing list goes on from here
      this.openStarts.length = openMark - 1;
      this.openLines.length = openMark - 1;
      if (tree !== undefined) this.openNodes.length = openMark - 1;
      throw e;
    }
    const pending: string[] = [];
    /** With a tree: the node of each bracket in `pending`. */
    const pendingNodes: number[] = [];
    /**
     * How many of each opener `pending` holds: a closer whose opener is not
     * there is not searched for (searching made `[`×n `}`×n quadratic); a
     * search that finds one drops what it passed, so all searches are linear.
     */
    const held: Record<string, number> = { "(": 0, "[": 0, "{": 0 };
    const hold = (opener: string, node: number): void => {
      pending.push(opener);
      pendingNodes.push(node);
      (held[opener] as number)++;
    };
    const dropFrom = (j: number): void => {
      for (let k = j; k < pending.length; k++) (held[pending[k] as string] as number)--;
      pending.length = j;
      pendingNodes.length = j;
    };
    for (let i = openMark; i < this.openStarts.length; i++) hold(this.src[this.openStarts[i] as number] as string, tree === undefined ? -1 : (this.openNodes[i] as number));
    // the '(' around an unclosed '(' are given up with it: the expression ended where the innermost one did
    if (abandon && pending[pending.length - 1] === "(") {
      let j = pending.length - 1;
      while (pending[j - 1] === "(") j--;
      dropFrom(j);
    } else if (abandon && pending.length > 0) dropFrom(pending.length - 1);
    this.openStarts.length = openMark;
    this.openLines.length = openMark;
    if (tree !== undefined) this.openNodes.length = openMark;
    this.depth = depthMark;
    if (pending.length === 0 && this.start > itemStart && this.startsItemOnNewLine(closer)) return this.resumed(list);
    for (;;) {
      if (this.kind === "eof") {
        if (closer === "eof") return this.resumed(list);
        throw e;
      }
      /** With a tree: the node of the bracket the current token closes (the token goes in it, then it is finished). */
      let closes = -1;
      if (this.kind === "punct") {
        const t = this.text;
        const opener = OPENER_OF[t];
        if (CLOSER_OF[t] !== undefined) {
          hold(t, tree === undefined ? -1 : tree.openSkipped(t, this.start));
        } else if (opener !== undefined) {
          const j = (held[opener] as number) > 0 ? pending.lastIndexOf(opener) : -1;
          if (j >= 0) {
            closes = pendingNodes[j] as number;
            dropFrom(j);
            tree?.closeAbove(closes);
          } else if (t === closer) return this.resumed(list);
          else if (this.openedBefore(opener, openMark - 1)) throw e;
          else if (closer !== "eof") return this.resumed(list, false);
        } else if (t === "," && pending.length === 0) {
          // the comma ends the broken item (or is the error, in a node of its own) and belongs to the list
          if (tree !== undefined && !tree.emptyItem(list)) tree.closeAbove(list);
          this.skip();
          return this.resumed(list);
        }
      }
      this.skip();
      if (closes >= 0) (tree as TreeBuilder).closeAbove(closes - 1);
      if (pending.length === 0 && this.startsItemOnNewLine(closer)) return this.resumed(list);
    }
  }

  /** The recovery ends (returning `goOn`): the nodes of the broken item are finished, back to its list's. */
  private resumed(list: number, goOn = true): boolean {
    this.tree?.closeAbove(list);
    return goOn;
  }

  /** Whether `opener` is open among the first `n` open delimiters. */
  private openedBefore(opener: string, n: number): boolean {
    for (let i = 0; i < n; i++) if (this.src[this.openStarts[i] as number] === opener) return true;
    return false;
  }

  /** Whether the current token starts a line and can start an item of a list closed by `closer` (`]`: an element; else a member). */
  private startsItemOnNewLine(closer: string): boolean {
    if (this.line <= this.prevEndLine) return false;
    switch (this.kind) {
      case "ident":
      case "keyword":
      case "string":
        return true;
      case "punct":
        // `...` starts a spread member or element (§16.3)
        return this.text === "@" || this.text === "..." || (closer === "]" && (this.text === "(" || this.text === "[" || this.text === "{" || this.text === "-" || this.text === "!"));
      case "eof":
        return false;
    }
    return closer === "]";
  }

  /** Consume the current token (the tree, if any, takes it). */
  private advance(): void {
    if (this.tree !== undefined) this.tree.token(this.kind, this.text, this.start, this.end);
    this.prevEof = this.kind === "eof";
    this.prevEnd = this.end;
    this.prevEndLine = this.endLine;
    if (this.ahead) this.ahead = false;
    else this.lexer.scan();
    this.take();
  }

  /** The token after the current one: read it from the lexer's fields (`kind`, `text`) until the next {@link advance}. */
  private peek2(): Lexer {
    if (!this.ahead) {
      this.lexer.scan();
      this.ahead = true;
    }
    return this.lexer;
  }

  /** The current token's kind, read afresh (TypeScript keeps a field narrowed across {@link advance}). */
  private kindNow(): TokenKind {
    return this.kind;
  }

  private is(text: string): boolean {
    return this.kind === "punct" && this.text === text;
  }

  private isKeyword(text: string): boolean {
    return this.kind === "keyword" && this.text === text;
  }

  /** How the current token is named in messages (§13.1). */
  private shown(): string {
    return this.kind === "eof" ? "end of file" : quoteInMessage(this.text);
  }

  /** Fail at the current token; the end of the file is reported where the last real token ends. */
  private fail(m: CodedMessage, related?: readonly RelatedOffsets[], abandons?: boolean): never {
    const eof = this.kind === "eof" && !this.prevEof;
    return this.failAt(m, eof ? this.prevEnd - 1 : this.start, eof ? this.prevEnd : this.end, related, abandons);
  }

  /** Fail at `[start, end)`, with the related places, if any. */
  private failAt(m: CodedMessage, start: number, end: number, related: readonly RelatedOffsets[] = [], abandons?: boolean): never {
    const d: RawDiagnostic = { ...m, start, end: Math.max(end, start + 1) };
    if (related.length === 0) throw new ParseError(d, abandons);
    throw new ParseError({ ...d, related: related.map((r) => ({ ...makeSpan(this.lines, r.start, r.end), message: r.message })) }, abandons);
  }

  /** Note the current token, an opening delimiter, as open (in the tree, its node opens). */
  private opened(): void {
    this.openStarts.push(this.start);
    this.openLines.push(this.line);
    if (this.tree !== undefined) this.openNodes.push(this.tree.openNode(bracketKind(this.text), this.start));
  }

  /** The innermost open delimiter has been closed (its closer consumed: in the tree, its node is finished). */
  private closed(): void {
    this.openStarts.pop();
    this.openLines.pop();
    if (this.tree !== undefined) {
      this.openNodes.pop();
      this.tree.close();
    }
  }

  /** The innermost open delimiter (error paths only). */
  private innermost(): { readonly char: string; readonly start: number; readonly line: number } | undefined {
    const n = this.openStarts.length;
    if (n === 0) return undefined;
    const start = this.openStarts[n - 1] as number;
    return { char: this.src[start] as string, start, line: this.openLines[n - 1] as number };
  }

  /**
   * What a closer at the current token says (`— there is no '{' open for it
   * to close`, `— ']' does not match the '{' on line 3`), or undefined when
   * the current token is no closer or closes the innermost delimiter.
   */
  private closerHint(): { readonly text: string; readonly related: RelatedOffsets[] } | undefined {
    const opener = this.kind === "punct" ? OPENER_OF[this.text] : undefined;
    if (opener === undefined) return undefined;
    const open = this.innermost();
    if (open === undefined) return { text: fillText(PHRASES.noOpenerToClose, opener), related: [] };
    if (open.char === opener) return undefined;
    return {
      text: fillText(PHRASES.doesNotMatch, this.text, open.char, fillText(PHRASES.onLine, open.line)),
      related: [{ start: open.start, end: open.start + 1, message: fillText(PHRASES.unclosed, open.char) }],
    };
  }

  /** P2 at the current token, with what the text around it says: a stray or mismatched closer, a value to quote, an unclosed `[`. */
  private failSeparator(): never {
    const message = fill(MESSAGES.expectedSeparator, this.shown());
    const closer = this.closerHint();
    if (closer !== undefined) this.fail(withHint(message, closer.text), closer.related);
    const quote = this.kind === "eof" || !this.hints ? undefined : quoteHint(this.src, this.start);
    if (quote !== undefined) this.fail(withHint(message, quote));
    const open = this.innermost();
    if (open !== undefined && open.char === "[" && this.kind === "punct" && KEY_FOLLOWERS.has(this.text)) {
      const related = [{ start: open.start, end: open.start + 1, message: fillText(PHRASES.unclosed, "[") }];
      this.fail(withHint(message, fillText(PHRASES.notClosed, "[", fillText(PHRASES.onLine, open.line))), related, true);
    }
    return this.fail(message);
  }

  /** P1 at the current token, with a closer's or a bare value's hint. */
  private failUnexpected(): never {
    const message = fill(MESSAGES.unexpectedToken, this.shown());
    const closer = this.closerHint();
    if (closer !== undefined) this.fail(withHint(message, closer.text), closer.related);
    // a spread where none may stand (a template row) is no value to quote
    const quote = this.kind === "eof" || !this.hints || this.is("...") ? undefined : quoteHint(this.src, this.start);
    return this.fail(withHint(message, quote));
  }

  private enter(): void {
    if (++this.depth > this.maxDepth) this.fail(fill(MESSAGES.nestingTooDeep, this.maxDepth));
  }

  /** `expected ')'` etc.: at the unexpected token, or at the opener when the file ended. Returns the closer's end. */
  private expectClose(close: string, openStart: number, openEnd: number): number {
    if (this.is(close)) {
      const end = this.end;
      this.advance();
      return end;
    }
    const open = this.src[openStart] as string;
    if (CLOSER_OF[open] !== close) {
      // a template's field list passes its `template` keyword as the opener: no bracket to name
      if (this.kind === "eof") this.failAt(fill(MESSAGES.expectedClosing, close), openStart, openEnd);
      return this.fail(fill(MESSAGES.expectedClosing, close));
    }
    if (this.kind === "eof") {
      const related = this.prevEof ? [] : [{ start: this.prevEnd - 1, end: this.prevEnd, message: fillText(PHRASES.fileEndsOpen, open) }];
      this.failAt(withHint(fill(MESSAGES.expectedClosing, close), fillText(PHRASES.neverClosed, open)), openStart, openEnd, related);
    }
    const top = this.innermost();
    const line = top !== undefined && top.start === openStart ? fillText(PHRASES.onLine, top.line) : "";
    const related = [{ start: openStart, end: openEnd, message: fillText(PHRASES.unclosed, open) }];
    const mismatched = this.kind === "punct" && OPENER_OF[this.text] !== undefined;
    // on the same line, the writer more likely left out an operator than the closer
    const message = fill(MESSAGES.expectedClosingBefore, close, this.shown());
    if (!mismatched && this.line <= this.prevEndLine) return this.fail(message);
    const why = mismatched ? fillText(PHRASES.doesNotMatch, this.text, open, line) : fillText(PHRASES.notClosed, open, line);
    return this.fail(withHint(message, why), related, true);
  }

  /**
   * The separator rule (§3.2) after an item: the next token must be `,`, the
   * closer, or on a later line. Returns true when a comma was consumed.
   */
  private separator(closer: string | "eof"): boolean {
    // in the tree the item ends here (before its comma); an error here is in it
    if (this.is(",")) {
      this.tree?.close();
      this.advance();
      if (this.is(",")) this.fail(fill(MESSAGES.unexpectedComma));
      return true;
    }
    const atCloser = closer === "eof" ? this.kind === "eof" : this.is(closer);
    if (!atCloser && this.kind !== "eof" && this.line <= this.prevEndLine) return this.failSeparator();
    this.tree?.close();
    return false;
  }

  // ---- statements ---------------------------------------------------------

  /** The top-level items; with `stopAt` (a tree's parse of part of a text), up to the first whose start it accepts. */
  program(stopAt?: (offset: number) => boolean): Program {
    const statements: Statement[] = [];
    // a lexical error before the first token: go on from where the next statement can start
    if (this.handled !== undefined) {
      // the refused text stands for the token before: on its line the item goes on (`# settings` is one error, on any line)
      if (this.handled instanceof LexError) this.prevEndLine = this.lines.line(this.handled.diagnostic.start);
      this.recover(this.handled, "eof", 0, this.depth, -1);
    }
    while (this.kind !== "eof") {
      const itemStart = this.start;
      if (stopAt !== undefined && stopAt(itemStart)) return { type: "program", statements, start: 0, end: itemStart };
      try {
        if (this.is(",")) this.fail(fill(MESSAGES.unexpectedComma));
        this.tree?.openNode("member", itemStart);
        statements.push(this.statement());
        this.separator("eof");
      } catch (e) {
        this.recover(e, "eof", 0, this.depth, itemStart);
      }
    }
    return { type: "program", statements, start: 0, end: this.src.length };
  }

  private statement(): Statement {
    if (this.kind === "keyword" && this.text === "include" && !this.nextIsKeyFollower()) {
      const { path, start, end } = this.includeValue();
      return { type: "include", path, start, end };
    }
    if (this.is("@")) {
      const next = this.peek2();
      if (next.kind === "ident" && next.text === "preset") return this.presetDef();
    }
    return this.bodyItem(true);
  }

  private presetDef(): Statement {
    const start = this.start;
    this.advance();
    this.advance(); // preset
    if (this.kind !== "string") this.fail(fill(MESSAGES.presetName));
    const name = this.text;
    this.advance();
    if (!this.is("{")) this.fail(fill(MESSAGES.expectedBraceAfterPreset, name));
    const body = this.objectBody();
    return { type: "presetDef", name, body, start, end: body.end };
  }

  private nextIsKeyFollower(): boolean {
    const n = this.peek2();
    return n.kind === "punct" && KEY_FOLLOWERS.has(n.text);
  }

  /** A member (top level or inside an object body). */
  private member(topLevel: boolean): Member {
    const kind = this.kind;
    const key = this.text;
    const start = this.start;
    const keyEnd = this.end;
    const keyLike = kind === "ident" || kind === "keyword" || (kind === "string" && this.src.charCodeAt(start) === 34 && !this.src.startsWith('"""', start));
    if (!keyLike) {
      if (!topLevel && this.is("@")) {
        const next = this.peek2();
        if (next.kind === "ident" && next.text === "preset") this.fail(fill(MESSAGES.presetTopLevelOnly));
      }
      return this.failUnexpected();
    }
    if (kind === "keyword" && !this.nextIsKeyFollower()) {
      if (key === "include" && !topLevel) this.fail(fill(MESSAGES.includeTopLevelOnly));
    }
    this.advance();
    const quoted = kind === "string";
    if (this.is(":=")) {
      if (quoted) this.fail(fill(MESSAGES.expectedAssign, keyShown(key, quoted)));
      this.advance();
      const value = this.expression();
      return { type: "member", declare: true, key, quoted, value, start, end: value.end };
    }
    let value: Expr | undefined;
    if (this.is("=") || this.is(":")) {
      this.advance();
      value = this.expression();
    } else if (this.is("{")) value = this.objectBody();
    else if (this.is("[")) value = this.arrayBlock();
    if (value !== undefined) return { type: "member", declare: false, key, quoted, value, start, end: value.end };
    const hint = quoted || this.start !== keyEnd || !this.hints ? undefined : keyHint(this.src, start);
    return this.failAt(withHint(fill(MESSAGES.expectedAssign, keyShown(key, quoted)), hint), start, keyEnd);
  }

  /** `{ member, … }` (the current token is `{`). */
  private objectBody(): ObjectExpr {
    const openStart = this.start;
    const mark = this.names.length;
    const members = this.delimitedItems("}") as BodyItem[];
    const end = this.prevEnd;
    // Spreads and conditional members bind keys known only when evaluated (§16.3): bind every member, and no key is known distinct.
    const plain = allMembers(members);
    const distinct = plain && distinctKeys(members as readonly Member[]);
    if (!distinct) keysSetAgain(members, this.warnings, this.lines);
    const needs = plain ? this.scopeNeeds(members as readonly Member[], mark) : BIND_MEMBERS;
    return { type: "object", members, needs, distinctKeys: distinct, start: openStart, end };
  }

  /**
   * What a body needs from its scope (see {@link BodyScopeNeeds}), from the
   * names referred to since `mark`: members are bound only when something
   * inside the body (a sibling, a nested body, a map, a template string)
   * names one, or a preset use might.
   */
  private scopeNeeds(members: readonly Member[], mark: number): BodyScopeNeeds {
    let declares = false;
    for (const m of members) if (m.declare) declares = true;
    const names = this.names;
    // Scanning costs (names × members) string comparisons, a set a hash of every key and
    // name: a set only when the product is large (most bodies are small and name little).
    if ((names.length - mark) * members.length > SCAN_PRODUCT) {
      const keys = new Set<string>();
      for (const m of members) if (!m.declare && !m.quoted) keys.add(m.key);
      for (let i = mark; i < names.length; i++) {
        const name = names[i] as string;
        if (name === PRESET_USE || keys.has(name)) return BIND_MEMBERS;
      }
    } else {
      for (let i = mark; i < names.length; i++) {
        const name = names[i] as string;
        if (name === PRESET_USE || keyBound(members, name)) return BIND_MEMBERS;
      }
    }
    return declares ? OWN_SCOPE : NO_SCOPE;
  }


  // ---- array blocks (§7) --------------------------------------------------

  private arrayBlock(): Expr {
    const openStart = this.start;
    const openEnd = this.end;
    const first = this.peek2();
    if (first.kind === "keyword" && (first.text === "template" || first.text === "map")) {
      this.opened();
      this.advance();
      this.enter();
      // in the tree: the template and map part is the block's first element, a field list an object of one member per field
      const tree = this.tree;
      tree?.openNode("element", this.start);
      let fields: string[] | undefined;
      if (this.isKeyword("template")) {
        const kwStart = this.start;
        const kwEnd = this.end;
        this.advance();
        if (!this.is("{")) this.fail(fill(MESSAGES.expectedBraceAfterTemplate));
        tree?.openNode("object", this.start);
        this.advance();
        fields = [];
        while (!this.is("}")) {
          if (this.is(",")) {
            this.advance();
            continue;
          }
          if (this.kind !== "ident" && this.kind !== "keyword") {
            if (this.kind === "eof") this.expectClose("}", kwStart, kwEnd);
            this.failUnexpected();
          }
          fields.push(this.text);
          tree?.openNode("member", this.start);
          this.advance();
          tree?.close();
        }
        this.advance();
        tree?.close();
        if (fields.length === 0) this.failAt(fill(MESSAGES.templateNoFields), kwStart, kwEnd);
      }
      const map = this.isKeyword("map") ? this.mapClause() : undefined;
      const rows = this.rows(fields?.length ?? 1, openStart, openEnd);
      const end = this.end;
      this.advance();
      this.closed();
      this.depth--;
      const block: ArrayBlockExpr = { type: "arrayBlock", fields, map, rows, start: openStart, end };
      return block;
    }
    return this.arrayLiteral();
  }

  private mapClause(): { param: string; body: Expr; at: number } {
    const at = this.start;
    this.advance();
    if (!this.is("(")) this.fail(fill(MESSAGES.mapSyntax, "(", this.shown()));
    this.tree?.openNode("paren", this.start);
    this.advance();
    if (this.kind !== "ident") this.fail(fill(MESSAGES.mapSyntax, "IDENT", this.shown()));
    const param = this.text;
    this.advance();
    if (!this.is(")")) this.fail(fill(MESSAGES.mapSyntax, ")", this.shown()));
    this.advance();
    this.tree?.close();
    if (!this.is("=")) this.fail(fill(MESSAGES.mapSyntax, "=", this.shown()));
    this.advance();
    const body = this.expression();
    return { param, body, at };
  }

  /** Template rows grouped per §7.2; the current token follows the template/map part. */
  private rows(n: number, openStart: number, openEnd: number): Expr[][] {
    const rows: Expr[][] = [];
    const tree = this.tree;
    // in the tree the template and map part ends here (before its comma), each cell is an element
    if (this.is(",")) {
      tree?.close();
      this.advance();
    } else if (!this.is("]") && this.kind !== "eof" && this.line <= this.prevEndLine) {
      this.failSeparator();
    } else tree?.close();
    let current: Expr[] | undefined;
    let closedLine = -1;
    let afterComma = false;
    const openMark = this.openStarts.length;
    const depthMark = this.depth;
    for (;;) {
      const itemStart = this.start;
      try {
        if (this.is("]")) break;
        if (this.kind === "eof" || this.is("}") || this.is(")")) this.expectClose("]", openStart, openEnd);
        if (this.is(",")) this.fail(fill(MESSAGES.unexpectedComma));
        if (current === undefined && afterComma && n >= 2 && this.line === closedLine) {
          this.fail(fill(MESSAGES.tooManyRowValues, n));
        }
        tree?.openNode("element", itemStart);
        const cell = this.expression();
        this.lineJoins(cell);
        if (current === undefined) current = [cell];
        else current.push(cell);
        if (current.length === n) {
          rows.push(current);
          current = undefined;
          closedLine = this.prevEndLine;
        }
        afterComma = this.separator("]");
        // a line break ends the row
        if (!afterComma && current !== undefined && !this.is("]") && this.kind !== "eof") {
          rows.push(current);
          current = undefined;
        }
      } catch (e) {
        current = undefined;
        afterComma = false;
        if (!this.recover(e, "]", openMark, depthMark, itemStart)) break;
      }
    }
    if (current !== undefined) rows.push(current);
    return rows;
  }

  private arrayLiteral(): Expr {
    const openStart = this.start;
    const elements = this.delimitedItems("]") as ArrayItem[];
    return { type: "array", elements, start: openStart, end: this.prevEnd };
  }

  /**
   * The items of the `{ … }` (members: object bodies, conditional branches)
   * or `[ … ]` (elements: array literals) the current token opens, separated
   * by `,` or a new line. After an error in an item the list recovers at the
   * next one (§13.1 [D9]). The closer's end is then {@link prevEnd}. No
   * callback per list: it was garbage on the parse's hottest path.
   */
  private delimitedItems(closer: "}" | "]"): (BodyItem | ArrayItem)[] {
    const openStart = this.start;
    const openEnd = this.end;
    this.opened();
    this.advance();
    this.enter();
    const items: (BodyItem | ArrayItem)[] = [];
    const openMark = this.openStarts.length;
    const depthMark = this.depth;
    for (;;) {
      const itemStart = this.start;
      try {
        if (this.is(closer)) break;
        // the end of the file, or another closer than this list's
        if (this.kind === "eof" || (this.kind === "punct" && OPENER_OF[this.text] !== undefined)) this.expectClose(closer, openStart, openEnd);
        if (this.is(",")) this.fail(fill(MESSAGES.unexpectedComma));
        this.tree?.openNode(closer === "}" ? "member" : "element", itemStart);
        items.push(closer === "}" ? this.bodyItem(false) : this.element());
        this.separator(closer);
      } catch (e) {
        if (!this.recover(e, closer, openMark, depthMark, itemStart)) break;
      }
    }
    this.advance();
    this.closed();
    this.depth--;
    return items;
  }

  /** An element of an array literal, checked for W4. */
  private element(): ArrayItem {
    const element = this.arrayItem();
    if (element.type !== "spread" && element.type !== "ifItem") this.lineJoins(element);
    return element;
  }

  /**
   * W4 (§16.5): an element of `[ … ]` whose `+`/`-` begins a line joins the
   * line above. Walks the element's unparenthesised left spine (a
   * parenthesised operation starts at its `(`, before its left operand).
   */
  private lineJoins(element: Expr): void {
    for (let e = element; e.type === "binary" && e.start === e.left.start; e = e.left) {
      if (e.op !== "+" && e.op !== "-") continue;
      if (hasLineBreak(this.src, e.left.end, e.at)) this.warnings.add(lineJoinsElementWarning(e.op, e.at, e.left.end));
    }
  }

  // ---- expressions --------------------------------------------------------

  /** expression = ternary (§3.1). */
  expression(): Expr {
    this.enter();
    const test = this.binary(1);
    let result = test;
    if (this.is("?")) {
      const at = this.start;
      this.advance();
      const then = this.expression();
      if (!this.is(":")) this.fail(fill(MESSAGES.ternaryColon));
      this.advance();
      const otherwise = this.expression();
      result = { type: "ternary", test, then, otherwise, at, start: test.start, end: otherwise.end };
    }
    this.depth--;
    return result;
  }

  /** Precedence climbing over `|| && == != < > <= >=`; operands are map-level expressions. */
  private binary(minPrec: number): Expr {
    let left = minPrec > RANGE_LEVEL ? this.unary() : this.mapLevel();
    let chain = 0;
    for (;;) {
      if (this.kind !== "punct") break;
      const op = this.text;
      const prec = binaryPrecedence(op);
      if (prec === 0 || prec < minPrec) break;
      // A chain nests to the left: evaluating it recurses once per operator.
      if (++chain > this.maxDepth * CHAIN_PER_DEPTH) this.fail(fill(MESSAGES.expressionTooLong, this.maxDepth * CHAIN_PER_DEPTH));
      const at = this.start;
      this.advance();
      const right = this.binary(prec + 1);
      left = { type: "binary", op: op as BinaryOp, left, right, at, start: left.start, end: right.end };
    }
    return left;
  }

  /** map_expr = range_expr [ "map" "(" ident ")" "=" expression ]. */
  private mapLevel(): Expr {
    const source = this.rangeLevel();
    if (this.isKeyword("map") && (this.line === this.prevEndLine || this.peek2IsOpenParen())) {
      const clause = this.mapClause();
      return { type: "map", source, param: clause.param, body: clause.body, at: clause.at, start: source.start, end: clause.body.end };
    }
    return source;
  }

  private peek2IsOpenParen(): boolean {
    const n = this.peek2();
    return n.kind === "punct" && n.text === "(";
  }

  /** range_expr = add_expr [ ".." add_expr [ "step" add_expr ] ] (§3.1 D1). */
  private rangeLevel(): Expr {
    const from = this.binary(RANGE_LEVEL + 1);
    if (!this.is("..")) return from;
    const at = this.start;
    this.advance();
    const to = this.binary(RANGE_LEVEL + 1);
    let step: Expr | undefined;
    if (this.isKeyword("step") && this.line === this.prevEndLine && !this.nextIsKeyFollower()) {
      this.advance();
      step = this.binary(RANGE_LEVEL + 1);
    }
    return { type: "range", from, to, step, at, start: from.start, end: (step ?? to).end };
  }

  private unary(): Expr {
    if (this.is("-") || this.is("!")) {
      const op = this.text as "-" | "!";
      const start = this.start;
      this.advance();
      this.enter();
      const operand = this.unary();
      this.depth--;
      return { type: "unary", op, operand, start, end: operand.end };
    }
    return this.postfix();
  }

  private postfix(): Expr {
    let e = this.primary();
    while (this.is(".")) {
      const at = this.start;
      this.advance();
      if (this.kind !== "ident" && this.kind !== "keyword") {
        const quote = this.kind === "eof" || !this.hints ? undefined : quoteHint(this.src, this.start);
        this.fail(withHint(fill(MESSAGES.memberName), quote));
      }
      const property = this.text;
      const end = this.end;
      this.advance();
      e = { type: "member", object: e, property, at, start: e.start, end };
    }
    return e;
  }

  private primary(): Expr {
    const text = this.text;
    const start = this.start;
    const end = this.end;
    switch (this.kind) {
      case "int": {
        const value = this.int ?? 0;
        this.advance();
        return { type: "literal", value, start, end };
      }
      case "float":
        this.advance();
        return { type: "float", value: Number(text), start, end };
      case "string":
        this.advance();
        return { type: "literal", value: text, start, end };
      case "template": {
        const base = this.contentStart ?? start + 1;
        this.advance();
        return this.template(text, base, start, end);
      }
      case "ident":
        this.advance();
        this.names.push(text);
        return { type: "ident", name: text, start, end };
      case "keyword":
        if (text === "true" || text === "false" || text === "null") {
          this.advance();
          return { type: "literal", value: text === "null" ? null : text === "true", start, end };
        }
        if (text === "include") return this.includeValue();
        return this.fail(withHint(fill(MESSAGES.unexpectedKeyword, text), this.keywordHint(text)));
      case "eof":
        return this.fail(fill(MESSAGES.unexpectedToken, "end of file"));
      case "punct":
        break;
    }
    switch (text) {
      case "(": {
        this.opened();
        this.advance();
        const inner = this.expression();
        const close = this.expectClose(")", start, end);
        this.closed();
        return { ...inner, start, end: close };
      }
      case "[":
        return this.arrayLiteral();
      case "{":
        return this.objectBody();
      case "@":
        return this.presetUse();
    }
    return this.failUnexpected();
  }

  /** A keyword where a value goes: `template` right inside `[` belongs to an array block (`envs [ … ]`, no `=`). */
  private keywordHint(keyword: string): string | undefined {
    const open = this.innermost();
    if (keyword !== "template" || open === undefined || open.char !== "[" || !this.hints) return undefined;
    return fillText(PHRASES.templatesBelongToBlock, memberNameBefore(this.src, open.start) ?? "name");
  }

  // ---- composition (§16.3) --------------------------------------------------

  /** `if` is special at member or element position only when `(` follows on its line. */
  private atIf(): boolean {
    if (this.kind !== "ident" || this.text !== "if") return false;
    const n = this.peek2();
    return n.kind === "punct" && n.text === "(" && n.tokLine === this.line;
  }

  /** `else` starting an item where it can only be a stray branch (`else if …`, or `else [` as an element). */
  private atStrayElse(element: boolean): boolean {
    if (this.kind !== "ident" || this.text !== "else") return false;
    const n = this.peek2();
    if (n.tokLine !== this.line) return false;
    return (n.kind === "ident" && n.text === "if") || (element && n.kind === "punct" && n.text === "[");
  }

  /** `else` continuing an if whose branch just closed, before a `{`/`[` (the branch kind) or `if`. */
  private atElse(open: "{" | "["): "else" | "else if" | undefined {
    if (this.kind !== "ident" || this.text !== "else") return undefined;
    const n = this.peek2();
    if (n.kind === "punct" && n.text === open) return "else";
    if (n.kind === "ident" && n.text === "if") return "else if";
    return undefined;
  }

  /** A member, a spread `...e` or a conditional member (object bodies and the top level). */
  private bodyItem(topLevel: boolean): BodyItem {
    if (this.is("...")) return { type: "spreadMember", ...this.spread() };
    if (this.atIf()) {
      const c = this.conditional("{", MESSAGES.expectedBraceAfterIf, () => this.delimitedItems("}") as BodyItem[]);
      return { type: "ifMember", ...c, end: this.prevEnd };
    }
    if (this.atStrayElse(false)) this.fail(fill(MESSAGES.elseWithoutIf));
    return this.member(topLevel);
  }

  /** `...e` (the current token is `...`). */
  private spread(): { value: Expr; at: number; start: number; end: number } {
    const at = this.start;
    this.advance();
    const value = this.expression();
    return { value, at, start: at, end: value.end };
  }

  /**
   * `if (c) B else if (c) B … else B` (the current token is `if`), each
   * branch `B` a `{ … }` or `[ … ]` (`open`) that `branch` parses; its end
   * is then {@link prevEnd}.
   */
  private conditional<B>(open: "{" | "[", expected: typeof MESSAGES.expectedBraceAfterIf | typeof MESSAGES.expectedBracketAfterIf, branch: () => B): ConditionalParts<B> {
    const start = this.start;
    const branches: { test: Expr; body: B; at: number }[] = [];
    let otherwise: B | undefined;
    for (;;) {
      const at = this.start;
      const test = this.ifCondition();
      if (!this.is(open)) this.fail(fill(expected)); // filled on the error path only
      branches.push({ test, body: branch(), at });
      const next = this.atElse(open);
      if (next === undefined) break;
      this.advance(); // else
      if (next === "else") {
        otherwise = branch();
        break;
      }
      if (!this.atIf()) this.ifWithoutCondition();
    }
    return { branches, otherwise, start };
  }

  /** `else if` not followed by `(` on its line: P8 at the token after `if`. */
  private ifWithoutCondition(): never {
    this.advance(); // if
    return this.fail(fill(MESSAGES.mapSyntax, "(", this.shown()));
  }

  /** `if (cond)`: the current token is `if`; returns the condition. */
  private ifCondition(): Expr {
    this.advance(); // if
    const openStart = this.start;
    const openEnd = this.end;
    this.opened();
    this.advance(); // (
    const test = this.expression();
    this.expectClose(")", openStart, openEnd);
    this.closed();
    return test;
  }

  /** An element of an array literal: an expression, a spread `...e` or a conditional element. */
  private arrayItem(): ArrayItem {
    if (this.is("...")) return { type: "spread", ...this.spread() };
    if (this.atIf()) {
      const c = this.conditional("[", MESSAGES.expectedBracketAfterIf, () => this.arrayLiteral() as ArrayExpr);
      return { type: "ifItem", ...c, end: this.prevEnd };
    }
    if (this.atStrayElse(true)) this.fail(fill(MESSAGES.elseWithoutIf));
    return this.expression();
  }

  /** `include "path"` as an expression (the current token is `include`). */
  private includeValue(): IncludeExpr {
    const at = this.start;
    this.advance();
    if (this.kindNow() !== "string") this.fail(fill(MESSAGES.includePath));
    const path = this.text;
    const end = this.end;
    this.advance();
    return { type: "includeValue", path, at, start: at, end };
  }

  private presetUse(): Expr {
    const at = this.start;
    this.advance();
    this.names.push(PRESET_USE);
    if (this.kind === "ident" && this.text === "use") {
      this.advance();
      if (this.kindNow() !== "string") this.fail(fill(MESSAGES.presetNameAfterUse));
    } else if (this.kind !== "string") {
      this.fail(fill(MESSAGES.afterAt, this.shown()));
    }
    const name = this.text;
    const nameEnd = this.end;
    this.advance();
    const overrides = this.is("{") ? this.objectBody() : undefined;
    return { type: "presetUse", name, overrides, at, start: at, end: overrides === undefined ? nameEnd : overrides.end };
  }

  /** Split a backtick string (content `content` starting at offset `base`) into text and `${…}` expressions (§2.6, §4.9). */
  private template(content: string, base: number, start: number, end: number): TemplateExpr {
    const parts: (string | Expr)[] = [];
    let text = "";
    let i = 0;
    while (i < content.length) {
      const open = content.indexOf("${", i);
      if (open < 0) break;
      let depth = 1;
      let j = open + 2;
      for (; j < content.length && depth > 0; j++) {
        const c = content.charCodeAt(j);
        if (c === 123) depth++;
        else if (c === 125) depth--;
      }
      if (depth > 0) break; // no matching brace: the rest is literal
      const close = j - 1;
      const expr = this.subExpression(base + open + 2, base + close);
      if (expr === undefined) {
        const inside = content.slice(open + 2, close);
        const reason = inside.trim() === "" ? PHRASES.interpolationEmpty : PHRASES.interpolationIncomplete;
        this.warnings.add(interpolationKeptWarning(inside, reason, base + open, base + j));
        text += content.slice(i, j);
      } else {
        text += content.slice(i, open);
        if (text) parts.push(text);
        text = "";
        parts.push(expr);
      }
      i = j;
    }
    text += content.slice(i);
    if (text || parts.length === 0) parts.push(text);
    return { type: "template", parts, start, end };
  }

  /** Parse `src[start, end)` as one complete expression, or undefined. */
  private subExpression(start: number, end: number): Expr | undefined {
    const sub = new Parser(this.src.slice(0, end), start, this.maxDepth - this.depth, this.names, false, this.warnings, this.lines);
    try {
      if (sub.kind === "eof") return undefined;
      const e = sub.expression();
      return sub.atEnd() ? e : undefined;
    } catch (e) {
      if (sub.toDiagnostic(e)) return undefined;
      throw e;
    }
  }
}

/** What {@link Parser.conditional} parses: an `ifMember` or `ifItem` but its type and end. */
type ConditionalParts<B> = Omit<Conditional<"ifMember" | "ifItem", B>, "type" | "end">;

/** A key as messages name it: quoted keys in double quotes, names in single quotes. */
function keyShown(key: string, quoted: boolean): string {
  return quoted ? `"${quoteInMessage(key)}"` : `'${quoteInMessage(key)}'`;
}

/**
 * W3 (§16.5): each member that writes a key an earlier member of the same
 * body (or top level) wrote. Top-level statements other than members
 * (includes, presets) write no key here: include merges are excepted.
 */
function keysSetAgain(members: readonly Statement[], warnings: WarningList, lines: LineIndex): void {
  let first: Map<string, Member> | undefined;
  for (const m of members) {
    if (m.type !== "member" || m.declare) continue;
    first ??= new Map();
    const earlier = first.get(m.key);
    if (earlier !== undefined) {
      // the key as written: a quoted key with its quotes
      const end = m.start + Math.max(1, m.quoted ? m.key.length + 2 : m.key.length);
      warnings.add(keySetAgainWarning(m.key, lines.line(earlier.start), m.start, end));
    }
    first.set(m.key, m);
  }
}

/** True when no two members of a body write the same key (`:=` declarations write none). */
function distinctKeys(members: readonly Member[]): boolean {
  if (members.length > 16) {
    const seen = new Set<string>();
    for (const m of members) {
      if (m.declare) continue;
      if (seen.has(m.key)) return false;
      seen.add(m.key);
    }
    return true;
  }
  for (let i = 0; i < members.length; i++) {
    const a = members[i] as Member;
    if (a.declare) continue;
    for (let j = 0; j < i; j++) {
      const b = members[j] as Member;
      if (!b.declare && b.key === a.key) return false;
    }
  }
  return true;
}

/** Whether a member binds `name` in its body's scope (a declaration binds nothing there, a quoted key nothing nameable). */
function keyBound(members: readonly Member[], name: string): boolean {
  for (const m of members) if (!m.declare && !m.quoted && m.key === name) return true;
  return false;
}

/** True when every item is a plain member (no spread nor conditional member). */
function allMembers(items: readonly BodyItem[]): boolean {
  for (let i = 0; i < items.length; i++) if ((items[i] as BodyItem).type !== "member") return false;
  return true;
}
