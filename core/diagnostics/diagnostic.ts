/**
 * One structured diagnostic type for every problem in a JSSON source
 * (lexical, syntax, runtime, include, output, limits). Detection produces
 * offsets; a {@link Diagnostic} is made from them once, when the problem
 * leaves the engine, with lines and columns computed from the source's line
 * index (make-diagnostic.ts). The spec's strings
 * (`Line <n>: …`, LANGUAGE.md §13.3's nested include form) are rendered from
 * the structure by the functions below, at the edges (CLI, HTTP, LSP,
 * playground) and only there: no consumer parses a message back.
 */
import type { DiagnosticCode } from "./catalogue.js";

/** How bad a problem is: an `error` stops the run; a `warning` (LANGUAGE.md §16.5) names a likely mistake and changes nothing. */
export type DiagnosticSeverity = "error" | "warning";

/**
 * A place in a source text: offsets (UTF-16 indices into the text of `file`)
 * and the 1-based lines and columns they fall on. Plain data, so it crosses
 * worker threads and JSON unchanged.
 */
export interface SourceSpan {
  /**
   * The file the span lies in, as the run named it: the root source's
   * `RunOptions.file`, or an included file's host id (an absolute path for
   * the file-system host, `/a/b.jsson` for a virtual folder). Absent for a
   * root source that has no name (stdin, an HTTP request's own source).
   */
  readonly file?: string;
  /** Start offset of the span. */
  readonly start: number;
  /** End offset of the span (exclusive). */
  readonly end: number;
  /** 1-based line of `start`. */
  readonly line: number;
  /** 1-based column of `start` (in UTF-16 code units). */
  readonly column: number;
  /** 1-based line of `end`. */
  readonly endLine: number;
  /** 1-based column of `end`. */
  readonly endColumn: number;
}

/** Another place that helps explain a diagnostic (where a key was first defined, the `@use` of a preset). */
export interface RelatedPlace extends SourceSpan {
  /** What this place is, in a few words (`first defined here`). */
  readonly message: string;
}

/**
 * A fix an editor can apply: replace the text of the span with `text` (an
 * empty span inserts it).
 */
export interface Suggestion extends SourceSpan {
  readonly text: string;
}

/** A problem found in a source text, at a {@link SourceSpan}. */
export interface Diagnostic extends SourceSpan {
  /** Stable code from the catalogue (`JSSON2003`). */
  readonly code: DiagnosticCode;
  readonly severity: DiagnosticSeverity;
  /**
   * This problem's own message, without the `Line <n>:` prefix and without
   * its cause: for an error inside an included file (I4) it is
   * `error in included file "<path>"`, and the inner error is {@link cause}.
   * {@link diagnosticMessage} gives the catalogue's full text.
   */
  readonly message: string;
  /**
   * The error this one reports, placed in the file where it happened: set on
   * I4 (an error inside an included file), whose own span is the `include`
   * statement; recursively for deeper includes.
   */
  readonly cause?: Diagnostic;
  /** Other places that explain the problem. */
  readonly related?: readonly RelatedPlace[];
  /** The fix for the problem, where there is one (a warning's "did you mean", a comma to insert). */
  readonly suggestion?: Suggestion;
}

/**
 * The catalogue message of `d` (LANGUAGE.md §13.2), its causes folded in as
 * §13.3 says: `error in included file "b.jsson": Line 2: division by zero`.
 */
export function diagnosticMessage(d: Diagnostic): string {
  return d.cause === undefined ? d.message : `${d.message}: ${renderDiagnostic(d.cause)}`;
}

/** `Line <n>: <message>`, the one-line form people and the HTTP `errors` field see (with its causes, §13.3). */
export function renderDiagnostic(d: Diagnostic): string {
  return `Line ${d.line}: ${diagnosticMessage(d)}`;
}

/**
 * The causes of `d`, outermost first: for an error two includes deep, the
 * error in the first included file, then the one in the second.
 */
export function causeChain(d: Diagnostic): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (let c = d.cause; c !== undefined; c = c.cause) out.push(c);
  return out;
}

/**
 * The one-line form followed by the source line and a caret under the span,
 * for terminals. `source` is the text the diagnostic's offsets refer to.
 */
export function renderDiagnosticWithSource(d: Diagnostic, source: string): string {
  return `${renderDiagnostic(d)}\n${renderExcerpt(d, source)}`;
}

/**
 * The source line of `span` and a caret line under it (`  3 | x = 1 / 0`,
 * `    |       ^`). `source` is the text the span's offsets refer to; a
 * line longer than 200 characters is clipped.
 */
export function renderExcerpt(span: SourceSpan, source: string): string {
  const lineStart = Math.max(0, span.start - (span.column - 1));
  let lineEnd = source.indexOf("\n", lineStart);
  if (lineEnd < 0) lineEnd = source.length;
  let text = source.slice(lineStart, lineEnd);
  if (text.endsWith("\r")) text = text.slice(0, -1);
  if (text.length > 200) text = text.slice(0, 200) + "…";
  const caretAt = Math.min(span.column - 1, text.length);
  const width = span.endLine === span.line ? Math.max(1, Math.min(span.end - span.start, text.length - caretAt)) : 1;
  const pad = text.slice(0, caretAt).replace(/[^\t]/g, " ");
  return `  ${span.line} | ${text}\n  ${" ".repeat(String(span.line).length)} | ${pad}${"^".repeat(width)}`;
}
