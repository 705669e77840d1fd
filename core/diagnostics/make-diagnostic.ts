import type { DiagnosticCode } from "../diagnostics/catalogue.js";
import type { Diagnostic, DiagnosticSeverity, RelatedPlace, SourceSpan } from "../diagnostics/diagnostic.js";
import { messageLine } from "../diagnostics/message-text.js";
import { LineIndex } from "../source/line-index.js";

/** A diagnostic as detected: offsets only (in the text where it was found). */
export interface RawDiagnostic {
  readonly code: DiagnosticCode;
  readonly message: string;
  readonly start: number;
  readonly end: number;
  /** The error this one reports, already placed in its own file (I4: the error inside the included file). */
  readonly cause?: Diagnostic;
  /** Other places, already placed. */
  readonly related?: readonly RelatedPlace[];
  /** A fix: replace `[start, end)` of the same text with `text`. */
  readonly suggestion?: { readonly text: string; readonly start: number; readonly end: number };
}

/**
 * The span from `start` to `end` of the text `lines` indexes, with its lines
 * and columns; `file` names that text (absent for an unnamed root source).
 */
export function makeSpan(lines: LineIndex, start: number, end: number, file?: string): SourceSpan {
  const s = lines.position(start);
  const e = lines.position(Math.max(start, end));
  const span = { start, end, line: s.line, column: s.column, endLine: e.line, endColumn: e.column };
  return file === undefined ? span : { ...span, file };
}

/**
 * A diagnostic at offsets `start`..`end` of `text` (the root source when
 * `file` is absent), for a limit its caller enforced itself (a server that
 * stopped a run from outside names the line the run last reported).
 */
export function diagnosticAt(text: string, start: number, end: number, code: DiagnosticCode, message: string, file?: string): Diagnostic {
  return makeDiagnostic({ code, message, start, end }, new LineIndex(text), file);
}

/** Attach lines and columns (from the line index of the text it was found in) and the file to a detected diagnostic: done once, at the edge. */
export function makeDiagnostic(raw: RawDiagnostic, lines: LineIndex, file?: string, severity: DiagnosticSeverity = "error"): Diagnostic {
  const d: Diagnostic = { code: raw.code, severity, message: messageLine(raw.message), ...makeSpan(lines, raw.start, raw.end, file) };
  if (raw.cause === undefined && raw.related === undefined && raw.suggestion === undefined) return d;
  // A related place found without its file (the parser's: it never knows the file) lies in this diagnostic's file.
  const related = raw.related === undefined || file === undefined ? raw.related : raw.related.map((r) => (r.file === undefined ? { ...r, file } : r));
  const s = raw.suggestion;
  return {
    ...d,
    ...(raw.cause === undefined ? {} : { cause: raw.cause }),
    ...(related === undefined ? {} : { related }),
    ...(s === undefined ? {} : { suggestion: { text: s.text, ...makeSpan(lines, s.start, s.end, file) } }),
  };
}
