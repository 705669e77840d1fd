/**
 * The shape every diagnostic must have, whatever the input: a catalogue code,
 * a span inside the text it refers to, line/column numbers that agree with
 * that span, a one-line message, and the `Line <n>:` rendering.
 */
import { CODES, renderDiagnostic, renderDiagnosticWithSource, type Diagnostic } from "../../core/index.js";

const KNOWN_CODES: ReadonlySet<string> = new Set(Object.values(CODES));

/** 1-based line and column of `offset` in `text` (lines count LF, LANGUAGE.md §2.1). */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf("\n"); i >= 0 && i < offset; i = text.indexOf("\n", i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/** Number of lines of `text` (an empty text has one). */
export function lineCount(text: string): number {
  let n = 1;
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) n++;
  return n;
}

/**
 * What is wrong with `d`, as readable sentences (empty when nothing is).
 * `sourceOf(file)` gives the text a diagnostic of an included file refers to
 * (the root text for `undefined`); unknown files are reported.
 */
export function diagnosticProblems(d: Diagnostic, sourceOf: (file: string | undefined) => string | undefined): string[] {
  const problems: string[] = [];
  const text = sourceOf(d.file);
  if (!KNOWN_CODES.has(d.code)) problems.push(`code ${JSON.stringify(d.code)} is not in the catalogue`);
  if (typeof d.message !== "string" || d.message.length === 0) problems.push("empty message");
  else if (/[\n\r]/.test(d.message)) problems.push(`message spans several lines: ${JSON.stringify(d.message.slice(0, 200))}`);
  if (text === undefined) {
    problems.push(`diagnostic names file ${JSON.stringify(d.file)} whose text is unknown`);
    return problems;
  }
  const ints = [d.start, d.end, d.line, d.column, d.endLine, d.endColumn];
  if (!ints.every((n) => Number.isSafeInteger(n))) {
    problems.push(`non-integer position ${JSON.stringify(ints)}`);
    return problems;
  }
  if (!(0 <= d.start && d.start <= d.end && d.end <= text.length))
    problems.push(`span [${d.start}, ${d.end}) is not inside the text (length ${text.length})`);
  const lines = lineCount(text);
  if (!(1 <= d.line && d.line <= lines)) problems.push(`line ${d.line} is not a line of the text (1..${lines})`);
  if (d.start >= 0 && d.start <= text.length) {
    const at = lineAndColumn(text, d.start);
    if (at.line !== d.line || at.column !== d.column)
      problems.push(`start ${d.start} is at ${at.line}:${at.column}, the diagnostic says ${d.line}:${d.column}`);
  }
  if (d.end >= 0 && d.end <= text.length) {
    const at = lineAndColumn(text, d.end);
    if (at.line !== d.endLine || at.column !== d.endColumn)
      problems.push(`end ${d.end} is at ${at.line}:${at.column}, the diagnostic says ${d.endLine}:${d.endColumn}`);
  }
  // A cause is the problem inside an included file (I4, LANGUAGE.md §13.3), placed in that file: checked there.
  if (d.code === CODES.I4_ERROR_IN_INCLUDE && d.cause === undefined) problems.push("an error inside an included file without its cause");
  if (d.code !== CODES.I4_ERROR_IN_INCLUDE && d.cause !== undefined) problems.push(`a cause on ${d.code}`);
  if (d.cause !== undefined) {
    if (d.cause.file === undefined) problems.push("a cause without its file");
    else for (const p of diagnosticProblems(d.cause, sourceOf)) problems.push(`cause in ${d.cause.file}: ${p}`);
  }
  const rendered = renderDiagnostic(d);
  if (/[\n\r]/.test(rendered)) problems.push("the rendered form spans several lines");
  if (!rendered.startsWith(`Line ${d.line}: `)) problems.push(`rendered as ${JSON.stringify(rendered.slice(0, 80))}`);
  try {
    const withSource = renderDiagnosticWithSource(d, text);
    if (!withSource.startsWith(rendered)) problems.push("renderDiagnosticWithSource does not start with the one-line form");
  } catch (e) {
    problems.push(`renderDiagnosticWithSource threw ${String(e)}`);
  }
  return problems;
}

/** Throw a readable error when any of `diagnostics` is malformed, or when there are several that are not the parser's, in source order. */
export function assertDiagnosticsWellFormed(
  diagnostics: readonly Diagnostic[],
  sourceOf: (file: string | undefined) => string | undefined,
  where: string,
): void {
  if (diagnostics.length === 0) throw new Error(`${where}: a failure without a diagnostic`);
  if (diagnostics.length > 1) {
    // only the parser goes on after an error (LANGUAGE.md §13.1 [D9]): lexical, syntax and nesting-depth errors, at most 50, in source order
    if (diagnostics.length > 50) throw new Error(`${where}: ${diagnostics.length} diagnostics (at most 50)`);
    diagnostics.forEach((d, i) => {
      if (!/^JSSON[12]\d{3}$|^JSSON6001$/.test(d.code)) throw new Error(`${where}: ${d.code} among ${diagnostics.length} diagnostics (only the parser reports more than one)`);
      const before = diagnostics[i - 1];
      if (before !== undefined && d.start <= before.start) throw new Error(`${where}: diagnostic ${i} at ${d.start} is not after ${before.start}`);
    });
  }
  for (const d of diagnostics) {
    const problems = diagnosticProblems(d, sourceOf);
    if (problems.length > 0) throw new Error(`${where}: ${d.code} ${JSON.stringify(renderDiagnostic(d).slice(0, 200))}: ${problems.join("; ")}`);
  }
}
