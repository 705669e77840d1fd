/**
 * The editor's tree of a text rebuilt after an edit from the tree of the
 * text before it, the way rust-analyzer and TypeScript reparse: green nodes
 * know no offsets, so every top-level item the edit does not reach is the
 * old green node as it is, and the parser parses again only the items
 * around the edit (the top level is a list of items, and the parse of a
 * stretch of whole items as a document makes the same item nodes). The
 * result is the tree a parse from scratch gives (a property test holds it
 * to that, test/syntax/incremental-tree.test.ts), so the rules below are
 * about when the old items are certainly what a fresh parse would make:
 *
 * - The parser starts each top-level item in the same state, whatever came
 *   before (no open delimiter, depth 0; the errors counted before change
 *   no node: a parse for a tree goes on past the count's limit), but for
 *   the nodes `startsItem` refuses.
 * - Before the edit, the parse restarts at the start of an old top-level
 *   node whose first token ends two characters before the edit (a token's
 *   lexing looks one character past its end), so every token before it
 *   and that token are as they were. A string without a closing quote is
 *   the exception: its lexing read to the end of the text, so the restart
 *   is before the first one (or before a place it cannot be ahead of:
 *   `stringsClosedBefore`).
 * - After the edit, the parse stops before a top-level item that starts
 *   where an old top-level node started, in the text after the edit (the
 *   same text from there on): from there the old parse went on exactly as
 *   the new one would, so the old nodes from there on are reused. An edit
 *   that opens a bracket or a string that swallows the rest finds no such
 *   place and parses to the end.
 */
import { documentTree } from "./parse-tree.js";
import { GreenNode, GreenToken, isTrivia, type GreenElement } from "./syntax-tree.js";

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
  const built = documentTree(text);
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
    if (k instanceof GreenNode && startsItem(k) && at + firstTokenWidth(k) + 2 <= prefix) {
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
    const k = kids[j];
    return oldAt === want && k instanceof GreenNode && startsItem(k);
  };
  const built = documentTree(text, from, stopAt);
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

/**
 * Whether the parse of the whole text was at the start of an item where
 * `node` starts, in a state a parse from there also has: not at text the
 * lexer refused (the parse was recovering there), nor at a token right
 * before refused text (the lexer refused it while the parser looked ahead,
 * before the item's first token was consumed: where the recovery then goes
 * on depends on the line of the token before the item).
 */
function startsItem(node: GreenNode): boolean {
  let seen = 0;
  const stack: GreenElement[] = [node];
  for (let e = stack.pop(); e !== undefined && seen < 2; e = stack.pop()) {
    if (e instanceof GreenNode) {
      for (let i = e.children.length - 1; i >= 0; i--) stack.push(e.children[i] as GreenElement);
      continue;
    }
    if (isTrivia(e.kind)) continue;
    if (e.kind === "error") return false;
    seen++;
  }
  return seen > 0;
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
