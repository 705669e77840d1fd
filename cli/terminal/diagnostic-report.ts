/** How the CLI prints a source diagnostic on stderr for people (`--error-format human`, the default). */
import { causeChain, renderDiagnostic, renderExcerpt, type Diagnostic, type RelatedPlace, type SourceSpan } from "../../core/diagnostics/diagnostic.js";
import type { DiagnosticSources } from "./diagnostic-sources.js";
import { terminalText } from "./terminal-text.js";

/** How stdin is named in a `-->` line. */
export const STDIN_NAME = "<stdin>";

/**
 * `Line <n>: <message>` (LANGUAGE.md §13; the first line, which people grep
 * for, is unchanged; a warning's reads `warning: Line <n>: …`, §16.5), then the place: `--> <file>:<line>:<column>`, the
 * source line and a caret, as rustc and tsc print them. An error inside an
 * included file (I4) shows every place down the include chain, each with
 * its excerpt: the `include` in the root file, then the error in the
 * included file. Related places follow the place they explain, each as a
 * `note:` line and its own `-->` and excerpt.
 *
 * Control characters in the message, the file names and the source lines
 * are shown escaped ({@link terminalText}); the caret is placed on the
 * escaped line, so it stays under the character it points at however many
 * escapes precede it.
 */
export function diagnosticReport(d: Diagnostic, sources: DiagnosticSources): string {
  // a warning (LANGUAGE.md §16.5) says so first: `warning: Line <n>: …`
  let out = (d.severity === "warning" ? "warning: " : "") + terminalText(renderDiagnostic(d)) + "\n";
  for (const place of [d, ...causeChain(d)]) out += placeWithNotes(place, sources);
  return out;
}

/** A place, then the places that explain it (a first definition, a preset's `@use`), each as a `note:` line with its own excerpt. */
export function placeWithNotes(place: SourceSpan & { readonly related?: readonly RelatedPlace[] | undefined }, sources: DiagnosticSources): string {
  let out = placeReport(place, sources);
  for (const r of place.related ?? []) out += `  note: ${terminalText(r.message)}\n` + placeReport(r, sources);
  return out;
}

/** `  --> file:line:column`, then the excerpt when the file's text is at hand and the span fits it. */
export function placeReport(span: SourceSpan, sources: DiagnosticSources): string {
  const name = sources.nameOf(span.file) ?? STDIN_NAME;
  const head = `  --> ${terminalText(name)}:${span.line}:${span.column}\n`;
  const text = sources.textOf(span.file);
  if (text === undefined || span.end > text.length || span.start > span.end) return head;
  return head + escapedExcerpt(span, text) + "\n";
}

/** The excerpt of `span`, its line escaped and the span moved to match. */
function escapedExcerpt(span: SourceSpan, text: string): string {
  const lineStart = span.start - (span.column - 1);
  let lineEnd = text.indexOf("\n", lineStart);
  if (lineEnd < 0) lineEnd = text.length;
  if (lineEnd > lineStart && text[lineEnd - 1] === "\r") lineEnd--;
  const spanEnd = Math.min(Math.max(span.end, span.start), lineEnd);
  const before = terminalText(text.slice(lineStart, span.start));
  const inside = terminalText(text.slice(span.start, spanEnd));
  const line = before + inside + terminalText(text.slice(spanEnd, lineEnd));
  const start = before.length;
  return renderExcerpt({ ...span, start, end: start + inside.length, column: start + 1 }, line);
}
