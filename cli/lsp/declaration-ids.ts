/**
 * How the server and the evaluation thread name a `:=` declaration whose
 * value a hover shows (the value is in no output, so no output path names
 * it): the output path of the body it is declared in, its name, and how many
 * declarations of that name precede it in that body. The server works the
 * name out from the document outline, the thread from the parsed program
 * (declaration-previews.ts); both see the same text.
 */
import type { Definition, DocumentOutline } from "./document-outline.js";
import { lookupName } from "./name-resolution.js";

/** First element of a preview path that names a declaration's value (never a key path of the output: previews are keyed by JSON arrays). */
export const DECLARATION_MARK = "\u0000:=";

/** Bodies deeper than this along an output path get no declaration previews (both sides stop at the same depth). */
export const MAX_DECLARATION_DEPTH = 64;

/** The name of a declaration: its body's output path, its name, its rank among same-named declarations of that body. */
export function declarationId(bodyPath: readonly string[], name: string, nth: number): string {
  return JSON.stringify([...bodyPath, name, nth]);
}

/** The preview path of a declaration's value (`members` empty) or of a member of it (`base.port`: ["port"]). */
export function declarationPreviewPath(id: string, members: readonly string[]): string[] {
  return [DECLARATION_MARK, id, ...members];
}

/** A value the evaluation thread is asked to preview: a declaration's, or a member's of it. */
export type DeclarationRequest = readonly [id: string, members: readonly string[]];

const IDS = new WeakMap<DocumentOutline, Map<Definition, string>>();

/** The ids of the declarations at top level and in key bodies along output paths (others have none: no preview). */
export function declarationIds(outline: DocumentOutline): ReadonlyMap<Definition, string> {
  let ids = IDS.get(outline);
  if (ids !== undefined) return ids;
  ids = new Map();
  // an explicit stack: a broken document's outline may nest as deep as it has braces
  const bodies: { list: readonly Definition[]; path: readonly string[] }[] = [{ list: outline.roots, path: [] }];
  for (let body = bodies.pop(); body !== undefined; body = bodies.pop()) {
    const seen = new Map<string, number>();
    for (const d of body.list) {
      if (d.kind === "declaration" && !d.quoted) {
        const nth = seen.get(d.name) ?? 0;
        seen.set(d.name, nth + 1);
        ids.set(d, declarationId(body.path, d.name, nth));
      } else if (d.kind === "key" && d.children.length > 0 && body.path.length < MAX_DECLARATION_DEPTH) {
        bodies.push({ list: d.children, path: [...body.path, d.name] });
      }
    }
  }
  IDS.set(outline, ids);
  return ids;
}

/** The preview path of the value a declaration (or a use of one, `base.port`) stands for, if it has one. */
export function declarationPreviewOf(outline: DocumentOutline, d: Definition, members: readonly string[] = []): string[] | undefined {
  const id = declarationIds(outline).get(d);
  return id === undefined ? undefined : declarationPreviewPath(id, members);
}

/**
 * What a document's hovers may ask about `:=` values, at most `max`: every
 * declaration's value, and each member chain used through one (`base.port`).
 */
export function declarationRequests(outline: DocumentOutline, max: number): DeclarationRequest[] {
  const ids = declarationIds(outline);
  const out = new Map<string, DeclarationRequest>();
  const add = (id: string, members: readonly string[]): void => {
    const key = JSON.stringify([id, ...members]);
    if (out.size < max && !out.has(key)) out.set(key, [id, members]);
  };
  for (const id of ids.values()) add(id, []);
  for (const use of outline.uses) {
    if (out.size >= max) break;
    const [head, ...rest] = use.chain;
    const d = head === undefined ? undefined : lookupName(outline, head, use.start);
    const id = d === undefined ? undefined : ids.get(d);
    if (id !== undefined) add(id, [...rest, use.name]);
  }
  return [...out.values()];
}
