import type { DiagnosticCode } from "../diagnostics/catalogue.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { messageLine } from "../diagnostics/message-text.js";
import type { LineIndex } from "../source/line-index.js";

/** A diagnostic as detected: offsets only. */
export interface RawDiagnostic {
  readonly code: DiagnosticCode;
  readonly message: string;
  readonly start: number;
  readonly end: number;
}

/** Attach lines and columns to a detected diagnostic (done once, at the edge). */
export function makeDiagnostic(raw: RawDiagnostic, lines: LineIndex, file?: string): Diagnostic {
  const s = lines.position(raw.start);
  const e = lines.position(Math.max(raw.start, raw.end));
  const d = { code: raw.code, message: messageLine(raw.message), start: raw.start, end: raw.end, line: s.line, column: s.column, endLine: e.line, endColumn: e.column };
  return file === undefined ? d : { ...d, file };
}
