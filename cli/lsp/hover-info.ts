/** Hover: a key or name's evaluated value (shortened) and where it is defined. */
import type { TextDocument } from "vscode-languageserver-textdocument";
import type { Hover } from "vscode-languageserver";
import type { NameUse } from "./document-outline.js";
import type { DocumentState } from "./document-state.js";
import { outputPath, symbolAt } from "./name-resolution.js";
import { chainMembers, includedDefinition, type NavigationContext } from "./navigation.js";

/** The hover at `offset`, or null when there is nothing to say. */
export function hoverAt(state: DocumentState, doc: TextDocument, offset: number, ctx: NavigationContext): Hover | null {
  const found = symbolAt(state.outline, offset);
  const d = found?.definition;
  if (found?.use && d === undefined) return found.use.chain.length === 0 ? includedHover(state, doc, found.use, ctx) : includeValueHover(state, doc, found.use, ctx);
  if (found === undefined || d === undefined) return null;
  const under = found.use ?? { start: d.nameStart, end: d.nameEnd };
  const line = doc.positionAt(d.nameStart).line + 1;
  const what = d.kind === "declaration" ? "name (`:=`, not in the output)" : d.kind === "parameter" ? "map parameter" : d.kind === "preset" ? "preset" : "key";
  const path = outputPath(state.outline, d);
  return hover(doc, under, `**${markdownText(d.name)}** — ${what}, defined at line ${line}`, path === undefined ? undefined : state.previewAt(path));
}

/** A name that an included file defines: its value (a top-level key of the output) and the file. */
function includedHover(state: DocumentState, doc: TextDocument, use: { name: string; start: number; end: number }, ctx: NavigationContext): Hover | null {
  const inc = includedDefinition(state, use.name, ctx);
  if (inc === undefined) return null;
  const title = `**${markdownText(use.name)}** — key of the included file ${markdownText(inc.path)}, defined at line ${inc.location.range.start.line + 1}`;
  return hover(doc, use, title, state.previewAt([use.name]));
}

/** A member of an include value (`base.port`): the key in the included file (its value is not in this document's output, so none is shown). */
function includeValueHover(state: DocumentState, doc: TextDocument, use: NameUse, ctx: NavigationContext): Hover | null {
  const reached = chainMembers(state, use.chain, use.start, ctx);
  const d = reached?.members.find((m) => m.name === use.name);
  if (reached?.file === undefined || d === undefined) return null;
  const line = reached.file.positionAt(d.nameStart).line + 1;
  const file = markdownText(ctx.pathOf(reached.file.uri) ?? reached.file.uri);
  return hover(doc, use, `**${markdownText(use.name)}** — key of the included file ${file}, defined at line ${line}`, undefined);
}

/** Text shown literally in Markdown (a quoted key may hold any character). */
function markdownText(s: string): string {
  return s.replace(/[\\`*_{}[\]()#+\-.!<>|~]/g, "\\$&");
}

/**
 * The hover over `span`: `title`, and the value preview if there is one; a
 * preview of an earlier version says so (the evaluation of the current text
 * has not ended, or failed).
 */
function hover(doc: TextDocument, span: { start: number; end: number }, title: string, p: { text: string; stale: boolean } | undefined): Hover {
  const block = p === undefined ? "" : "\n\n```json\n" + p.text + "\n```";
  const stale = p?.stale === true ? "\n\n_value from the last evaluation that succeeded, before the latest edits_" : "";
  return { contents: { kind: "markdown", value: title + block + stale }, range: { start: doc.positionAt(span.start), end: doc.positionAt(span.end) } };
}
