/**
 * Where the playground draws error markers. The server reports an error
 * inside an included file at the `include` line of the including file
 * (LANGUAGE.md §13.3: `error in included file "db.jsson": Line 2: …`); the
 * playground holds those files in tabs, so it marks both places: the include
 * line of the program and, following the chain of nested messages, the line
 * inside each included file.
 *
 * Pure functions (no DOM, no Node), shared by the page and its tests.
 */
import { walkPath } from "../../core/host/path-walk.js";

/** A marker in one document: 1-based lines and columns (end exclusive). */
export interface EditorProblem {
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
  readonly message: string;
}

/** The fields of a server diagnostic this module reads (HTTP.md §3). */
export interface DiagnosticLike {
  readonly line: number;
  readonly column: number;
  readonly end_line: number;
  readonly end_column: number;
  readonly message: string;
  readonly file?: string;
}

/** The key of the program itself (the request's `source`) in {@link problemsByFile}. */
export const PROGRAM = "";

const NESTED = /^error in included file "((?:[^"\\]|\\.)*)": Line (\d+): ([\s\S]*)$/;

/**
 * `path` (as written in an include) resolved against the folder of `from`
 * ("" for the program), normalised. A path climbing above the folder is
 * returned as written: the server refuses such an include, so no nested
 * error names one, and it matches no document of the page.
 */
export function resolveIncludePath(from: string, path: string): string {
  const base = from.includes("/") ? from.slice(0, from.lastIndexOf("/")).split("/") : [];
  return walkPath(base, path)?.join("/") ?? path;
}

/** Markers per document (key: file path, {@link PROGRAM} for the program), for the documents in `files`. */
export function problemsByFile(diagnostics: readonly DiagnosticLike[], files: readonly string[]): Map<string, EditorProblem[]> {
  const out = new Map<string, EditorProblem[]>();
  const add = (file: string, p: EditorProblem): void => {
    if (file !== PROGRAM && !files.includes(file)) return;
    const list = out.get(file) ?? [];
    list.push(p);
    out.set(file, list);
  };
  for (const d of diagnostics) {
    const home = d.file ?? PROGRAM;
    add(home, { line: d.line, column: d.column, endLine: d.end_line, endColumn: d.end_column, message: d.message });
    // Follow "error in included file …: Line n: …" down the include chain; those lines get whole-line markers.
    let from = home;
    let message = d.message;
    for (let m = NESTED.exec(message); m !== null; m = NESTED.exec(message)) {
      const written = (m[1] as string).replace(/\\(.)/g, "$1");
      const file = resolveIncludePath(from, written);
      const line = Number(m[2]);
      message = m[3] as string;
      add(file, { line, column: 1, endLine: line, endColumn: Number.MAX_SAFE_INTEGER, message });
      from = file;
    }
  }
  return out;
}

/** A `Line <n>: …` message (as /validate-schema reports source errors) as its line number, or undefined. */
export function lineOfMessage(message: string): number | undefined {
  const m = /^Line (\d+): /.exec(message);
  return m === null ? undefined : Number(m[1]);
}
