/**
 * `--error-format json`: the diagnostics of one run as one JSON document on
 * stderr, for programs (docs/diagnostics.md describes the shape; it is
 * stable: fields are added, never renamed or removed, and `version` changes
 * if that promise ever has to be broken).
 */
import { diagnosticMessage, type Diagnostic, type RelatedPlace, type SourceSpan } from "../../core/diagnostics/diagnostic.js";
import type { DiagnosticSources } from "./diagnostic-sources.js";

/** The `version` of the document's shape. */
export const DIAGNOSTICS_JSON_VERSION = 1;

/** A place: 1-based lines and columns (UTF-16 code units), the end exclusive; `file` null for stdin. */
interface PlaceEntry {
  readonly file: string | null;
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
}

interface DiagnosticEntry extends PlaceEntry {
  readonly code: string;
  readonly severity: string;
  readonly message: string;
  readonly cause: DiagnosticEntry[];
  readonly related: (PlaceEntry & { readonly message: string })[];
  /** A warning's fix (LANGUAGE.md §16.5): replace the place's text with `text`. */
  readonly suggestion?: PlaceEntry & { readonly text: string };
}

/** The document, one line, with a final line feed. */
export function diagnosticsJson(diagnostics: readonly Diagnostic[], sources: DiagnosticSources): string {
  return JSON.stringify({ version: DIAGNOSTICS_JSON_VERSION, diagnostics: diagnostics.map((d) => entry(d, sources)) }) + "\n";
}

function entry(d: Diagnostic, sources: DiagnosticSources): DiagnosticEntry {
  return {
    code: d.code,
    severity: d.severity,
    // the whole catalogue message (LANGUAGE.md §13.3's nested form for I4): `Line <line>: <message>` is the human first line
    message: diagnosticMessage(d),
    ...place(d, sources),
    cause: d.cause === undefined ? [] : [entry(d.cause, sources)],
    related: (d.related ?? []).map((r: RelatedPlace) => ({ message: r.message, ...place(r, sources) })),
    ...(d.suggestion === undefined ? {} : { suggestion: { text: d.suggestion.text, ...place(d.suggestion, sources) } }),
  };
}

function place(s: SourceSpan, sources: DiagnosticSources): PlaceEntry {
  return { file: sources.nameOf(s.file) ?? null, line: s.line, column: s.column, endLine: s.endLine, endColumn: s.endColumn };
}
