/** How the CLI prints a source diagnostic on stderr. */
import { renderDiagnostic, renderDiagnosticWithSource, type Diagnostic } from "../core/diagnostics/diagnostic.js";

/**
 * `Line <n>: <message>`, then the source line and a caret. Errors inside an
 * included file are reported on the root file's `include` line (I4), so the
 * line shown is always one of `rootSource`; a diagnostic whose offsets
 * belong to another file is printed without the source line.
 */
export function diagnosticReport(d: Diagnostic, rootSource: string): string {
  return (d.file === undefined ? renderDiagnosticWithSource(d, rootSource) : renderDiagnostic(d)) + "\n";
}
