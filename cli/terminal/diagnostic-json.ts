/**
 * `--error-format json`: the diagnostics of one run as one JSON document on
 * stderr, for programs (docs/diagnostics.md describes the shape). Each entry
 * is the HTTP service's `diagnostics` entry (the engine's one JSON form of a
 * diagnostic) with its `severity`; files are named as the report names them.
 */
import { diagnosticJson, type DiagnosticJson } from "../../core/diagnostics/diagnostic-json.js";
import type { Diagnostic, DiagnosticSeverity } from "../../core/diagnostics/diagnostic.js";
import type { DiagnosticSources } from "./diagnostic-sources.js";

/** The `version` of the document's shape: 2 since the entries are the HTTP form (1 had `endLine` and `cause: []`). */
export const DIAGNOSTICS_JSON_VERSION = 2;

/** The document, one line, with a final line feed. */
export function diagnosticsJson(diagnostics: readonly Diagnostic[], sources: DiagnosticSources): string {
  const entries = diagnostics.map((d): DiagnosticJson & { severity: DiagnosticSeverity } => ({ ...diagnosticJson(d, (f) => sources.nameOf(f)), severity: d.severity }));
  return JSON.stringify({ version: DIAGNOSTICS_JSON_VERSION, diagnostics: entries }) + "\n";
}
