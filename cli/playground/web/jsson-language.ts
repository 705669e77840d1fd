/**
 * JSSON syntax highlighting for CodeMirror 6: a line-by-line tokenizer
 * (StreamLanguage) following LANGUAGE.md §2. Highlighting only — the real
 * parser runs on the server, which also reports the errors.
 *
 * Multi-line constructs (all four string forms, `${ … }` inside templates)
 * live on a small stack in the state, so a string opened on one line keeps
 * its colour on the next ones.
 */
import { StreamLanguage, type StreamParser, type StringStream } from "@codemirror/language";

/** An open construct that continues across tokens (innermost last). */
interface Frame {
  /** "dq": "…"  "raw": """…""" or ```…``` (closed by `close`)  "tpl": `…`  "interp": ${…} inside a template. */
  readonly kind: "dq" | "raw" | "tpl" | "interp";
  readonly close?: string;
  /** Open `{` inside an `${…}`, so that its closing `}` is found. */
  braces: number;
}

export interface JssonState {
  stack: Frame[];
  /** Open brackets outside strings (for indentation). */
  depth: number;
  /** The last significant token: a name right after `{`, `,` or at a line start may be a key. */
  prev: string;
}

const IDENT = /^[\p{L}_][\p{L}\p{Nd}_]*/u;
const NUMBER = /^\d+(?:\.\d+)?/;
/** A number glued to a name (`10px`, `1e5`): lexical error L3, so shown as invalid. */
const BAD_NUMBER = /^\d+(?:\.\d+)?[\p{L}_][\p{L}\p{Nd}_]*/u;
const KEYWORDS: ReadonlySet<string> = new Set(["template", "map", "include", "step"]);
const KEY_FOLLOWS = /^\s*(?:=(?!=)|:(?!=)|\{|\[)/;
const DECL_FOLLOWS = /^\s*:=/;
const OPERATORS = /^(?::=|==|!=|<=|>=|&&|\|\||\.\.\.|\.\.|[=:?<>+\-*/%!.])/;

function top(state: JssonState): Frame | undefined {
  return state.stack[state.stack.length - 1];
}

/** Inside a regular "…" string: up to the closing quote or the end of the line. */
function regularString(stream: StringStream, state: JssonState): string {
  let escaped = false;
  while (!stream.eol()) {
    const ch = stream.next();
    if (escaped) escaped = false;
    else if (ch === "\\") escaped = true;
    else if (ch === '"') {
      state.stack.pop();
      return "string";
    }
  }
  return "string";
}

/** Inside a raw string: up to `close` or the end of the line. */
function rawString(stream: StringStream, state: JssonState, close: string): string {
  if (stream.skipTo(close)) {
    stream.pos += close.length;
    state.stack.pop();
  } else stream.skipToEnd();
  return "string";
}

/** Inside a template: literal text up to a backtick, an `${`, or the end of the line. */
function templateText(stream: StringStream, state: JssonState): string {
  if (stream.match("${")) {
    state.stack.push({ kind: "interp", braces: 0 });
    return "meta";
  }
  while (!stream.eol()) {
    if (stream.peek() === "`") {
      stream.next();
      state.stack.pop();
      return "string.special";
    }
    if (stream.match("${", false)) break;
    stream.next();
  }
  return "string.special";
}

/** A token outside string text (top level, or inside `${…}`). */
function code(stream: StringStream, state: JssonState): string | null {
  const prev = state.prev;
  const keyPlace = stream.pos === stream.indentation() || prev === "{" || prev === ",";
  state.prev = "x";

  if (stream.match("//")) {
    stream.skipToEnd();
    state.prev = prev;
    return "lineComment";
  }
  const close = stream.match('"""') ? '"""' : stream.match("```") ? "```" : undefined;
  if (close !== undefined) {
    state.stack.push({ kind: "raw", close, braces: 0 });
    return rawString(stream, state, close);
  }
  if (stream.eat('"')) {
    state.stack.push({ kind: "dq", braces: 0 });
    const style = regularString(stream, state);
    // A quoted key ("my-key" = 1) reads as a key.
    return keyPlace && top(state)?.kind !== "dq" && stream.match(KEY_FOLLOWS, false) ? "propertyName.definition" : style;
  }
  if (stream.eat("`")) {
    state.stack.push({ kind: "tpl", braces: 0 });
    return "string.special";
  }
  if (stream.match(BAD_NUMBER)) return "invalid";
  if (stream.match(NUMBER)) return "number";

  const word = stream.match(IDENT);
  if (word !== null && word !== false && word !== true) {
    const name = word[0];
    // `[ template { … }` opens a template, although `template { … }` elsewhere is an object block named "template".
    if (name === "template" && prev === "[") return "keyword";
    // `else {` / `else [` / `else if` of a conditional member or element (§16.3): the keyword, as in the TextMate
    // grammar (an if branch before it is the common case; a key named else holding a block is the one miss).
    if (name === "else" && stream.match(/^\s*(?:\{|\[|if\b)/, false)) return "keyword";
    if (keyPlace && stream.match(DECL_FOLLOWS, false)) return "variableName.definition";
    if (keyPlace && stream.match(KEY_FOLLOWS, false)) return "propertyName.definition";
    if (prev === ".") return "propertyName";
    if (name === "true" || name === "false") return "bool";
    if (name === "null") return "null";
    if (KEYWORDS.has(name)) return "keyword";
    // `if (…)` of a conditional member or element (§16.3); elsewhere a plain name.
    if (name === "if" && stream.match(/^[ \t]*\(/, false)) return "keyword";
    return "variableName";
  }

  if (stream.eat("@")) {
    stream.match(/^(?:preset|use)\b/);
    return "meta";
  }
  const ch = stream.peek();
  if (ch === "{" || ch === "[" || ch === "(") {
    stream.next();
    state.prev = ch;
    const frame = top(state);
    if (ch === "{" && frame?.kind === "interp") frame.braces++;
    else state.depth++;
    return ch === "{" ? "brace" : ch === "[" ? "squareBracket" : "paren";
  }
  if (ch === "}" || ch === "]" || ch === ")") {
    stream.next();
    const frame = top(state);
    if (ch === "}" && frame?.kind === "interp") {
      if (frame.braces === 0) {
        state.stack.pop();
        return "meta";
      }
      frame.braces--;
      return "brace";
    }
    state.depth = Math.max(0, state.depth - 1);
    return ch === "}" ? "brace" : ch === "]" ? "squareBracket" : "paren";
  }
  if (ch === ",") {
    stream.next();
    state.prev = ",";
    return "separator";
  }
  const op = stream.match(OPERATORS);
  if (op !== null && op !== false && op !== true) {
    state.prev = op[0] === "." ? "." : "op";
    return op[0] === ":=" ? "definitionOperator" : "operator";
  }
  stream.next();
  return "invalid";
}

const parser: StreamParser<JssonState> = {
  name: "jsson",
  startState: () => ({ stack: [], depth: 0, prev: "{" }),
  copyState: (s) => ({ stack: s.stack.map((f) => ({ ...f })), depth: s.depth, prev: s.prev }),
  token(stream, state) {
    const frame = top(state);
    if (frame === undefined || frame.kind === "interp") {
      if (stream.eatSpace()) return null;
      return code(stream, state);
    }
    switch (frame.kind) {
      case "dq":
        return regularString(stream, state);
      case "raw":
        return rawString(stream, state, frame.close ?? '"""');
      case "tpl":
        return templateText(stream, state);
    }
  },
  indent(state, textAfter, context) {
    if (state.stack.length > 0 && top(state)?.kind !== "interp") return null; // inside a string: keep as typed
    const closing = /^\s*[}\])]/.test(textAfter) ? 1 : 0;
    return Math.max(0, state.depth - closing) * context.unit;
  },
  languageData: {
    commentTokens: { line: "//" },
    indentOnInput: /^\s*[}\])]$/,
  },
};

export const jssonLanguage = StreamLanguage.define(parser);
