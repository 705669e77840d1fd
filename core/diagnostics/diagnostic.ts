/**
 * One structured diagnostic type for every problem in a JSSON source
 * (lexical, syntax, runtime, include, output, limits). Detection produces a
 * {@link Diagnostic} with offsets; lines and columns are computed from the
 * source's line index only when a diagnostic leaves the engine.
 */
import type { DiagnosticCode } from "./catalogue.js";

/** A problem found in a source text. Offsets are UTF-16 indices into the text of `file` (or the root source). */
export interface Diagnostic {
  /** Stable code from the catalogue (`JSSON2003`). */
  readonly code: DiagnosticCode;
  /** The message without the `Line <n>:` prefix. */
  readonly message: string;
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
  /** The file the span lies in; absent for the root source. */
  readonly file?: string;
}

/** `Line <n>: <message>`, the one-line form people and the HTTP `errors` field see. */
export function renderDiagnostic(d: Diagnostic): string {
  return `Line ${d.line}: ${d.message}`;
}

/**
 * The one-line form followed by the source line and a caret under the span,
 * for terminals. `source` is the text the diagnostic's offsets refer to.
 */
export function renderDiagnosticWithSource(d: Diagnostic, source: string): string {
  const lineStart = d.start - (d.column - 1);
  let lineEnd = source.indexOf("\n", lineStart);
  if (lineEnd < 0) lineEnd = source.length;
  let text = source.slice(lineStart, lineEnd);
  if (text.endsWith("\r")) text = text.slice(0, -1);
  if (text.length > 200) text = text.slice(0, 200) + "…";
  const caretAt = Math.min(d.column - 1, text.length);
  const width = d.endLine === d.line ? Math.max(1, Math.min(d.end - d.start, text.length - caretAt)) : 1;
  const pad = text.slice(0, caretAt).replace(/[^\t]/g, " ");
  return `${renderDiagnostic(d)}\n  ${d.line} | ${text}\n  ${" ".repeat(String(d.line).length)} | ${pad}${"^".repeat(width)}`;
}
