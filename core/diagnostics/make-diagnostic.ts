import type { DiagnosticCode } from "../diagnostics/catalogue.js";
import type { Diagnostic, DiagnosticSeverity, RelatedPlace, SourceSpan, Suggestion } from "../diagnostics/diagnostic.js";
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
  return spanInto({ start, end }, lines, file);
}

/** What {@link spanInto} adds to: an object with its own fields first, its offsets last. */
type Unplaced<T extends SourceSpan> = { -readonly [K in keyof T]?: T[K] } & { start: number; end: number };

/**
 * `into`, given the lines and columns of its `start` and `end`, and `file`
 * when there is one, in that key order (the order JSON output shows), one by
 * one, never spread: every warning is placed (warning-list.ts says why).
 */
function spanInto<T extends SourceSpan>(into: Unplaced<T>, lines: LineIndex, file: string | undefined): T {
  const s = lines.position(into.start);
  const e = lines.position(Math.max(into.start, into.end));
  into.line = s.line;
  into.column = s.column;
  into.endLine = e.line;
  into.endColumn = e.column;
  if (file !== undefined) into.file = file;
  return into as T;
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
  const d = spanInto<Diagnostic>({ code: raw.code, severity, message: messageLine(raw.message), start: raw.start, end: raw.end }, lines, file);
  if (raw.cause === undefined && raw.related === undefined && raw.suggestion === undefined) return d;
  const more: Unplaced<Diagnostic> = d;
  if (raw.cause !== undefined) more.cause = raw.cause;
  // A related place found without its file (the parser's: it never knows the file) lies in this diagnostic's file.
  if (raw.related !== undefined) more.related = file === undefined ? raw.related : raw.related.map((r) => (r.file === undefined ? { ...r, file } : r));
  const s = raw.suggestion;
  if (s !== undefined) more.suggestion = spanInto<Suggestion>({ text: s.text, start: s.start, end: s.end }, lines, file);
  return d;
}
