/**
 * The JSSON formatter (`jsson fmt`, the language server's formatting): one
 * canonical layout, described in docs/formatting.md.
 *
 * It prints the concrete syntax tree (core/syntax/syntax-tree.ts), which
 * keeps every comment and line break. JSSON's meaning depends on line
 * breaks (the separator rule, template row grouping, `map` and `step` on the
 * same line, LANGUAGE.md §3.2, §7.2), so line breaks stay where the author
 * put them (runs of blank lines become one), every token keeps its exact
 * text (strings byte for byte), and only the space between tokens on a
 * line, the indentation and redundant commas change; the tree pairs the
 * brackets. A text with syntax errors is refused with its diagnostics,
 * unless {@link FormatOptions.formatBroken}: then each item that holds an
 * error (an `error` node) is printed as written and the rest is formatted.
 *
 * Imports point one way: this module uses core/syntax; nothing in core uses it.
 */
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { makeDiagnostic } from "../diagnostics/make-diagnostic.js";
import { DEFAULT_LIMITS } from "../values/limits.js";
import { parseTree } from "../syntax/parse-tree.js";
import { layoutTokens, type LayoutToken } from "./layout-tokens.js";

/** Options of {@link formatSource}. */
export interface FormatOptions {
  /** Spaces per indentation level (default 2). */
  readonly indent?: number;
  /** Deepest nesting the parse accepts (default: the engine's, DEFAULT_LIMITS.maxDepth). */
  readonly maxDepth?: number;
  /** Longest source accepted, in UTF-16 code units (default: DEFAULT_LIMITS.maxSourceLength). */
  readonly maxSourceLength?: number;
  /** The file the text is from, named in its diagnostics (`Diagnostic.file`). */
  readonly file?: string;
  /** Format a text with syntax errors too: each item holding an error is kept as written (`jsson fmt --force`). */
  readonly formatBroken?: boolean;
}

/**
 * The formatted text, or the syntax errors that stopped it; with
 * {@link FormatOptions.formatBroken}, the errors and the text formatted
 * around them.
 */
export type FormatResult =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly diagnostics: readonly Diagnostic[]; readonly text?: string };

/**
 * What a bracket encloses, which decides whether commas may be dropped:
 * only where a line break is an equivalent separator (§3.2). In an array
 * block a comma at the end of a line continues the row (§7.2), and
 * template field lists and parentheses are left as written.
 */
type FrameKind = "top" | "object" | "array" | "block" | "fields" | "paren";

interface Frame {
  readonly kind: FrameKind;
  /** Indentation of the line the opener is on (the closer's line gets it); -1 for the top level. */
  readonly base: number;
  /** `?` seen without their `:` yet: a `:` then belongs to a ternary, else it follows a key. */
  pendingTernaries: number;
  /** The closer is on a later line than the opener: content goes on lines of its own, the closer too. */
  readonly spread: boolean;
}

/**
 * Format a JSSON source text. Pure and synchronous; linear in the text
 * (after the parse that checks it).
 */
export function formatSource(text: string, options: FormatOptions = {}): FormatResult {
  const tree = parseTree(text, {
    maxDepth: options.maxDepth ?? DEFAULT_LIMITS.maxDepth,
    maxSourceLength: options.maxSourceLength ?? DEFAULT_LIMITS.maxSourceLength,
  });
  const indent = options.indent ?? 2;
  if (tree.diagnostics.length === 0) return { ok: true, text: layout(text, layoutTokens(tree.root), indent) };
  const diagnostics = tree.diagnostics.map((d) => makeDiagnostic(d, tree.parse.lines, options.file));
  return options.formatBroken === true ? { ok: false, diagnostics, text: layout(text, layoutTokens(tree.root), indent) } : { ok: false, diagnostics };
}

/** Tokens after which the next token starts an operand, so `-` there is unary. */
function endsOperand(t: LayoutToken, before: LayoutToken | undefined): boolean {
  switch (t.kind) {
    case "int":
    case "float":
    case "string":
    case "template":
    case "ident":
    case "verbatim":
    case "error":
      return true;
    case "keyword":
      // `true`/`false`/`null`, or any keyword as a property name after `.`.
      return t.text === "true" || t.text === "false" || t.text === "null" || (before?.kind === "punct" && before.text === ".");
    case "punct":
      return t.text === ")" || t.text === "]" || t.text === "}";
    case "eof":
      return false;
  }
}

function isPunct(t: LayoutToken | undefined, text: string): boolean {
  return t !== undefined && t.kind === "punct" && t.text === text;
}

function layout(text: string, tokens: readonly LayoutToken[], indentWidth: number): string {
  const out: string[] = [];
  const frames: Frame[] = [{ kind: "top", base: -1, pendingTernaries: 0, spread: false }];
  /** The last token was the opener of a spread body: what follows goes on the next line. */
  let breakAfterOpener = false;
  /** Indentation level of the line being written. */
  let lineIndent = 0;
  /** Something (token or comment) is on the current output line. */
  let lineHasContent = false;
  /** The last thing written was an opening bracket (no blank line may follow it). */
  let afterOpener = false;
  /** The previous written token, and the one before it. */
  let prev: LayoutToken | undefined;
  let prevPrev: LayoutToken | undefined;
  /** The previous written token was a unary operator. */
  let prevUnary = false;
  /** Line breaks before a dropped comma, owed to what follows it. */
  let carry = 0;

  const frame = (): Frame => frames[frames.length - 1] as Frame;
  /** Start a new output line (at most one blank line before it) at `level`. */
  const newLine = (newlines: number, level: number): void => {
    if (out.length > 0) out.push(newlines >= 2 && !afterOpener ? "\n\n" : "\n");
    out.push(" ".repeat(level * indentWidth));
    lineIndent = level;
    lineHasContent = false;
  };

  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as LayoutToken;
    // A comment on the line of the previous token stays at its end; others get their own line.
    for (const c of t.comments) {
      const newlines = c.newlinesBefore + carry;
      carry = 0;
      // beside an item kept as written, the blanks stay as written too (`http://x`: a comment glued to the error)
      if (newlines === 0 && lineHasContent) out.push(prev?.kind === "verbatim" && c === t.comments[0] ? text.slice(prev.end, c.start) : " ");
      else {
        newLine(newlines, frame().base + 1);
        afterOpener = false;
      }
      out.push(c.text);
      lineHasContent = true;
    }
    let newlines = t.newlinesBefore + carry;
    carry = 0;
    if (t.kind === "eof") break;

    const isCloser = t.closes;
    if (breakAfterOpener || (isCloser && frame().spread)) newlines = Math.max(newlines, 1);
    breakAfterOpener = false;
    // Drop a comma where a line break or the closer already separates (§3.2).
    // In an array block a comma at the end of a line continues the row (§7.2): only one before `]` goes.
    // Commas beside an item kept as written stay: the errors around them are not ours to change.
    if (isPunct(t, ",") && prev?.kind !== "verbatim" && tokens[i + 1]?.kind !== "verbatim") {
      const next = tokens[i + 1] as LayoutToken;
      const kind = frame().kind;
      // A line break before `-` is no separator: `1⏎-2` is `1 - 2` (§3.3), so that comma stays.
      const lineBreakSeparates = kind !== "block" && (next.line > t.endLine || next.kind === "eof") && !isPunct(next, "-");
      if (kind !== "paren" && kind !== "fields" && (next.closes || lineBreakSeparates)) {
        carry = newlines;
        continue;
      }
    }

    if (newlines > 0 || !lineHasContent) newLine(isCloser ? 1 : newlines, isCloser ? frame().base : frame().base + 1);
    else if (needsSpace(prev, t, prevUnary, frame())) out.push(" ");
    // beside an item kept as written, no blank is taken away (two tokens would run into one)
    else if (prev !== undefined && (prev.kind === "verbatim" || t.kind === "verbatim")) out.push(text.slice(prev.end, t.start));

    if (isCloser) frames.pop();
    // a stray U+FEFF (refused text) first in the output would read back as a byte-order mark: a blank keeps it stray
    if (out.length === 1 && out[0] === "" && t.text.charCodeAt(0) === 0xfeff) out.push(" ");
    out.push(text.slice(t.start, t.end));
    lineHasContent = true;
    afterOpener = false;

    if (t.kind === "punct") {
      const f = frame();
      if (t.text === "?") f.pendingTernaries++;
      else if (t.text === ":" && f.pendingTernaries > 0) f.pendingTernaries--;
      else if (t.closerLine !== undefined) {
        const kind = frameKind(t, prev, tokens[i + 1]);
        const spread = kind !== "paren" && kind !== "fields" && t.closerLine > t.line;
        frames.push({ kind, base: lineIndent, pendingTernaries: 0, spread });
        afterOpener = true;
        breakAfterOpener = spread;
      }
    }
    prevUnary = isUnary(t, prev, prevPrev);
    prevPrev = prev;
    prev = t;
  }
  if (lineHasContent) out.push("\n");
  return out.join("");
}

function frameKind(open: LayoutToken, prev: LayoutToken | undefined, next: LayoutToken | undefined): FrameKind {
  if (open.text === "(") return "paren";
  if (open.text === "{") return prev?.kind === "keyword" && prev.text === "template" ? "fields" : "object";
  return next?.kind === "keyword" && (next.text === "template" || next.text === "map") ? "block" : "array";
}

function isUnary(t: LayoutToken, prev: LayoutToken | undefined, prevPrev: LayoutToken | undefined): boolean {
  if (t.kind !== "punct") return false;
  if (t.text === "!") return true;
  return t.text === "-" && !(prev !== undefined && endsOperand(prev, prevPrev));
}

/** Whether one space separates `a` and `b` written on the same line. */
function needsSpace(a: LayoutToken | undefined, b: LayoutToken, aIsUnary: boolean, f: Frame): boolean {
  if (a === undefined) return false;
  if (aIsUnary) return false;
  if (a.kind === "punct") {
    if (a.text === "(" || a.text === "[" || a.text === "." || a.text === ".." || a.text === "..." || a.text === "@") return false;
    if (a.text === "{") return !isPunct(b, "}");
  }
  if (b.kind === "punct") {
    switch (b.text) {
      case ")":
      case "]":
      case ",":
      case ".":
      case "..":
        return false;
      case ":":
        // `key: value`, but `a ? b : c`.
        return f.pendingTernaries > 0;
    }
  }
  return true;
}
