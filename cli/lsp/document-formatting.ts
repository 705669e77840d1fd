/**
 * Formatting: the same code as `jsson fmt` (core/format). A document with a
 * syntax error is left as it is (no edits; its diagnostic is already shown).
 */
import type { FormattingOptions, TextEdit } from "vscode-languageserver";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { formatSource } from "../../core/format/format-source.js";

/** The edits that format `doc`: one whole-document replacement, or none. */
export function formattingEdits(doc: TextDocument, text: string, options: FormattingOptions): TextEdit[] {
  const r = formatSource(text, options.insertSpaces && options.tabSize > 0 && options.tabSize <= 8 ? { indent: options.tabSize } : {});
  if (!r.ok || r.text === text) return [];
  return [{ range: { start: doc.positionAt(0), end: doc.positionAt(text.length) }, newText: r.text }];
}
