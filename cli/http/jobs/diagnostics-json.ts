/** The structured `diagnostics` of HTTP.md §3 and the `Line <n>:` strings of `errors`, from engine diagnostics. */
import { renderDiagnostic, type Diagnostic } from "../../../core/index.js";

/** One entry of a response's `diagnostics` array. */
export interface DiagnosticJson {
  readonly line: number;
  readonly column: number;
  readonly end_line: number;
  readonly end_column: number;
  /** The message without its `Line <n>:` prefix (the line is a field of its own). */
  readonly message: string;
  readonly code: string;
  /** The included file the span lies in, as a path of the request's `files`; absent for the request's own source. */
  readonly file?: string;
}

/** Structured form of a diagnostic. Virtual-folder ids (`/conf/a.jsson`) are shown as the caller wrote them in `files`. */
export function diagnosticJson(d: Diagnostic): DiagnosticJson {
  const out = { line: d.line, column: d.column, end_line: d.endLine, end_column: d.endColumn, message: d.message, code: d.code };
  return d.file === undefined ? out : { ...out, file: d.file.replace(/^\/+/, "") };
}

/** `errors` and `diagnostics` for a list of engine diagnostics. */
export function describeProblems(diagnostics: readonly Diagnostic[]): { errors: string[]; diagnostics: DiagnosticJson[] } {
  return { errors: diagnostics.map(renderDiagnostic), diagnostics: diagnostics.map(diagnosticJson) };
}
