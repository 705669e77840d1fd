/** Hover: a key or name's evaluated value (shortened) and where it is defined. */
import type { TextDocument } from "vscode-languageserver-textdocument";
import type { Hover } from "vscode-languageserver";
import { ObjectValue, type Value } from "../../core/values/values.js";
import type { DocumentState } from "./document-state.js";
import { outputPath, symbolAt } from "./name-resolution.js";
import { includedDefinition, type NavigationContext } from "./navigation.js";
import { previewValue } from "./value-preview.js";

/** The hover at `offset`, or null when there is nothing to say. */
export function hoverAt(state: DocumentState, doc: TextDocument, offset: number, ctx: NavigationContext): Hover | null {
  const found = symbolAt(state.outline, offset);
  const d = found?.definition;
  if (found?.use && d === undefined && found.use.chain.length === 0) return includedHover(state, doc, found.use, ctx);
  if (found === undefined || d === undefined) return null;
  const under = found.use ?? { start: d.nameStart, end: d.nameEnd };
  const line = doc.positionAt(d.nameStart).line + 1;
  const what = d.kind === "declaration" ? "name (`:=`, not in the output)" : d.kind === "parameter" ? "map parameter" : d.kind === "preset" ? "preset" : "key";
  const parts = [`**${markdownText(d.name)}** — ${what}, defined at line ${line}`];
  const path = outputPath(state.outline, d);
  const value = path === undefined || state.value === undefined ? undefined : valueAt(state.value, path);
  if (value !== undefined) parts.push("```json\n" + previewValue(value) + "\n```");
  return { contents: { kind: "markdown", value: parts.join("\n\n") }, range: { start: doc.positionAt(under.start), end: doc.positionAt(under.end) } };
}

/** A name that an included file defines: its value (a top-level key of the output) and the file. */
function includedHover(state: DocumentState, doc: TextDocument, use: { name: string; start: number; end: number }, ctx: NavigationContext): Hover | null {
  const inc = includedDefinition(state, use.name, ctx);
  if (inc === undefined) return null;
  const parts = [`**${markdownText(use.name)}** — key of the included file ${markdownText(inc.path)}, defined at line ${inc.location.range.start.line + 1}`];
  const value = state.value?.get(use.name);
  if (value !== undefined) parts.push("```json\n" + previewValue(value) + "\n```");
  return { contents: { kind: "markdown", value: parts.join("\n\n") }, range: { start: doc.positionAt(use.start), end: doc.positionAt(use.end) } };
}

/** Text shown literally in Markdown (a quoted key may hold any character). */
function markdownText(s: string): string {
  return s.replace(/[\\`*_{}[\]()#+\-.!<>|~]/g, "\\$&");
}

function valueAt(root: ObjectValue, path: readonly string[]): Value | undefined {
  let v: Value | undefined = root;
  for (const key of path) v = v instanceof ObjectValue ? v.get(key) : undefined;
  return v;
}
