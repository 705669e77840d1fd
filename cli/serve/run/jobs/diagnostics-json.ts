/** The structured `diagnostics` of HTTP.md §3 and the `Line <n>:` strings of `errors`, from engine diagnostics. */
import { diagnosticJson, renderDiagnostic, type Diagnostic, type SourceSpan } from "../../../../core/index.js";
import { placeJson as enginePlaceJson } from "../../../../core/diagnostics/diagnostic-json.js";
import type { DiagnosticJson, PlaceJson } from "../../../wire/wire-diagnostic.js";

/** Virtual-folder ids (`/conf/a.jsson`) are shown as the caller wrote them in `files`. */
const requestPath = (file: string): string => file.replace(/^\/+/, "");
const toJson = (d: Diagnostic): DiagnosticJson => diagnosticJson(d, requestPath);

/** A span on the wire. */
export function placeJson(s: SourceSpan): PlaceJson {
  return enginePlaceJson(s, requestPath);
}

/**
 * `"warnings"` and `"warning_diagnostics"` (HTTP.md §3) as members to put in
 * a response body, each after a comma; "" when there are no warnings.
 */
export function warningMembers(warnings: readonly Diagnostic[] | undefined, requestWarnings?: readonly string[]): string {
  const source = warnings ?? [];
  const request = requestWarnings ?? [];
  if (source.length === 0 && request.length === 0) return "";
  const structured = source.map(toJson);
  return `,"warnings":${JSON.stringify([...source.map(renderDiagnostic), ...request])},"warning_diagnostics":${JSON.stringify(structured)}`;
}

/** `errors` and `diagnostics` for a list of engine diagnostics. */
export function describeProblems(diagnostics: readonly Diagnostic[]): { errors: string[]; diagnostics: DiagnosticJson[] } {
  return { errors: diagnostics.map(renderDiagnostic), diagnostics: diagnostics.map(toJson) };
}
