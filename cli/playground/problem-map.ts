/**
 * Where the playground draws error markers. The server reports an error
 * inside an included file at the `include` line of the including file
 * (LANGUAGE.md §13.3) and gives the error's own place in the included file
 * as the diagnostic's `cause` (HTTP.md §3), recursively; the playground
 * holds those files in tabs, so it marks every place: the include line of
 * the program and, down the chain of causes, the place inside each
 * included file. Positions come from the wire only; no message is parsed.
 *
 * Pure functions (no DOM, no Node), shared by the page and its tests.
 */
import type { DiagnosticJson } from "../wire/wire-diagnostic.js";

/** A marker in one document: 1-based lines and columns (end exclusive). */
export interface EditorProblem {
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
  readonly message: string;
  /** A warning (LANGUAGE.md §16.5) is marked apart from an error; absent: an error. */
  readonly severity?: "warning";
}

/** The fields of a server diagnostic this module reads (HTTP.md §3). */
export type DiagnosticLike = Pick<DiagnosticJson, "line" | "column" | "end_line" | "end_column" | "message" | "file"> & {
  /** The same problem placed in the included file (with its `file`), for an error inside an include. */
  readonly cause?: DiagnosticLike;
};

/** The key of the program itself (the request's `source`) in {@link problemsByFile}. */
export const PROGRAM = "";

/** A diagnostic and its causes, outermost first (bounded: a server's chain is as deep as its include limit). */
export function diagnosticPlaces(d: DiagnosticLike, maxDepth = 1024): DiagnosticLike[] {
  const out: DiagnosticLike[] = [];
  for (let at: DiagnosticLike | undefined = d; at !== undefined && out.length < maxDepth; at = at.cause) out.push(at);
  return out;
}

/**
 * The entries of a /validate-schema reply that have a place (HTTP.md §7),
 * as diagnostics to mark: a data failure's message is its `errors` line
 * (`$.port: Value must be …`), so the marker says which value it is about.
 */
export function schemaFailurePlaces(entries: readonly (Partial<DiagnosticLike> & { readonly message: string; readonly path?: string })[]): DiagnosticLike[] {
  const out: DiagnosticLike[] = [];
  for (const e of entries) {
    if (typeof e.line !== "number" || typeof e.column !== "number" || typeof e.end_line !== "number" || typeof e.end_column !== "number") continue;
    const place = { line: e.line, column: e.column, end_line: e.end_line, end_column: e.end_column, message: e.path === undefined ? e.message : `${e.path}: ${e.message}` };
    out.push(e.file === undefined ? place : { ...place, file: e.file });
  }
  return out;
}

/** Markers per document (key: file path, {@link PROGRAM} for the program), for the documents in `files`; `warnings` are marked as such. */
export function problemsByFile(diagnostics: readonly DiagnosticLike[], files: readonly string[], warnings: readonly DiagnosticLike[] = []): Map<string, EditorProblem[]> {
  const out = new Map<string, EditorProblem[]>();
  for (const [list, severity] of [[diagnostics, undefined], [warnings, "warning"]] as const) {
    for (const place of list.flatMap((d) => diagnosticPlaces(d))) {
      const file = place.file ?? PROGRAM;
      if (file !== PROGRAM && !files.includes(file)) continue;
      const problem = { line: place.line, column: place.column, endLine: place.end_line, endColumn: place.end_column, message: place.message };
      const marks = out.get(file) ?? [];
      marks.push(severity === undefined ? problem : { ...problem, severity });
      out.set(file, marks);
    }
  }
  return out;
}
