/** How the CLI prints a source diagnostic on stderr. */
import { renderDiagnostic, renderDiagnosticWithSource, type Diagnostic } from "../../core/diagnostics/diagnostic.js";
import { terminalText } from "./terminal-text.js";

/**
 * `Line <n>: <message>`, then the source line and a caret. Errors inside an
 * included file are reported on the root file's `include` line (I4), so the
 * line shown is always one of `rootSource`; a diagnostic whose offsets
 * belong to another file is printed without the source line.
 *
 * Control characters in the message and the source line are shown escaped
 * ({@link terminalText}); the caret is placed on the escaped line, so it
 * stays under the character it points at however many escapes precede it.
 */
export function diagnosticReport(d: Diagnostic, rootSource: string): string {
  const shown = { ...d, message: terminalText(d.message) };
  if (d.file !== undefined) return renderDiagnostic(shown) + "\n";
  // the diagnostic's line, escaped, as a one-line source with the span moved to match
  const lineStart = d.start - (d.column - 1);
  let lineEnd = rootSource.indexOf("\n", lineStart);
  if (lineEnd < 0) lineEnd = rootSource.length;
  if (lineEnd > lineStart && rootSource[lineEnd - 1] === "\r") lineEnd--;
  const spanEnd = Math.min(Math.max(d.end, d.start), lineEnd);
  const before = terminalText(rootSource.slice(lineStart, d.start));
  const span = terminalText(rootSource.slice(d.start, spanEnd));
  const line = before + span + terminalText(rootSource.slice(spanEnd, lineEnd));
  const start = before.length;
  return renderDiagnosticWithSource({ ...shown, start, end: start + span.length, column: start + 1 }, line) + "\n";
}
