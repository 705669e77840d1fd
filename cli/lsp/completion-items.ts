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
import { MAX_CHAIN } from "./document-outline.js";
import { chainMembers, type NavigationContext } from "./navigation.js";
import type { EditorToken } from "./editor-tokens.js";

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
  const chain = chainBefore(state.tokens, offset);
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

/** The names of `a.b.` (or `a.b.pa`, a member being typed) ending at `offset`, and where the chain starts; at most MAX_CHAIN names. */
function chainBefore(tokens: readonly EditorToken[], offset: number): { names: string[]; start: number } | undefined {
  let i = tokens.findLastIndex((t) => t.end <= offset && t.kind !== "comment");
  const typed = tokens[i];
  if (typed && typed.end === offset && (typed.kind === "ident" || typed.kind === "keyword")) i--; // the member being typed
  const names: string[] = [];
  let start = offset;
  while (names.length < MAX_CHAIN && tokens[i]?.kind === "punct" && tokens[i]?.text === ".") {
    const name = tokens[i - 1];
    if (name === undefined || !(name.kind === "ident" || name.kind === "keyword")) break;
    names.unshift(name.text);
    start = name.start;
    i -= 2;
  }
  return names.length === 0 ? undefined : { names, start };
}

function insideString(state: DocumentState, offset: number): boolean {
  return state.tokens.some((t) => (t.kind === "string" || t.kind === "template" || t.kind === "comment") && t.start < offset && offset < t.end);
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
