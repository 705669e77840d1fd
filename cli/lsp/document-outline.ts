/**
 * The structure of a document as an editor needs it — keys (as a tree),
 * `:=` names, map parameters, presets, `@use`s, includes, name uses and
 * bracket pairs — read off its syntax tree (core/syntax), which every text
 * has, so that a document the parser refuses still has symbols, folding,
 * definitions and completion. A member of the top level or of an object
 * body whose first token is a name (or a keyword or string) followed by
 * `=`, `:`, `:=`, `{` or `[` defines a key (or, with `:=`, a name).
 */
import { GreenNode, KEY_FOLLOWERS, SyntaxNode, SyntaxToken, isTrivia, stringValue, type GreenElement } from "../../core/syntax/index.js";
import { interpolations } from "./editor-tokens.js";

/** A key, a `:=` name, a map parameter or a preset. */
export interface Definition {
  readonly kind: "key" | "declaration" | "parameter" | "preset";
  readonly name: string;
  /** Span of the name as written (with its quotes for a quoted key or a preset name). */
  readonly nameStart: number;
  readonly nameEnd: number;
  /** Span of the whole definition (name to the end of its value). */
  readonly start: number;
  readonly end: number;
  /** The object (or preset body) this one is defined in; undefined at top level. */
  readonly parent: Definition | undefined;
  /** Keys inside this one's `{…}` body (or a preset's body). */
  readonly children: Definition[];
  /** Quoted keys are output but not names (LANGUAGE.md §4). */
  readonly quoted: boolean;
  /** Where in the document the name is visible: the span of the enclosing body. */
  readonly scopeStart: number;
  /** Where the enclosing body closes; Infinity at top level and for a body that does not close (it runs to the end of the text). */
  readonly scopeEnd: number;
}

/** A name used in a value, with the names before it in a `a.b.c` chain. */
export interface NameUse {
  readonly name: string;
  readonly start: number;
  readonly end: number;
  /** For `a.b.c` at `c`: ["a", "b"]; empty for a plain name. */
  readonly chain: readonly string[];
}

/** A reference to a file or a preset written as a string. */
export interface StringRef {
  readonly value: string;
  /** Span of the string token (quotes included). */
  readonly start: number;
  readonly end: number;
}

/** The structure of one document. */
export interface DocumentOutline {
  /** Every definition in document order (keys of every depth, presets, names). */
  readonly definitions: readonly Definition[];
  /** Top-level definitions (children hold the rest), for document symbols. */
  readonly roots: readonly Definition[];
  readonly uses: readonly NameUse[];
  readonly presetUses: readonly StringRef[];
  readonly includes: readonly StringRef[];
  /** Includes used as a value (`base := include "f"`, `k = include "f"`), by the name or key they are bound to (one of {@link includes}). */
  readonly includeValues: ReadonlyMap<Definition, StringRef>;
  /** Matching bracket pairs `{}` `[]` `()` (offsets of the open and the close), by their opening bracket. */
  readonly pairs: readonly BracketPair[];
}

export interface BracketPair {
  readonly open: number;
  readonly close: number;
}

/** A list or bracket of the tree with what its items see: the body that holds definitions made in it. */
interface Group {
  readonly node: SyntaxNode;
  /** The definition whose body this is (a key `k { … }`, `k = { … }`, a preset). */
  readonly owner: Definition | undefined;
  /** Where names defined directly in it are visible: from its opening bracket to its closing one (or the end of the text). */
  readonly scopeStart: number;
  readonly scopeEnd: number;
}

/** Longest `a.b.c…` chain whose members are recorded as uses. */
const MAX_CHAIN = 64;

type Element = SyntaxNode | SyntaxToken;

const CLOSER: Readonly<Record<string, string>> = { "{": "}", "[": "]", "(": ")" };

/** The lists of an outline, while they are filled. */
type OutlineLists = { readonly [K in keyof DocumentOutline]: Filling<DocumentOutline[K]> };
type Filling<T> = T extends ReadonlyMap<infer K, infer V> ? Map<K, V> : T extends readonly (infer E)[] ? E[] : never;

/** The array lists of an outline (the map, includeValues, is joined apart). */
const LISTS = ["definitions", "roots", "uses", "presetUses", "includes", "pairs"] as const;

/** What one top-level item of a document contributes to its outline, each list in document order. */
export interface ItemOutline extends OutlineLists {
  /** The item's offset these were found at. */
  readonly at: number;
}

/**
 * The outline of each top-level item by its green node, at the offset it
 * was last read at. Green nodes are shared between a document's versions
 * (core/syntax/incremental-tree.ts): after an edit the items before it are
 * the same objects at the same offsets and their outlines are reused as
 * they are; those after it moved, and their outlines are copied with
 * offsets moved; only the items the edit rebuilt are read again. An entry
 * goes with its node.
 */
const ITEMS = new WeakMap<GreenNode, ItemOutline>();

/**
 * The outline of the document `tree` is the tree of (core/syntax/index.ts,
 * editorSyntaxTree): the outlines of its top-level items, joined in
 * document order. Linear in the tree.
 */
export function outlineDocument(tree: SyntaxNode): DocumentOutline {
  const all = emptyOutline();
  let at = tree.start;
  for (const c of tree.green.children) {
    const item = outlineItem(tree, c, at);
    at += c.width;
    if (item === undefined) continue;
    for (const list of LISTS) for (const x of item[list]) (all[list] as unknown[]).push(x);
    for (const [d, r] of item.includeValues) all.includeValues.set(d, r);
  }
  // each item's lists are in document order, and the items are
  return all;
}

/** The outline of `child`, a child of `tree` at offset `at` (undefined for a token between items): kept, moved or read. */
export function outlineItem(tree: SyntaxNode, child: GreenElement, at: number): ItemOutline | undefined {
  if (!(child instanceof GreenNode)) return undefined;
  let item = ITEMS.get(child);
  if (item === undefined) item = readItem(tree, new SyntaxNode(child, at, tree));
  else if (item.at !== at) item = movedItem(item, at);
  ITEMS.set(child, item);
  return item;
}

/** An outline with nothing in it yet. */
function emptyOutline(): OutlineLists {
  return { definitions: [], roots: [], uses: [], presetUses: [], includes: [], includeValues: new Map(), pairs: [] };
}

/** The outline of an item found at another offset, its offsets moved to `at`. */
function movedItem(item: ItemOutline, at: number): ItemOutline {
  const by = at - item.at;
  const moved = new Map<Definition, Definition>();
  const definitions: Definition[] = [];
  // the roots are the definitions made at top level: their scope is the document's, which does not move
  const roots = new Set(item.roots);
  // a parent is defined before its children (its body is read after it)
  for (const d of item.definitions) {
    const parent = d.parent === undefined ? undefined : moved.get(d.parent);
    const scopeBy = roots.has(d) ? 0 : by;
    const m: Definition = { kind: d.kind, name: d.name, nameStart: d.nameStart + by, nameEnd: d.nameEnd + by, start: d.start + by, end: d.end + by, parent, children: [], quoted: d.quoted, scopeStart: d.scopeStart + scopeBy, scopeEnd: d.scopeEnd + scopeBy };
    if (parent) parent.children.push(m);
    moved.set(d, m);
    definitions.push(m);
  }
  const def = (d: Definition): Definition => moved.get(d) as Definition;
  const ref = (r: StringRef): StringRef => ({ value: r.value, start: r.start + by, end: r.end + by });
  const includes = item.includes.map(ref);
  const includeValues = new Map<Definition, StringRef>();
  for (const [d, r] of item.includeValues) includeValues.set(def(d), includes[item.includes.indexOf(r)] as StringRef);
  return {
    at,
    definitions,
    roots: item.roots.map(def),
    uses: item.uses.map((u) => ({ name: u.name, start: u.start + by, end: u.end + by, chain: u.chain })),
    presetUses: item.presetUses.map(ref),
    includes,
    includeValues,
    pairs: item.pairs.map((p) => ({ open: p.open + by, close: p.close + by })),
  };
}

/** Read the outline of `member`, a top-level item of `tree`: a loop over its groups, no recursion but into a template's `${…}`. */
function readItem(tree: SyntaxNode, member: SyntaxNode): ItemOutline {
  const found = emptyOutline();
  const { definitions, roots, uses, presetUses, includes, includeValues, pairs } = found;
  const work: Group[] = [{ node: tree, owner: undefined, scopeStart: 0, scopeEnd: Infinity }];

  for (let g = work.pop(); g !== undefined; g = work.pop()) {
    const group = g;
    /** Brackets met in this group's items, with the definition each is the body of: they are read after it. */
    const inner: { node: SyntaxNode; owner: Definition | undefined }[] = [];
    const define = (kind: Definition["kind"], name: string, nameAt: Element, start: number, end: number, parent: Definition | undefined, quoted: boolean): Definition => {
      // every field written out in one order: objects of one shape keep property reads fast on W3's thousands of keys
      const d: Definition = { kind, name, nameStart: nameAt.start, nameEnd: nameAt.end, start, end, parent, children: [], quoted, scopeStart: group.scopeStart, scopeEnd: group.scopeEnd };
      definitions.push(d);
      if (parent) parent.children.push(d);
      else if (group.node === tree) roots.push(d);
      return d;
    };

    /** The significant elements `s` of one item (or of a `( … )`, a `${…}`); `item` is the member node when keys may be defined in it. */
    const read = (s: readonly Element[], item: SyntaxNode | undefined): void => {
      let j = 0;
      /** The definition this item makes, and where a value bound to it (`k = include "f"`) would start. */
      let bound: Definition | undefined;
      let valueAt = -1;
      const first = s[0];
      const follower = s[1];
      const followerText = follower instanceof SyntaxToken ? follower.text : follower?.kind === "object" ? "{" : follower?.kind === "array" ? "[" : "";
      if (item !== undefined && first instanceof SyntaxToken && isNameLike(first) && KEY_FOLLOWERS.has(followerText)) {
        const quoted = first.kind === "string";
        bound = define(followerText === ":=" ? "declaration" : "key", quoted ? stringValue(first.text) : first.text, first, first.start, item.end, group.owner, quoted);
        j = follower instanceof SyntaxToken ? 2 : 1;
        valueAt = followerText === "=" || followerText === ":=" ? j : -1;
        const body = s[j];
        if (body instanceof SyntaxNode && body.kind === "object") {
          inner.push({ node: body, owner: bound });
          j++;
        }
      }
      for (; j < s.length; j++) {
        const e = s[j] as Element;
        if (e instanceof SyntaxNode) {
          inner.push({ node: e, owner: undefined });
          continue;
        }
        const next = s[j + 1];
        if (e.kind === "punct" && e.text === "@") {
          // `@preset "name" {`, `@use "name"`, `@"name"`
          const word = next instanceof SyntaxToken && next.kind === "ident" ? next : undefined;
          const str = word ? s[j + 2] : next;
          if (!(str instanceof SyntaxToken && str.kind === "string")) continue;
          const value = stringValue(str.text);
          j += word ? 2 : 1;
          if (word?.text !== "preset") {
            presetUses.push({ value, start: str.start, end: str.end });
            continue;
          }
          const preset = define("preset", value, str, e.start, item?.end ?? str.end, undefined, true);
          const body = s[j + 1];
          if (body instanceof SyntaxNode && body.kind === "object") {
            inner.push({ node: body, owner: preset });
            j++;
          }
        } else if (e.kind === "keyword" && e.text === "include" && next instanceof SyntaxToken && next.kind === "string") {
          const ref = { value: stringValue(next.text), start: next.start, end: next.end };
          includes.push(ref);
          // an include as a value: its file's keys are reached through the name only
          if (bound !== undefined && j === valueAt) includeValues.set(bound, ref);
          j++;
        } else if (e.kind === "keyword" && e.text === "map" && next instanceof SyntaxNode && next.kind === "paren") {
          const p = significant(next);
          const name = p[1];
          if (p.length === 3 && name instanceof SyntaxToken && name.kind === "ident" && closes(next)) {
            define("parameter", name.text, name, name.start, name.end, group.owner, false);
            pairs.push({ open: next.start, close: next.end - 1 });
            j++;
          }
        } else if (e.kind === "ident" && !isDot(s[j - 1])) {
          const chain: string[] = [];
          // members past MAX_CHAIN are not recorded: each carries its chain, so an endless `a.b.c…` would cost its length squared
          for (let k = j; k < j + 2 * MAX_CHAIN && isDot(s[k + 1]) && isIdent(s[k + 2]); k += 2) {
            const member = s[k + 2] as SyntaxToken;
            uses.push({ name: member.text, start: member.start, end: member.end, chain: [e.text, ...chain] });
            chain.push(member.text);
          }
          uses.push({ name: e.text, start: e.start, end: e.end, chain: [] });
        } else if (e.kind === "template") {
          // the code in `${…}` is read as part of this item
          for (const part of interpolations(e.green, e.start)) for (const m of significant(part.code)) if (m instanceof SyntaxNode) read(significant(m), undefined);
        }
      }
    };

    const node = group.node;
    if (node.kind === "paren") read(significant(node), undefined);
    else if (node === tree) read(significant(member), member);
    else {
      const holdsKeys = node.kind === "object";
      for (const c of significant(node)) {
        if (c instanceof SyntaxNode) read(significant(c), holdsKeys && c.kind !== "element" ? c : undefined);
      }
    }
    for (let k = inner.length - 1; k >= 0; k--) {
      const { node: b, owner } = inner[k] as { node: SyntaxNode; owner: Definition | undefined };
      const closed = closes(b);
      if (closed) pairs.push({ open: b.start, close: b.end - 1 });
      work.push({ node: b, owner, scopeStart: b.start, scopeEnd: closed ? b.end : Infinity });
    }
  }
  definitions.sort((a, b) => a.nameStart - b.nameStart);
  // the groups are read outside in: sort what they found into document order (the first include that defines a name wins)
  for (const list of [uses, presetUses, includes]) list.sort((a, b) => a.start - b.start);
  pairs.sort((a, b) => a.open - b.open);
  return { at: member.start, ...found };
}

/** The children of `node` that are not trivia (no cursor is made for trivia: W3's items are mostly blanks and line breaks). */
function significant(node: SyntaxNode): Element[] {
  const out: Element[] = [];
  let at = node.start;
  for (const c of node.green.children) {
    if (c instanceof GreenNode) out.push(new SyntaxNode(c, at, node));
    else if (!isTrivia(c.kind)) out.push(new SyntaxToken(c, at, node));
    at += c.width;
  }
  return out;
}

/** Whether a bracket node ends with the closer of its opener. */
function closes(node: SyntaxNode): boolean {
  const kids = node.green.children;
  const open = kids[0];
  const last = kids[kids.length - 1];
  return kids.length > 1 && open !== undefined && last !== undefined && "text" in open && "text" in last && last.text === CLOSER[open.text];
}

function isNameLike(t: SyntaxToken): boolean {
  return t.kind === "ident" || t.kind === "keyword" || t.kind === "string";
}

function isDot(e: Element | undefined): boolean {
  return e instanceof SyntaxToken && e.kind === "punct" && e.text === ".";
}

function isIdent(e: Element | undefined): e is SyntaxToken {
  return e instanceof SyntaxToken && e.kind === "ident";
}
