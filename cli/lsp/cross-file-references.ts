/**
 * Find references across files for a key of a file that others include
 * (docs/editors.md): asked at the key in its file, or at a use that reaches
 * it from an includer (`base.port` through `base := include "base.jsson"`,
 * or a plain `port` that a statement `include` brings in), the answer is the
 * key, its uses in its own file, and its uses in every open document that
 * includes that file. Files that are not open are not searched for
 * includers: the server knows the open documents, and walking the workspace
 * on each request would cost what the workspace weighs.
 */
import type { Location } from "vscode-languageserver";
import type { TextDocument } from "vscode-languageserver-textdocument";
import type { Definition, DocumentOutline, NameUse } from "./document-outline.js";
import type { DocumentState } from "./document-state.js";
import { lookupName, MAX_REFERENCES, outputPath, resolveUse, symbolAt, usesOf } from "./name-resolution.js";
import { chainMembers, includedDefinition, readIncluded, referencesAt, type NavigationContext } from "./navigation.js";

/** A key of a file, by the file's path and the key's path from the file's top level. */
interface KeyTarget {
  readonly path: string;
  readonly keyPath: readonly string[];
}

/** References at `offset` in `state`: those of the document itself, and — for a key of an included file — those across the open documents. */
export function referencesAcrossFiles(state: DocumentState, offset: number, includeDeclaration: boolean, ctx: NavigationContext, open: () => Iterable<DocumentState>): Location[] {
  const local = referencesAt(state, offset, includeDeclaration);
  const target = keyTargetAt(state, offset, ctx);
  if (target === undefined) return local;
  const out = new Map<string, Location>();
  const add = (doc: TextDocument, start: number, end: number): void => {
    const key = `${doc.uri}#${start}`;
    if (out.size < MAX_REFERENCES && !out.has(key)) out.set(key, { uri: doc.uri, range: { start: doc.positionAt(start), end: doc.positionAt(end) } });
  };
  const opened = [...open()];
  // the key in its own file, and the uses there
  // a file that is not open is read through the include host, as definition reads it
  const home = opened.find((s) => ctx.pathOf(s.document.uri) === target.path) ?? readIncluded(state, { value: target.path, start: 0, end: 0 }, ctx);
  const key = home === undefined ? undefined : keyAt(home.outline, target.keyPath);
  if (home !== undefined && key !== undefined) {
    if (includeDeclaration) add(home.document, key.nameStart, key.nameEnd);
    for (const u of usesOf(home.outline, key)) add(home.document, u.start, u.end);
  }
  for (const l of local) if (out.size < MAX_REFERENCES) out.set(`${l.uri}#${state.document.offsetAt(l.range.start)}`, l);
  for (const other of opened) {
    if (out.size >= MAX_REFERENCES) break;
    if (ctx.pathOf(other.document.uri) === target.path) continue;
    for (const u of usesInIncluder(other, target, ctx)) add(other.document, u.start, u.end);
  }
  return [...out.values()].sort((a, b) => (a.uri === b.uri ? a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character : a.uri < b.uri ? -1 : 1));
}

/** The key of some file that the thing at `offset` is or reaches; undefined for anything else (a name, a preset, a key of a document with no file). */
function keyTargetAt(state: DocumentState, offset: number, ctx: NavigationContext): KeyTarget | undefined {
  const found = symbolAt(state.outline, offset);
  if (found === undefined) return undefined;
  const d = found.definition;
  if (d !== undefined) {
    const here = ctx.pathOf(state.document.uri);
    const keyPath = d.kind === "key" ? outputPath(state.outline, d) : undefined;
    return here === undefined || keyPath === undefined ? undefined : { path: here, keyPath };
  }
  const use = found.use;
  if (use === undefined) return undefined;
  if (use.chain.length > 0) {
    // `base.port`: a member of an include value, reached through the keys of the included file
    const reached = chainMembers(state, use.chain, use.start, ctx);
    const path = reached?.file === undefined ? undefined : ctx.pathOf(reached.file.uri);
    return path === undefined || !reached?.members.some((m) => m.name === use.name) ? undefined : { path, keyPath: [...use.chain.slice(1), use.name] };
  }
  const inc = includedDefinition(state, use.name, ctx);
  return inc === undefined ? undefined : { path: inc.path, keyPath: [use.name] };
}

/** The uses of `target` in a document that includes its file: through an include value bound to a name, or — for a top-level key — through a statement `include`. */
function usesInIncluder(doc: DocumentState, target: KeyTarget, ctx: NavigationContext): NameUse[] {
  const outline = doc.outline;
  const from = ctx.pathOf(doc.document.uri);
  const resolvesToTarget = (value: string): boolean => {
    const r = ctx.host.resolve(value, from);
    return r.ok && r.value === target.path;
  };
  const bound = new Set<Definition>();
  for (const [d, ref] of outline.includeValues) if (resolvesToTarget(ref.value)) bound.add(d);
  const last = target.keyPath[target.keyPath.length - 1];
  const out: NameUse[] = [];
  if (bound.size > 0) {
    for (const u of outline.uses) {
      if (u.name !== last || u.chain.length !== target.keyPath.length || !sameMembers(u.chain, target.keyPath)) continue;
      const head = lookupName(outline, u.chain[0] as string, u.start);
      if (head !== undefined && bound.has(head) && out.push(u) >= MAX_REFERENCES) return out;
    }
  }
  // a plain name that an included file's top-level key defines (the first included file that has it, as definition finds it)
  if (target.keyPath.length === 1 && last !== undefined && outline.includes.some((r) => resolvesToTarget(r.value))) {
    let definedByTarget: boolean | undefined;
    for (const u of outline.uses) {
      if (u.name !== last || u.chain.length > 0 || resolveUse(outline, u) !== undefined) continue;
      definedByTarget ??= includedDefinition(doc, last, ctx)?.path === target.path;
      if (!definedByTarget) break;
      if (out.push(u) >= MAX_REFERENCES) break;
    }
  }
  return out;
}

/** Whether a use's chain after its head (`base.db.host`: ["db"]) is the key path without its last key. */
function sameMembers(chain: readonly string[], keyPath: readonly string[]): boolean {
  for (let i = 1; i < chain.length; i++) if (chain[i] !== keyPath[i - 1]) return false;
  return true;
}

/** The key at `keyPath` from a file's top level. */
function keyAt(outline: DocumentOutline, keyPath: readonly string[]): Definition | undefined {
  let list: readonly Definition[] = outline.roots;
  let d: Definition | undefined;
  for (const name of keyPath) {
    d = list.find((m) => m.kind === "key" && m.name === name);
    if (d === undefined) return undefined;
    list = d.children;
  }
  return d;
}
