/** The structured `diagnostics` of HTTP.md §3 and the `Line <n>:` strings of `errors`, from engine diagnostics. */
import { renderDiagnostic, type Diagnostic } from "../../../core/index.js";
import type { DiagnosticJson } from "../../wire/wire-diagnostic.js";

/** Structured form of a diagnostic. Virtual-folder ids (`/conf/a.jsson`) are shown as the caller wrote them in `files`. */
export function diagnosticJson(d: Diagnostic): DiagnosticJson {
  const out = { line: d.line, column: d.column, end_line: d.endLine, end_column: d.endColumn, message: d.message, code: d.code };
  return d.file === undefined ? out : { ...out, file: d.file.replace(/^\/+/, "") };
}

/** `errors` and `diagnostics` for a list of engine diagnostics. */
export function describeProblems(diagnostics: readonly Diagnostic[]): { errors: string[]; diagnostics: DiagnosticJson[] } {
  return { errors: diagnostics.map(renderDiagnostic), diagnostics: diagnostics.map(diagnosticJson) };
}
