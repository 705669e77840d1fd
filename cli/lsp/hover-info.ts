/** Hover: a key or name's evaluated value (shortened) and where it is defined. */
import type { TextDocument } from "vscode-languageserver-textdocument";
import type { Hover } from "vscode-languageserver";
import type { NameUse } from "./document-outline.js";
import type { DocumentState } from "./document-state.js";
import { declarationPreviewOf } from "./declaration-ids.js";
import { lookupName, outputPath, symbolAt } from "./name-resolution.js";
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
  const parts = [`**${markdownText(d.name)}** — ${what}, defined at line ${line}`];
  const path = d.kind === "declaration" ? declarationPreviewOf(state.outline, d) : outputPath(state.outline, d);
  const preview = path === undefined ? undefined : state.previewAt(path);
  if (preview !== undefined) parts.push(previewBlock(preview));
  return { contents: { kind: "markdown", value: parts.join("\n\n") }, range: { start: doc.positionAt(under.start), end: doc.positionAt(under.end) } };
}

/** A name that an included file defines: its value (a top-level key of the output) and the file. */
function includedHover(state: DocumentState, doc: TextDocument, use: { name: string; start: number; end: number }, ctx: NavigationContext): Hover | null {
  const inc = includedDefinition(state, use.name, ctx);
  if (inc === undefined) return null;
  const parts = [`**${markdownText(use.name)}** — key of the included file ${markdownText(inc.path)}, defined at line ${inc.location.range.start.line + 1}`];
  const preview = state.previewAt([use.name]);
  if (preview !== undefined) parts.push(previewBlock(preview));
  return { contents: { kind: "markdown", value: parts.join("\n\n") }, range: { start: doc.positionAt(use.start), end: doc.positionAt(use.end) } };
}

/** A member of an include value (`base.port`): the key in the included file, and its value when the include value is bound with `:=`. */
function includeValueHover(state: DocumentState, doc: TextDocument, use: NameUse, ctx: NavigationContext): Hover | null {
  const reached = chainMembers(state, use.chain, use.start, ctx);
  const d = reached?.members.find((m) => m.name === use.name);
  if (reached?.file === undefined || d === undefined) return null;
  const line = reached.file.positionAt(d.nameStart).line + 1;
  const parts = [`**${markdownText(use.name)}** — key of the included file ${markdownText(ctx.pathOf(reached.file.uri) ?? reached.file.uri)}, defined at line ${line}`];
  // the value as the include value holds it, when the head is a `:=` name (previewed by declaration-previews.ts)
  const [head, ...rest] = use.chain;
  const bound = head === undefined ? undefined : lookupName(state.outline, head, use.start);
  const path = bound === undefined ? undefined : declarationPreviewOf(state.outline, bound, [...rest, use.name]);
  const preview = path === undefined ? undefined : state.previewAt(path);
  if (preview !== undefined) parts.push(previewBlock(preview));
  return { contents: { kind: "markdown", value: parts.join("\n\n") }, range: { start: doc.positionAt(use.start), end: doc.positionAt(use.end) } };
}

/** Text shown literally in Markdown (a quoted key may hold any character). */
function markdownText(s: string): string {
  return s.replace(/[\\`*_{}[\]()#+\-.!<>|~]/g, "\\$&");
}

/** A value preview as Markdown; one of an earlier version says so (the evaluation of the current text has not ended, or failed). */
function previewBlock(p: { text: string; stale: boolean }): string {
  const block = "```json\n" + p.text + "\n```";
  return p.stale ? `${block}\n\n_value from the last evaluation that succeeded, before the latest edits_` : block;
}
