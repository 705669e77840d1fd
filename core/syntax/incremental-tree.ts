/**
 * The editor's tree of a text rebuilt after an edit from the tree of the
 * text before it, the way rust-analyzer and TypeScript reparse: green nodes
 * know no offsets, so every top-level item the edit does not reach is the
 * old green node as it is, and only the items around the edit are built
 * again. The result is the tree a build from scratch gives (a property
 * test holds it to that, test/syntax/incremental-tree.test.ts), so the
 * rules below are about when the old items are certainly what a fresh
 * build would make:
 *
 * - Before the edit, the build restarts at the start of an old top-level
 *   member whose first token ends two characters before the edit (a
 *   token's lexing looks one character past its end), so every token
 *   before it, that token, and whether it opens an item are as they were.
 *   A string without a closing quote is the exception: its lexing read to
 *   the end of the text, so the restart is before the first one (or
 *   before a place it cannot be ahead of: `stringsClosedBefore`).
 * - After the edit, the build stops before a token at the top level that
 *   opens an item where an old top-level member started, in the text
 *   after the edit (the same text from there on): from that state the
 *   old build went on exactly as the new one would, so the old members
 *   from there on are reused. An edit that opens a bracket or a string
 *   that swallows the rest finds no such place and builds to the end.
 *
 * The editor's tree has no error nodes (core/syntax/index.ts); this is for
 * that tree only.
 */
import { GreenNode, GreenToken, type GreenElement } from "./syntax-tree.js";
import { buildDocumentChildren } from "./tree-builder.js";

/** An editor's tree with what rebuilding it after an edit needs. */
export interface EditableTree {
  readonly text: string;
  readonly green: GreenNode;
  /**
   * Every string that starts before this offset has its closing quote
   * (Infinity: every string has): the first one without is here or after
   * it. Exact after a build from scratch; after a rebuild that reused the
   * items after the edit, where the first one was among the items rebuilt
   * and is gone, it is the start of the reused items (where one may be).
   */
  readonly stringsClosedBefore: number;
}

/** The tree of `text`, built from scratch. */
export function editableTree(text: string): EditableTree {
  const built = buildDocumentChildren(text, [], 0, undefined);
  return { text, green: new GreenNode("document", built.children), stringsClosedBefore: built.unterminated < 0 ? Infinity : built.unterminated };
}

/** The tree of `text` from the tree of an earlier text: the top-level items the change between them does not reach are reused. */
export function editedTree(before: EditableTree, text: string): EditableTree {
  const old = before.text;
  if (old === text) return before;
  const prefix = commonPrefix(old, text);
  const suffix = commonSuffix(old, text, Math.min(old.length, text.length) - prefix);
  const delta = text.length - old.length;
  /** Where the text after the edit starts, in the new text. */
  const afterEdit = text.length - suffix;

  const kids = before.green.children;
  // the restart: the last member whose first token is safely before the edit (and before any unterminated string)
  const limit = Math.min(prefix, before.stringsClosedBefore);
  let keep = 0;
  let from = 0;
  let at = 0;
  for (let i = 0; i < kids.length; i++) {
    const k = kids[i] as GreenElement;
    if (at >= limit) break;
    if (k instanceof GreenNode && at + firstTokenWidth(k) + 2 <= prefix) {
      keep = i;
      from = at;
    }
    at += k.width;
  }

  // the resync: old members after the edit, by their offset in the old text, walked in order as the build asks
  let j = keep;
  let oldAt = from;
  const stopAt = (offset: number): boolean => {
    if (offset < afterEdit) return false;
    const want = offset - delta;
    while (j < kids.length && oldAt < want) {
      oldAt += (kids[j] as GreenElement).width;
      j++;
    }
    return oldAt === want && kids[j] instanceof GreenNode;
  };
  const built = buildDocumentChildren(text, [], from, stopAt);
  const children = kids.slice(0, keep);
  for (const c of built.children) children.push(c);
  const stopped = built.end < text.length;
  if (stopped) for (let k = j; k < kids.length; k++) children.push(kids[k] as GreenElement);
  // the rebuilt part knows its own first unterminated string; the reused part, the old bound if it lies there, else its start
  const reusedFrom = built.end - delta;
  const closedBefore = built.unterminated >= 0 ? built.unterminated : !stopped ? Infinity : before.stringsClosedBefore >= reusedFrom ? before.stringsClosedBefore + delta : built.end;
  return { text, green: new GreenNode("document", children), stringsClosedBefore: closedBefore };
}

/** The width of the first token of a node (a member starts with a token or with a bracket node that does). */
function firstTokenWidth(node: GreenNode): number {
  let e: GreenElement | undefined = node;
  while (e instanceof GreenNode) e = e.children[0];
  return e instanceof GreenToken ? e.width : 0;
}

/** Characters compared at once where two texts are likely the same (a comparison of strings is native; a loop over characters is not). */
const CHUNK = 512;

/** The length of the longest common prefix of `a` and `b`. */
function commonPrefix(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let p = 0;
  while (p + CHUNK <= n && a.slice(p, p + CHUNK) === b.slice(p, p + CHUNK)) p += CHUNK;
  while (p < n && a.charCodeAt(p) === b.charCodeAt(p)) p++;
  return p;
}

/** The length of the longest common suffix of `a` and `b`, at most `max`. */
function commonSuffix(a: string, b: string, max: number): number {
  let s = 0;
  while (s + CHUNK <= max && a.slice(a.length - s - CHUNK, a.length - s) === b.slice(b.length - s - CHUNK, b.length - s)) s += CHUNK;
  while (s < max && a.charCodeAt(a.length - 1 - s) === b.charCodeAt(b.length - 1 - s)) s++;
  return s;
}
