/**
 * Which definition a name in a document stands for, and every place a
 * definition is used: the editor's view of LANGUAGE.md's scoping (a name is
 * looked up in the bodies around it, innermost first, then at top level;
 * `a.b` looks up `b` among the keys of `a`'s body).
 */
import type { Definition, DocumentOutline, NameUse } from "./document-outline.js";

/** At most this many references are listed (a bound on the work one request can cause). */
export const MAX_REFERENCES = 10_000;

/** Definitions by name, built once per outline. */
const BY_NAME = new WeakMap<DocumentOutline, Map<string, Definition[]>>();
/** The top-level definitions as a set, built with {@link BY_NAME} (a document may have thousands). */
const ROOTS = new WeakMap<DocumentOutline, ReadonlySet<Definition>>();

/** The outline's definitions by name and its top-level ones as a set, built once per outline (ahead of a first hover by DocumentState.prepare). */
export function indexNames(outline: DocumentOutline): ReadonlyMap<string, Definition[]> {
  let index = BY_NAME.get(outline);
  if (index === undefined) {
    index = new Map();
    for (const d of outline.definitions) {
      const list = index.get(d.name);
      if (list) list.push(d);
      else index.set(d.name, [d]);
    }
    BY_NAME.set(outline, index);
    ROOTS.set(outline, new Set(outline.roots));
  }
  return index;
}

/** The innermost definition (not a quoted key, not a preset) named `name` visible at `offset`. */
export function lookupName(outline: DocumentOutline, name: string, offset: number): Definition | undefined {
  let best: Definition | undefined;
  for (const d of indexNames(outline).get(name) ?? []) {
    if (d.quoted || d.kind === "preset") continue;
    if (offset < d.scopeStart || offset > d.scopeEnd) continue;
    // A name is not visible in its own definition (`port = port` names an outer `port`).
    if (d.kind !== "parameter" && d.start <= offset && offset < d.end) continue;
    // Innermost scope wins; within one scope, the last definition before the use (a later one if none precedes).
    if (best === undefined || d.scopeStart > best.scopeStart || (d.scopeStart === best.scopeStart && d.start <= offset && (best.start > offset || d.start > best.start))) best = d;
  }
  return best;
}

/** The definition a use stands for (following `a.b.c` chains through key bodies). */
export function resolveUse(outline: DocumentOutline, use: NameUse): Definition | undefined {
  const [head, ...rest] = [...use.chain, use.name];
  let d = head === undefined ? undefined : lookupName(outline, head, use.start);
  for (const member of rest) {
    d = d?.children.find((c) => c.name === member && c.kind === "key");
  }
  return d;
}

/** The use or definition name under `offset`. */
export function symbolAt(outline: DocumentOutline, offset: number): { definition: Definition | undefined; use?: NameUse } | undefined {
  const use = outline.uses.find((u) => u.start <= offset && offset <= u.end);
  if (use) return { definition: resolveUse(outline, use), use };
  const named = outline.definitions.find((d) => d.nameStart <= offset && offset <= d.nameEnd);
  if (named) return { definition: named };
  return undefined;
}

/** Every use of `target` in the document (the first {@link MAX_REFERENCES}). */
export function usesOf(outline: DocumentOutline, target: Definition): NameUse[] {
  const out: NameUse[] = [];
  for (const u of outline.uses) {
    if (u.name === target.name && resolveUse(outline, u) === target && out.push(u) >= MAX_REFERENCES) break;
  }
  return out;
}

/** The dotted path of a key in the output (`server.port`), or undefined when it is not an output key (in a preset, an array item, a `:=` name). */
export function outputPath(outline: DocumentOutline, d: Definition): string[] | undefined {
  indexNames(outline);
  const roots = ROOTS.get(outline) as ReadonlySet<Definition>;
  const path: string[] = [];
  let at: Definition | undefined = d;
  let last: Definition = d;
  while (at) {
    if (at.kind !== "key") return undefined;
    path.unshift(at.name);
    last = at;
    at = at.parent;
  }
  return roots.has(last) ? path : undefined;
}
