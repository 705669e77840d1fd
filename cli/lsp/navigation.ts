/**
 * Go to definition and find references: names, keys (`a.b` through key
 * bodies), preset names (`@use "p"` → `@preset "p"`), include paths (→ the
 * file), and names that come from an included file (its top-level keys).
 */
import type { Location } from "vscode-languageserver";
import { TextDocument } from "vscode-languageserver-textdocument";
import type { IncludeHost } from "../../core/index.js";
import type { Definition } from "./document-outline.js";
import { outlineDocument } from "./document-outline.js";
import type { DocumentState } from "./document-state.js";
import { symbolAt, usesOf } from "./name-resolution.js";
import { scanTokens } from "./scan-tokens.js";

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
  // A plain name defined nowhere here: one of the included files' top-level keys (LANGUAGE.md §8).
  if (found.use && found.use.chain.length === 0) {
    const inc = includedDefinition(state, found.use.name, ctx);
    if (inc) return [inc.location];
  }
  return [];
}

/** Where an included file (of those `state` includes directly) defines the top-level key `name`. */
export function includedDefinition(state: DocumentState, name: string, ctx: NavigationContext): { location: Location; path: string } | undefined {
  const path = ctx.pathOf(state.document.uri);
  for (const inc of state.outline.includes) {
    const resolved = ctx.host.resolve(inc.value, path);
    const read = resolved.ok ? ctx.host.read(resolved.value) : undefined;
    if (!resolved.ok || !read?.ok) continue;
    const d = outlineDocument(read.value, scanTokens(read.value)).roots.find((r) => r.kind === "key" && r.name === name);
    if (d) {
      const other = TextDocument.create(ctx.uriOf(resolved.value), "jsson", 0, read.value);
      return { location: { uri: other.uri, range: { start: other.positionAt(d.nameStart), end: other.positionAt(d.nameEnd) } }, path: resolved.value };
    }
  }
  return undefined;
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
