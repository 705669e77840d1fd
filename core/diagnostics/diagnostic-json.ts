/**
 * The one JSON form of a {@link Diagnostic}: HTTP.md §3's `diagnostics`
 * entry (`end_line`, `end_column`, `cause` an entry or absent). The HTTP
 * service writes it as it is; the CLI's `--error-format json` writes the same
 * entry with its `severity` (docs/diagnostics.md). Only the way a file is
 * named differs between the two, so it is a parameter.
 */
import { diagnosticMessage, type Diagnostic, type SourceSpan } from "./diagnostic.js";

/** A place: 1-based lines and columns (UTF-16 code units), the end exclusive; `file` absent for an unnamed root source. */
export type PlaceJson = { readonly line: number; readonly column: number; readonly end_line: number; readonly end_column: number; readonly file?: string };

/** A diagnostic as JSON; `message` is the whole catalogue text (§13.3's nested form for I4), without `Line <n>:`. */
export interface DiagnosticJson extends PlaceJson {
  readonly message: string;
  readonly code: string;
  readonly cause?: DiagnosticJson;
  readonly related?: readonly (PlaceJson & { readonly message: string })[];
  /** Replace the text of the place (in the diagnostic's file) with `text`. */
  readonly suggestion?: Omit<PlaceJson, "file"> & { readonly text: string };
}

/** How a span's `file` is shown (`undefined`: leave `file` out). */
export type FileNaming = (file: string) => string | undefined;

/** `s` as a place; its file named by `nameOf` (the id as it is, by default). */
export function placeJson(s: SourceSpan, nameOf: FileNaming = (f) => f): PlaceJson {
  const out = { line: s.line, column: s.column, end_line: s.endLine, end_column: s.endColumn };
  const file = s.file === undefined ? undefined : nameOf(s.file);
  return file === undefined ? out : { ...out, file };
}

/** `d` as JSON, its cause (recursively), related places and suggestion included. */
export function diagnosticJson(d: Diagnostic, nameOf: FileNaming = (f) => f): DiagnosticJson {
  const { file, ...place } = placeJson(d, nameOf);
  const s = d.suggestion;
  return {
    ...place,
    message: diagnosticMessage(d),
    code: d.code,
    ...(file === undefined ? {} : { file }),
    ...(d.cause === undefined ? {} : { cause: diagnosticJson(d.cause, nameOf) }),
    ...(d.related === undefined ? {} : { related: d.related.map((r) => ({ ...placeJson(r, nameOf), message: r.message })) }),
    ...(s === undefined ? {} : { suggestion: { text: s.text, line: s.line, column: s.column, end_line: s.endLine, end_column: s.endColumn } }),
  };
}
