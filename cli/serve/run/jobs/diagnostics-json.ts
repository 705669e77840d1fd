/** The structured `diagnostics` of HTTP.md §3 and the `Line <n>:` strings of `errors`, from engine diagnostics. */
import { diagnosticMessage, renderDiagnostic, type Diagnostic, type SourceSpan } from "../../../../core/index.js";
import type { DiagnosticJson, PlaceJson } from "../../../wire/wire-diagnostic.js";

/** A span on the wire. Virtual-folder ids (`/conf/a.jsson`) are shown as the caller wrote them in `files`. */
export function placeJson(s: SourceSpan): PlaceJson {
  const out = { line: s.line, column: s.column, end_line: s.endLine, end_column: s.endColumn };
  return s.file === undefined ? out : { ...out, file: s.file.replace(/^\/+/, "") };
}

/** Structured form of a diagnostic, its cause (HTTP.md §3) and related places included. */
export function diagnosticJson(d: Diagnostic): DiagnosticJson {
  const place = placeJson(d);
  const out: DiagnosticJson = { line: place.line, column: place.column, end_line: place.end_line, end_column: place.end_column, message: diagnosticMessage(d), code: d.code };
  return {
    ...out,
    ...(place.file === undefined ? {} : { file: place.file }),
    ...(d.cause === undefined ? {} : { cause: diagnosticJson(d.cause) }),
    ...(d.related === undefined ? {} : { related: d.related.map((r) => ({ ...placeJson(r), message: r.message })) }),
    ...(d.suggestion === undefined ? {} : { suggestion: { text: d.suggestion.text, line: d.suggestion.line, column: d.suggestion.column, end_line: d.suggestion.endLine, end_column: d.suggestion.endColumn } }),
  };
}

/**
 * `"warnings"` and `"warning_diagnostics"` (HTTP.md §3) as members to put in
 * a response body, each after a comma; "" when there are no warnings.
 */
export function warningMembers(warnings: readonly Diagnostic[] | undefined, requestWarnings?: readonly string[]): string {
  const source = warnings ?? [];
  const request = requestWarnings ?? [];
  if (source.length === 0 && request.length === 0) return "";
  return `,"warnings":${JSON.stringify([...source.map(renderDiagnostic), ...request])},"warning_diagnostics":${JSON.stringify(source.map(diagnosticJson))}`;
}

/** `errors` and `diagnostics` for a list of engine diagnostics. */
export function describeProblems(diagnostics: readonly Diagnostic[]): { errors: string[]; diagnostics: DiagnosticJson[] } {
  return { errors: diagnostics.map(renderDiagnostic), diagnostics: diagnostics.map(diagnosticJson) };
}
