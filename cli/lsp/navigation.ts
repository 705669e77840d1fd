/**
 * Go to definition and find references: names, keys (`a.b` through key
 * bodies), preset names (`@use "p"` → `@preset "p"`), include paths (→ the
 * file), names that come from an included file (its top-level keys), and
 * members of an include value (`base.port` → `port` in the file `base` holds).
 */
import type { Location } from "vscode-languageserver";
import { TextDocument } from "vscode-languageserver-textdocument";
import type { IncludeHost } from "../../core/index.js";
import { editorSyntaxTree } from "../../core/syntax/index.js";
import type { Definition, DocumentOutline, StringRef } from "./document-outline.js";
import { outlineDocument } from "./document-outline.js";
import type { DocumentState } from "./document-state.js";
import { LSP_LIMITS } from "./lsp-limits.js";
import { lookupName, symbolAt, usesOf } from "./name-resolution.js";

/** How navigation reaches other files. */
export interface NavigationContext {
  readonly host: IncludeHost;
  readonly pathOf: (uri: string) => string | undefined;
  readonly uriOf: (path: string) => string;
}

/** Where the thing at `offset` is defined. */
export function definitionAt(state: DocumentState, offset: number, ctx: NavigationContext): Location[] {
  const doc = state.document;
  const outline = state.outline;
  const here = (start: number, end: number): Location => ({ uri: doc.uri, range: { start: doc.positionAt(start), end: doc.positionAt(end) } });
  const include = outline.includes.find((r) => r.start <= offset && offset <= r.end);
  const path = ctx.pathOf(doc.uri);
  if (include) {
    const resolved = ctx.host.resolve(include.value, path);
    return resolved.ok ? [{ uri: ctx.uriOf(resolved.value), range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } }] : [];
  }
  const presetUse = outline.presetUses.find((r) => r.start <= offset && offset <= r.end);
  if (presetUse) return presetDefinitions(state, presetUse.value).map((d) => here(d.nameStart, d.nameEnd));
  const found = symbolAt(outline, offset);
  if (found === undefined) return [];
  if (found.definition) return [here(found.definition.nameStart, found.definition.nameEnd)];
  const use = found.use;
  if (use === undefined) return [];
  // A member of an include value: the key in the included file.
  if (use.chain.length > 0) {
    const reached = chainMembers(state, use.chain, use.start, ctx);
    const d = reached?.members.find((m) => m.name === use.name);
    const file = reached?.file;
    return d && file ? [{ uri: file.uri, range: { start: file.positionAt(d.nameStart), end: file.positionAt(d.nameEnd) } }] : [];
  }
  // A plain name defined nowhere here: one of the included files' top-level keys (LANGUAGE.md §8).
  const inc = includedDefinition(state, use.name, ctx);
  return inc === undefined ? [] : [inc.location];
}

/** Where an included file (of those `state` includes directly as statements) defines the top-level key `name`. */
export function includedDefinition(state: DocumentState, name: string, ctx: NavigationContext): { location: Location; path: string } | undefined {
  const values = new Set(state.outline.includeValues.values());
  for (const inc of state.outline.includes) {
    if (values.has(inc)) continue; // an include value binds its keys to nothing
    const other = readIncluded(state, inc, ctx);
    const d = other?.outline.roots.find((r) => r.kind === "key" && r.name === name);
    if (other && d) return { location: { uri: other.document.uri, range: { start: other.document.positionAt(d.nameStart), end: other.document.positionAt(d.nameEnd) } }, path: other.path };
  }
  return undefined;
}

/**
 * The keys reached by a chain `a.b` whose head is visible at `offset`: of a
 * body in this document, or — when the head holds an include value — of the
 * included file (`file` then says which). One file deep: an include value
 * inside the included file is not followed.
 */
export function chainMembers(state: DocumentState, chain: readonly string[], offset: number, ctx: NavigationContext): { members: readonly Definition[]; file?: TextDocument } | undefined {
  const [head, ...rest] = chain;
  const d = head === undefined ? undefined : lookupName(state.outline, head, offset);
  if (d === undefined) return undefined;
  let members: readonly Definition[] = d.children;
  let file: TextDocument | undefined;
  const inc = state.outline.includeValues.get(d);
  if (inc) {
    const other = readIncluded(state, inc, ctx);
    if (other === undefined) return undefined;
    members = other.outline.roots;
    file = other.document;
  }
  for (const name of rest) {
    const next = members.find((m) => m.kind === "key" && m.name === name);
    if (next === undefined) return undefined;
    members = next.children;
  }
  const keys = members.filter((m) => m.kind === "key");
  return file === undefined ? { members: keys } : { members: keys, file };
}

/** An included file's text and outline, through the server's include host (its open text if open); none past the engine's source size limit. */
export function readIncluded(state: DocumentState, inc: StringRef, ctx: NavigationContext): { document: TextDocument; outline: DocumentOutline; path: string } | undefined {
  const resolved = ctx.host.resolve(inc.value, ctx.pathOf(state.document.uri));
  const read = resolved.ok ? ctx.host.read(resolved.value) : undefined;
  if (!resolved.ok || !read?.ok || read.value.length > (LSP_LIMITS.maxSourceLength ?? Infinity)) return undefined;
  return { document: TextDocument.create(ctx.uriOf(resolved.value), "jsson", 0, read.value), outline: outlineDocument(editorSyntaxTree(read.value)), path: resolved.value };
}

/** Every use of the thing at `offset` in the document (and its definition when asked). */
export function referencesAt(state: DocumentState, offset: number, includeDeclaration: boolean): Location[] {
  const doc = state.document;
  const outline = state.outline;
  const at = (start: number, end: number): Location => ({ uri: doc.uri, range: { start: doc.positionAt(start), end: doc.positionAt(end) } });
  const presetUse = outline.presetUses.find((r) => r.start <= offset && offset <= r.end);
  const target: Definition | undefined = presetUse ? presetDefinitions(state, presetUse.value)[0] : symbolAt(outline, offset)?.definition;
  if (target === undefined) return [];
  const out: Location[] = includeDeclaration ? [at(target.nameStart, target.nameEnd)] : [];
  if (target.kind === "preset") {
    const name = target.name;
    for (const u of outline.presetUses) if (u.value === name) out.push(at(u.start, u.end));
    return out;
  }
  for (const u of usesOf(outline, target)) out.push(at(u.start, u.end));
  return out;
}

function presetDefinitions(state: DocumentState, name: string): Definition[] {
  return state.outline.definitions.filter((d) => d.kind === "preset" && d.name === name);
}
