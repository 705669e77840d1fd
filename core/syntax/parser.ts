/**
 * The JSSON parser (LANGUAGE.md §3): recursive descent with precedence
 * climbing for binary operators, line-aware separators (§3.2) and template
 * row grouping (§7.2). Stops at the first error and returns it as a
 * diagnostic; never throws for user input.
 */
import { CODES, type DiagnosticCode } from "../diagnostics/catalogue.js";
import { quoteInMessage } from "../diagnostics/message-text.js";
import type { RawDiagnostic } from "../diagnostics/make-diagnostic.js";
import { FloatValue } from "../eval/values.js";
import { LineIndex } from "../source/line-index.js";
import type {
  ArrayBlockExpr,
  BodyScopeNeeds,
  BinaryOp,
  Expr,
  Member,
  ObjectExpr,
  Program,
  Statement,
  TemplateExpr,
} from "./ast.js";
import { LexError, Lexer, makeToken } from "./lexer.js";
import { KEY_FOLLOWERS, tokenText, type Token } from "./tokens.js";

/** Result of parsing: a program, or the first error. */
export type ParseResult =
  | { readonly program: Program; readonly diagnostic?: undefined; readonly lines: LineIndex }
  | { readonly program?: undefined; readonly diagnostic: RawDiagnostic; readonly lines: LineIndex };

export interface ParseOptions {
  readonly maxDepth: number;
  readonly maxSourceLength: number;
}

class ParseError extends Error {
  constructor(readonly diagnostic: RawDiagnostic) {
    super(diagnostic.message);
  }
}

/** Binary operator precedence (higher binds tighter); `map` and `..` sit between 4 and 7. */
const BINARY_PREC: Readonly<Record<string, number>> = {
  "||": 1,
  "&&": 2,
  "==": 3,
  "!=": 3,
  "<": 4,
  ">": 4,
  "<=": 4,
  ">=": 4,
  "+": 7,
  "-": 7,
  "*": 8,
  "/": 8,
  "%": 8,
};
const RANGE_LEVEL = 6;
/** Stands in {@link Parser.names} for a preset use: its body may name anything visible at the use site. */
const PRESET_USE = "@";
/** Operators allowed in one left-nested chain, per unit of the depth limit. */
const CHAIN_PER_DEPTH = 4;

/** Parse a whole source text. */
export function parseProgram(source: string, options: ParseOptions): ParseResult {
  const lines = new LineIndex(source);
  if (source.length > options.maxSourceLength) {
    const at = options.maxSourceLength;
    return { diagnostic: { code: CODES.LIMIT_SOURCE, message: `source too large (limit ${options.maxSourceLength} characters)`, start: at, end: at + 1 }, lines };
  }
  let p: Parser | undefined;
  try {
    p = new Parser(source, 0, options.maxDepth);
    return { program: p.program(), lines };
  } catch (e) {
    // The constructor reads the first token, so a lexical error can come before `p` exists.
    const d = e instanceof LexError ? e.diagnostic : p?.toDiagnostic(e);
    if (d) return { diagnostic: d, lines };
    throw e;
  }
}

class Parser {
  private readonly lexer: Lexer;
  private tok: Token;
  private ahead: Token | undefined;
  /** The last consumed token. */
  private prev: Token;
  private depth = 0;

  constructor(
    private readonly src: string,
    start: number,
    private readonly maxDepth: number,
    /** Every identifier used as a value, in source order ({@link PRESET_USE} for a preset use); shared with template sub-parsers. */
    private readonly names: string[] = [],
  ) {
    this.lexer = new Lexer(src, start);
    this.prev = makeToken("eof", "", start, start, 1, 1);
    this.tok = this.prev;
    this.tok = this.lex();
  }

  /** True when every token has been consumed. */
  atEnd(): boolean {
    return this.tok.kind === "eof";
  }

  toDiagnostic(e: unknown): RawDiagnostic | undefined {
    if (e instanceof ParseError || e instanceof LexError) return e.diagnostic;
    if (e instanceof RangeError && /call stack/i.test(e.message)) {
      return { code: CODES.LIMIT_DEPTH, message: `nesting too deep (limit ${this.maxDepth})`, start: this.tok.start, end: this.tok.end };
    }
    return undefined;
  }

  // ---- token stream -------------------------------------------------------

  private lex(): Token {
    return this.lexer.next();
  }

  private advance(): Token {
    const t = this.tok;
    this.prev = t;
    if (this.ahead) {
      this.tok = this.ahead;
      this.ahead = undefined;
    } else this.tok = this.lex();
    return t;
  }

  private peek2(): Token {
    return (this.ahead ??= this.lex());
  }

  private is(text: string): boolean {
    return this.tok.kind === "punct" && this.tok.text === text;
  }

  private isKeyword(text: string): boolean {
    return this.tok.kind === "keyword" && this.tok.text === text;
  }

  /** Fail at token `at`; the end of the file is reported where the last real token ends. */
  private fail(code: DiagnosticCode, message: string, at: Token = this.tok): never {
    if (at.kind === "eof" && this.prev.kind !== "eof") throw new ParseError({ code, message, start: this.prev.end - 1, end: this.prev.end });
    throw new ParseError({ code, message, start: at.start, end: Math.max(at.end, at.start + 1) });
  }

  private failAt(code: DiagnosticCode, message: string, start: number, end: number): never {
    throw new ParseError({ code, message, start, end });
  }

  private enter(): void {
    if (++this.depth > this.maxDepth) this.fail(CODES.LIMIT_DEPTH, `nesting too deep (limit ${this.maxDepth})`);
  }

  /** `expected ')'` etc.: at the unexpected token, or at the opener when the file ended. */
  private expectClose(close: string, opener: Token): Token {
    if (this.is(close)) return this.advance();
    if (this.tok.kind === "eof") this.fail(CODES.P4_EXPECTED_CLOSING, `expected '${close}'`, opener);
    return this.fail(CODES.P4_EXPECTED_CLOSING, `expected '${close}'`);
  }

  /**
   * The separator rule (§3.2) after an item: the next token must be `,`, the
   * closer, or on a later line. Returns true when a comma was consumed.
   */
  private separator(closer: string | "eof"): boolean {
    if (this.is(",")) {
      this.advance();
      if (this.is(",")) this.fail(CODES.P15_UNEXPECTED_COMMA, "unexpected ','");
      return true;
    }
    const atCloser = closer === "eof" ? this.tok.kind === "eof" : this.is(closer);
    if (atCloser || this.tok.kind === "eof") return false;
    if (this.tok.line > this.prev.endLine) return false;
    return this.fail(CODES.P2_EXPECTED_SEPARATOR, `expected ',' or a new line before '${tokenText(this.tok)}'`);
  }

  // ---- statements ---------------------------------------------------------

  program(): Program {
    const statements: Statement[] = [];
    while (this.tok.kind !== "eof") {
      if (this.is(",")) this.fail(CODES.P15_UNEXPECTED_COMMA, "unexpected ','");
      statements.push(this.statement());
      this.separator("eof");
    }
    return { type: "program", statements, start: 0, end: this.src.length };
  }

  private statement(): Statement {
    const t = this.tok;
    if (t.kind === "keyword" && t.text === "include" && !this.nextIsKeyFollower()) {
      this.advance();
      const path = this.tok;
      if (path.kind !== "string") this.fail(CODES.P7_INCLUDE_PATH, "expected a path string after include");
      this.advance();
      return { type: "include", path: path.text, start: t.start, end: path.end };
    }
    if (this.is("@")) {
      const next = this.peek2();
      if (next.kind === "ident" && next.text === "preset") return this.presetDef();
    }
    return this.member(true);
  }

  private presetDef(): Statement {
    const at = this.advance();
    this.advance(); // preset
    const name = this.tok;
    if (name.kind !== "string") this.fail(CODES.P11_PRESET_NAME, "expected preset name as string");
    this.advance();
    if (!this.is("{")) this.fail(CODES.P4_EXPECTED_CLOSING, `expected '{' after @preset "${name.text}"`);
    const body = this.objectBody();
    return { type: "presetDef", name: name.text, body, start: at.start, end: body.end };
  }

  private nextIsKeyFollower(): boolean {
    const n = this.peek2();
    return n.kind === "punct" && KEY_FOLLOWERS.has(n.text);
  }

  /** A member (top level or inside an object body). */
  private member(topLevel: boolean): Member {
    const t = this.tok;
    const keyLike = t.kind === "ident" || t.kind === "keyword" || (t.kind === "string" && this.src.charCodeAt(t.start) === 34 && !this.src.startsWith('"""', t.start));
    if (!keyLike) {
      if (!topLevel && this.is("@")) {
        const next = this.peek2();
        if (next.kind === "ident" && next.text === "preset") this.fail(CODES.P13_TOP_LEVEL_ONLY, "@preset is only allowed at top level");
      }
      return this.fail(CODES.P1_UNEXPECTED_TOKEN, `unexpected '${tokenText(t)}'`);
    }
    if (t.kind === "keyword" && !this.nextIsKeyFollower()) {
      if (t.text === "include" && !topLevel) this.fail(CODES.P13_TOP_LEVEL_ONLY, "include is only allowed at top level");
    }
    this.advance();
    const quoted = t.kind === "string";
    const shown = () => (quoted ? `"${quoteInMessage(t.text)}"` : `'${quoteInMessage(t.text)}'`);
    if (this.is(":=")) {
      if (quoted) this.fail(CODES.P3_EXPECTED_ASSIGN, `expected '=' after ${shown()}`);
      this.advance();
      const value = this.expression();
      return { type: "member", declare: true, key: t.text, quoted, value, start: t.start, end: value.end };
    }
    if (this.is("=") || this.is(":")) {
      this.advance();
      const value = this.expression();
      return { type: "member", declare: false, key: t.text, quoted, value, start: t.start, end: value.end };
    }
    if (this.is("{")) {
      const value = this.objectBody();
      return { type: "member", declare: false, key: t.text, quoted, value, start: t.start, end: value.end };
    }
    if (this.is("[")) {
      const value = this.arrayBlock();
      return { type: "member", declare: false, key: t.text, quoted, value, start: t.start, end: value.end };
    }
    return this.failAt(CODES.P3_EXPECTED_ASSIGN, `expected '=' after ${shown()}`, t.start, t.end);
  }

  /** `{ member, … }` (the current token is `{`). */
  private objectBody(): ObjectExpr {
    const open = this.advance();
    this.enter();
    const mark = this.names.length;
    const members: Member[] = [];
    for (;;) {
      if (this.is("}")) break;
      if (this.tok.kind === "eof" || this.is("]") || this.is(")")) this.expectClose("}", open);
      if (this.is(",")) this.fail(CODES.P15_UNEXPECTED_COMMA, "unexpected ','");
      members.push(this.member(false));
      this.separator("}");
    }
    const close = this.advance();
    this.depth--;
    return { type: "object", members, needs: this.scopeNeeds(members, mark), distinctKeys: distinctKeys(members), start: open.start, end: close.end };
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
    let bindMembers = false;
    const names = this.names;
    if (names.length > mark) {
      // A set only for large bodies: most bodies are small and most name nothing.
      let keys: Set<string> | undefined;
      if (members.length > 8) {
        keys = new Set();
        for (const m of members) if (!m.declare && !m.quoted) keys.add(m.key);
      }
      const named = (name: string): boolean => {
        if (keys !== undefined) return keys.has(name);
        for (const m of members) if (!m.declare && !m.quoted && m.key === name) return true;
        return false;
      };
      for (let i = mark; i < names.length && !bindMembers; i++) {
        const name = names[i] as string;
        bindMembers = name === PRESET_USE || named(name);
      }
    }
    return { bindMembers, ownScope: bindMembers || declares };
  }

  // ---- array blocks (§7) --------------------------------------------------

  private arrayBlock(): Expr {
    const open = this.tok;
    const first = this.peek2();
    if (first.kind === "keyword" && (first.text === "template" || first.text === "map")) {
      this.advance();
      this.enter();
      let fields: string[] | undefined;
      if (this.isKeyword("template")) {
        const kw = this.advance();
        if (!this.is("{")) this.fail(CODES.P4_EXPECTED_CLOSING, "expected '{' after template");
        this.advance();
        fields = [];
        while (!this.is("}")) {
          if (this.is(",")) {
            this.advance();
            continue;
          }
          if (this.tok.kind !== "ident" && this.tok.kind !== "keyword") {
            if (this.tok.kind === "eof") this.expectClose("}", kw);
            this.fail(CODES.P1_UNEXPECTED_TOKEN, `unexpected '${tokenText(this.tok)}'`);
          }
          fields.push(this.advance().text);
        }
        this.advance();
        if (fields.length === 0) this.fail(CODES.P9_TEMPLATE_NO_FIELDS, "template must declare at least one field", kw);
      }
      let mapParam: string | undefined;
      let mapBody: Expr | undefined;
      let mapAt = open.start;
      if (this.isKeyword("map")) {
        const clause = this.mapClause();
        mapParam = clause.param;
        mapBody = clause.body;
        mapAt = clause.at;
      }
      const rows = this.rows(fields?.length ?? 1, open);
      const close = this.advance();
      this.depth--;
      const block: ArrayBlockExpr = { type: "arrayBlock", fields, mapParam, mapBody, mapAt, rows, start: open.start, end: close.end };
      return block;
    }
    return this.arrayLiteral();
  }

  private mapClause(): { param: string; body: Expr; at: number } {
    const kw = this.advance();
    if (!this.is("(")) this.fail(CODES.P8_MAP_SYNTAX, `expected ( but found ${tokenText(this.tok)} instead`);
    this.advance();
    if (this.tok.kind !== "ident") this.fail(CODES.P8_MAP_SYNTAX, `expected IDENT but found ${tokenText(this.tok)} instead`);
    const param = this.advance().text;
    if (!this.is(")")) this.fail(CODES.P8_MAP_SYNTAX, `expected ) but found ${tokenText(this.tok)} instead`);
    this.advance();
    if (!this.is("=")) this.fail(CODES.P8_MAP_SYNTAX, `expected = but found ${tokenText(this.tok)} instead`);
    this.advance();
    const body = this.expression();
    return { param, body, at: kw.start };
  }

  /** Template rows grouped per §7.2; the current token follows the template/map part. */
  private rows(n: number, open: Token): Expr[][] {
    const rows: Expr[][] = [];
    if (this.is(",")) this.advance();
    else if (!this.is("]") && this.tok.kind !== "eof" && this.tok.line <= this.prev.endLine) {
      this.fail(CODES.P2_EXPECTED_SEPARATOR, `expected ',' or a new line before '${tokenText(this.tok)}'`);
    }
    let current: Expr[] | undefined;
    let closedLine = -1;
    let afterComma = false;
    for (;;) {
      if (this.is("]")) break;
      if (this.tok.kind === "eof" || this.is("}") || this.is(")")) this.expectClose("]", open);
      if (this.is(",")) this.fail(CODES.P15_UNEXPECTED_COMMA, "unexpected ','");
      const cellTok = this.tok;
      if (current === undefined && afterComma && n >= 2 && cellTok.line === closedLine) {
        this.fail(CODES.P10_TOO_MANY_ROW_VALUES, `too many values in template row (expected ${n})`);
      }
      const cell = this.expression();
      if (current === undefined) current = [cell];
      else current.push(cell);
      if (current.length === n) {
        rows.push(current);
        current = undefined;
        closedLine = this.prev.endLine;
      }
      afterComma = false;
      if (this.is(",")) {
        this.advance();
        if (this.is(",")) this.fail(CODES.P15_UNEXPECTED_COMMA, "unexpected ','");
        afterComma = true;
      } else if (!this.is("]") && this.tok.kind !== "eof") {
        if (this.tok.line <= this.prev.endLine) this.fail(CODES.P2_EXPECTED_SEPARATOR, `expected ',' or a new line before '${tokenText(this.tok)}'`);
        if (current !== undefined) {
          rows.push(current);
          current = undefined;
        }
      }
    }
    if (current !== undefined) rows.push(current);
    return rows;
  }

  private arrayLiteral(): Expr {
    const open = this.advance();
    this.enter();
    const elements: Expr[] = [];
    for (;;) {
      if (this.is("]")) break;
      if (this.tok.kind === "eof" || this.is("}") || this.is(")")) this.expectClose("]", open);
      if (this.is(",")) this.fail(CODES.P15_UNEXPECTED_COMMA, "unexpected ','");
      elements.push(this.expression());
      this.separator("]");
    }
    const close = this.advance();
    this.depth--;
    return { type: "array", elements, start: open.start, end: close.end };
  }

  // ---- expressions --------------------------------------------------------

  /** expression = ternary (§3.1). */
  expression(): Expr {
    this.enter();
    const test = this.binary(1);
    let result = test;
    if (this.is("?")) {
      const q = this.advance();
      const then = this.expression();
      if (!this.is(":")) this.fail(CODES.P5_TERNARY_COLON, "expected ':' in ternary expression");
      this.advance();
      const otherwise = this.expression();
      result = { type: "ternary", test, then, otherwise, at: q.start, start: test.start, end: otherwise.end };
    }
    this.depth--;
    return result;
  }

  /** Precedence climbing over `|| && == != < > <= >=`; operands are map-level expressions. */
  private binary(minPrec: number): Expr {
    let left = minPrec > RANGE_LEVEL ? this.unary() : this.mapLevel();
    let chain = 0;
    for (;;) {
      const t = this.tok;
      if (t.kind !== "punct") break;
      const prec = BINARY_PREC[t.text];
      if (prec === undefined || prec < minPrec) break;
      // A chain nests to the left: evaluating it recurses once per operator.
      if (++chain > this.maxDepth * CHAIN_PER_DEPTH) this.fail(CODES.LIMIT_DEPTH, `expression too long (limit ${this.maxDepth * CHAIN_PER_DEPTH} operators in a row)`);
      this.advance();
      const right = this.binary(prec + 1);
      left = { type: "binary", op: t.text as BinaryOp, left, right, at: t.start, start: left.start, end: right.end };
    }
    return left;
  }

  /** map_expr = range_expr [ "map" "(" ident ")" "=" expression ]. */
  private mapLevel(): Expr {
    const source = this.rangeLevel();
    if (this.isKeyword("map") && (this.tok.line === this.prev.endLine || this.peek2IsOpenParen())) {
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
    const dots = this.advance();
    const to = this.binary(RANGE_LEVEL + 1);
    let step: Expr | undefined;
    if (this.isKeyword("step") && this.tok.line === this.prev.endLine && !this.nextIsKeyFollower()) {
      this.advance();
      step = this.binary(RANGE_LEVEL + 1);
    }
    return { type: "range", from, to, step, at: dots.start, start: from.start, end: (step ?? to).end };
  }

  private unary(): Expr {
    if (this.is("-") || this.is("!")) {
      const op = this.advance();
      this.enter();
      const operand = this.unary();
      this.depth--;
      return { type: "unary", op: op.text as "-" | "!", operand, start: op.start, end: operand.end };
    }
    return this.postfix();
  }

  private postfix(): Expr {
    let e = this.primary();
    while (this.is(".")) {
      const dot = this.advance();
      const name = this.tok;
      if (name.kind !== "ident" && name.kind !== "keyword") this.fail(CODES.P6_MEMBER_NAME, "expected identifier after '.'");
      this.advance();
      e = { type: "member", object: e, property: name.text, at: dot.start, start: e.start, end: name.end };
    }
    return e;
  }

  private primary(): Expr {
    const t = this.tok;
    switch (t.kind) {
      case "int":
        this.advance();
        return { type: "literal", value: t.int ?? 0, start: t.start, end: t.end };
      case "float":
        this.advance();
        return { type: "literal", value: new FloatValue(Number(t.text)), start: t.start, end: t.end };
      case "string":
        this.advance();
        return { type: "literal", value: t.text, start: t.start, end: t.end };
      case "template":
        this.advance();
        return this.template(t);
      case "ident":
        this.advance();
        this.names.push(t.text);
        return { type: "ident", name: t.text, start: t.start, end: t.end };
      case "keyword":
        if (t.text === "true" || t.text === "false" || t.text === "null") {
          this.advance();
          return { type: "literal", value: t.text === "null" ? null : t.text === "true", start: t.start, end: t.end };
        }
        return this.fail(CODES.P14_UNEXPECTED_KEYWORD, `unexpected keyword '${t.text}'`);
      case "eof":
        return this.fail(CODES.P1_UNEXPECTED_TOKEN, "unexpected 'end of file'");
      case "punct":
        break;
    }
    switch (t.text) {
      case "(": {
        this.advance();
        const inner = this.expression();
        const close = this.expectClose(")", t);
        return { ...inner, start: t.start, end: close.end };
      }
      case "[":
        return this.arrayLiteral();
      case "{":
        return this.objectBody();
      case "@":
        return this.presetUse();
    }
    return this.fail(CODES.P1_UNEXPECTED_TOKEN, `unexpected '${t.text}'`);
  }

  private presetUse(): Expr {
    const at = this.advance();
    this.names.push(PRESET_USE);
    let name = this.tok;
    if (name.kind === "ident" && name.text === "use") {
      this.advance();
      name = this.tok;
      if (name.kind !== "string") this.fail(CODES.P11_PRESET_NAME, "expected preset name as string after @use");
    } else if (name.kind !== "string") {
      this.fail(CODES.P12_AFTER_AT, `unexpected token after @: ${tokenText(name)}`);
    }
    this.advance();
    const overrides = this.is("{") ? this.objectBody() : undefined;
    return { type: "presetUse", name: name.text, overrides, at: at.start, start: at.start, end: (overrides ?? name).end };
  }

  /** Split a backtick string into text and `${…}` expressions (§2.6, §4.9). */
  private template(t: Token): TemplateExpr {
    const content = t.text;
    const base = t.contentStart ?? t.start + 1;
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
    return { type: "template", parts, start: t.start, end: t.end };
  }

  /** Parse `src[start, end)` as one complete expression, or undefined. */
  private subExpression(start: number, end: number): Expr | undefined {
    const sub = new Parser(this.src.slice(0, end), start, this.maxDepth - this.depth, this.names);
    try {
      if (sub.tok.kind === "eof") return undefined;
      const e = sub.expression();
      return sub.atEnd() ? e : undefined;
    } catch (e) {
      if (sub.toDiagnostic(e)) return undefined;
      throw e;
    }
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
