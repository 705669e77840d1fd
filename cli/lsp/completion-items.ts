/**
 * Completion: names in scope, keywords, preset names after `@use "`,
 * include paths (relative to the file) after `include "`, and after `a.` the
 * keys of `a`'s body or, for an include value, of the included file. Works
 * on the token outline, so a document with errors still completes.
 */
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { CompletionItemKind, type CompletionItem } from "vscode-languageserver";
import { KEYWORDS } from "../../core/syntax/index.js";
import type { DocumentState } from "./document-state.js";
import { childTokens, type EditorToken } from "./editor-tokens.js";
import { chainMembers, type NavigationContext } from "./navigation.js";

/** At most this many entries of a folder are offered. */
const MAX_PATH_ITEMS = 500;

/** Completions at `offset` of a document whose file is `path` (if any). */
export function completionsAt(state: DocumentState, offset: number, path: string | undefined, ctx: NavigationContext): CompletionItem[] {
  const text = state.text;
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  const before = text.slice(lineStart, offset);
  const presetPrefix = /@(?:use\s*)?"([^"]*)$/.exec(before);
  if (presetPrefix) {
    const names = new Set(state.outline.definitions.filter((d) => d.kind === "preset").map((d) => d.name));
    return [...names].map((name) => ({ label: name, kind: CompletionItemKind.Class, detail: "preset" }));
  }
  const includePrefix = /\binclude\s*"([^"]*)$/.exec(before);
  if (includePrefix) return path === undefined ? [] : includePaths(dirname(path), includePrefix[1] ?? "");
  if (insideString(state, offset)) return [];
  const chain = chainBefore(state, offset);
  const reached = chain === undefined ? undefined : chainMembers(state, chain.names, chain.start, ctx);
  if (reached) return reached.members.filter((m) => !m.quoted).map((m) => ({ label: m.name, kind: CompletionItemKind.Property }));
  const seen = new Set<string>();
  const items: CompletionItem[] = [];
  for (const d of state.outline.definitions) {
    if (d.kind === "preset" || d.quoted || seen.has(d.name) || offset < d.scopeStart || offset > d.scopeEnd) continue;
    if (d.nameStart <= offset && offset <= d.nameEnd) continue; // the name being typed
    seen.add(d.name);
    items.push({ label: d.name, kind: d.kind === "key" ? CompletionItemKind.Property : CompletionItemKind.Variable });
  }
  for (const k of KEYWORDS) items.push({ label: k, kind: CompletionItemKind.Keyword });
  items.push({ label: "@preset", kind: CompletionItemKind.Keyword, insertText: '@preset "' }, { label: "@use", kind: CompletionItemKind.Keyword, insertText: '@use "' });
  return items;
}

/** The names of `a.b.` (or `a.b.pa`, a member being typed) ending at `offset`, and where the chain is used: read off the outline's name uses. */
function chainBefore(state: DocumentState, offset: number): { names: string[]; start: number } | undefined {
  const last = tokenBefore(state, offset);
  const uses = state.outline.uses;
  const typed = last?.end === offset ? uses.find((u) => u.start === last.start && u.chain.length > 0) : undefined;
  if (typed) return { names: [...typed.chain], start: typed.start };
  const before = last?.text === "." ? uses.find((u) => u.end === last.start) : undefined;
  return before === undefined ? undefined : { names: [...before.chain, before.name], start: before.start };
}

/** The last token (not a comment) that ends at or before `offset`: looked for in the top-level item there, then in the ones before it. */
function tokenBefore(state: DocumentState, offset: number): EditorToken | undefined {
  const kids = state.children;
  for (let i = state.childAt(offset); i >= 0; i--) {
    const { green, at } = kids[i] as (typeof kids)[number];
    const found = childTokens(green, at).findLast((t) => t.end <= offset && t.kind !== "comment");
    if (found) return found;
  }
  return undefined;
}

/** Whether `offset` is inside a string, a template's text or a comment (a token around it is in the top-level item there). */
function insideString(state: DocumentState, offset: number): boolean {
  const child = state.children[state.childAt(offset)];
  return child !== undefined && childTokens(child.green, child.at).some((t) => (t.kind === "string" || t.kind === "template" || t.kind === "comment") && t.start < offset && offset < t.end);
}

/** Entries of the folder named by the typed prefix: folders (to go on typing) and `.jsson` files. */
function includePaths(base: string, typed: string): CompletionItem[] {
  const slash = typed.lastIndexOf("/");
  const folder = join(base, typed.slice(0, slash + 1));
  let entries;
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return [];
  }
  const items: CompletionItem[] = [];
  for (const e of entries) {
    if (items.length >= MAX_PATH_ITEMS) break;
    if (e.isDirectory()) items.push({ label: e.name + "/", kind: CompletionItemKind.Folder });
    else if (e.isFile() && e.name.endsWith(".jsson")) items.push({ label: e.name, kind: CompletionItemKind.File });
  }
  return items;
}
