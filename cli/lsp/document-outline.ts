/**
 * The structure of a document as an editor needs it — keys (as a tree),
 * `:=` names, map parameters, presets, `@use`s, includes, name uses and
 * bracket pairs — worked out from its tokens alone, so that a document the
 * parser refuses (it stops at the first error) still has symbols, folding,
 * definitions and completion.
 */
import { KEY_FOLLOWERS } from "../../core/syntax/tokens.js";
import type { EditorToken } from "./scan-tokens.js";

/** A key, a `:=` name, a map parameter or a preset. */
export interface Definition {
  readonly kind: "key" | "declaration" | "parameter" | "preset";
  readonly name: string;
  /** Span of the name as written (with its quotes for a quoted key or a preset name). */
  readonly nameStart: number;
  readonly nameEnd: number;
  /** Span of the whole definition (name to the end of its value). */
  readonly start: number;
  end: number;
  /** The object (or preset body) this one is defined in; undefined at top level. */
  readonly parent: Definition | undefined;
  /** Keys inside this one's `{…}` body (or a preset's body). */
  readonly children: Definition[];
  /** Quoted keys are output but not names (LANGUAGE.md §4). */
  readonly quoted: boolean;
  /** Where in the document the name is visible: the span of the enclosing body. */
  readonly scopeStart: number;
  /** Set when the enclosing body closes (the end of the text until then). */
  scopeEnd: number;
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
  /** Matching bracket pairs `{}` `[]` `()` (offsets of the open and the close). */
  readonly pairs: readonly { readonly open: number; readonly close: number }[];
}

interface Frame {
  readonly bracket: string;
  readonly at: number;
  /** The definition whose body this is (a key `k { … }`, `k = { … }`, a preset). */
  readonly owner: Definition | undefined;
  /** Keys may be defined directly in this frame (object bodies and the top level). */
  readonly holdsKeys: boolean;
  /** The last definition made in this frame, whose end moves as its value's tokens pass. */
  last: Definition | undefined;
  /** Definitions made in this frame: their scope ends where the frame closes. */
  readonly defined: Definition[];
}

/** Longest `a.b.c…` chain whose members are recorded as uses. */
export const MAX_CHAIN = 64;

const CLOSER: Readonly<Record<string, string>> = { "}": "{", "]": "[", ")": "(" };

/** Work out the outline of a document from its tokens (see {@link scanTokens}). */
export function outlineDocument(text: string, tokens: readonly EditorToken[]): DocumentOutline {
  const textLength = text.length;
  const code = tokens.filter((t) => t.kind !== "comment");
  const definitions: Definition[] = [];
  const roots: Definition[] = [];
  const uses: NameUse[] = [];
  const presetUses: StringRef[] = [];
  const includes: StringRef[] = [];
  const includeValues = new Map<Definition, StringRef>();
  const pairs: { open: number; close: number }[] = [];
  const top: Frame = { bracket: "", at: 0, owner: undefined, holdsKeys: true, last: undefined, defined: [] };
  const stack: Frame[] = [top];
  /** A definition whose `{` (or `= {`) body is expected next. */
  let pendingOwner: Definition | undefined;

  const define = (d: Omit<Definition, "children" | "end" | "scopeStart" | "scopeEnd"> & { end: number }, frame: Frame): Definition => {
    // every field written out in one order: a spread made objects of many shapes, and W3's outline took 0.5–1 s
    const full: Definition = { kind: d.kind, name: d.name, nameStart: d.nameStart, nameEnd: d.nameEnd, start: d.start, end: d.end, parent: d.parent, children: [], quoted: d.quoted, scopeStart: frame.at, scopeEnd: textLength };
    definitions.push(full);
    frame.defined.push(full);
    if (full.parent) full.parent.children.push(full);
    else if (frame === top) roots.push(full);
    return full;
  };

  for (let i = 0; i < code.length; i++) {
    const t = code[i] as EditorToken;
    const prev = code[i - 1];
    const next = code[i + 1];
    const frame = stack[stack.length - 1] as Frame;
    if (frame.last && t.start >= frame.last.start) frame.last.end = Math.max(frame.last.end, t.end);

    if (t.kind === "punct" && (t.text === "{" || t.text === "[" || t.text === "(")) {
      // The body of a key (`k {`, `k = {`) or a preset belongs to it; other bodies (array items, `@use` overrides) to no key.
      const owner = t.text === "{" ? pendingOwner : undefined;
      stack.push({ bracket: t.text, at: t.start, owner, holdsKeys: t.text === "{", last: undefined, defined: [] });
      pendingOwner = undefined;
      continue;
    }
    if (t.kind === "punct" && CLOSER[t.text] !== undefined) {
      // Pop to the matching opener; an unmatched closer is left alone.
      for (let j = stack.length - 1; j > 0; j--) {
        const f = stack[j] as Frame;
        if (f.bracket === CLOSER[t.text]) {
          pairs.push({ open: f.at, close: t.start });
          for (const d of f.defined) d.scopeEnd = t.end;
          stack.length = j;
          const outer = stack[stack.length - 1] as Frame;
          if (outer.last) outer.last.end = Math.max(outer.last.end, t.end);
          break;
        }
      }
      continue;
    }
    if (t.kind === "punct" && t.text === "@") {
      // `@preset "name" {`, `@use "name"`, `@"name"`.
      const word = next?.kind === "ident" ? next : undefined;
      const str = word ? code[i + 2] : next;
      if (str?.kind === "string") {
        const ref = { value: str.text, start: str.start, end: str.end };
        if (word?.text === "preset") {
          closeLast(frame, prev);
          const d = define({ kind: "preset", name: str.text, nameStart: str.start, nameEnd: str.end, start: t.start, end: str.end, parent: undefined, quoted: true }, frame);
          frame.last = d;
          pendingOwner = d;
        } else presetUses.push(ref);
        i += word ? 2 : 1;
      }
      continue;
    }
    if (t.kind === "keyword" && t.text === "include" && next?.kind === "string") {
      const ref = { value: next.text, start: next.start, end: next.end };
      includes.push(ref);
      const bound = frame.last;
      if (bound && prev?.kind === "punct" && (prev.text === ":=" || prev.text === "=") && prev.start >= bound.nameEnd) {
        includeValues.set(bound, ref); // an include as a value: its file's keys are reached through the name only
        bound.end = Math.max(bound.end, next.end);
      } else {
        closeLast(frame, prev);
        frame.last = undefined;
      }
      i++;
      continue;
    }
    if (t.kind === "keyword" && t.text === "map" && next?.text === "(") {
      const p = code[i + 2];
      if (p?.kind === "ident" && code[i + 3]?.text === ")") {
        define({ kind: "parameter", name: p.text, nameStart: p.start, nameEnd: p.end, start: p.start, end: p.end, parent: frame.owner, quoted: false }, frame);
        pairs.push({ open: next.start, close: (code[i + 3] as EditorToken).start });
        i += 3;
      }
      continue;
    }
    const nameLike = t.kind === "ident" || t.kind === "keyword" || t.kind === "string";
    if (nameLike && frame.holdsKeys && next?.kind === "punct" && KEY_FOLLOWERS.has(next.text) && isKeyPlace(text, code, i, frame)) {
      closeLast(frame, prev);
      const declare = next.text === ":=";
      const d = define(
        { kind: declare ? "declaration" : "key", name: t.text, nameStart: t.start, nameEnd: t.end, start: t.start, end: t.end, parent: frame.owner, quoted: t.kind === "string" },
        frame,
      );
      frame.last = d;
      const after = next.text === "{" ? next : code[i + 2];
      pendingOwner = after?.text === "{" ? d : undefined;
      continue;
    }
    if (t.kind === "ident" && !(prev?.kind === "punct" && prev.text === ".")) {
      const chain: string[] = [];
      // Members past MAX_CHAIN are not recorded: each carries its chain, so an endless `a.b.c…` would cost its length squared.
      for (let j = i; j < i + 2 * MAX_CHAIN && code[j + 1]?.text === "." && code[j + 2]?.kind === "ident"; j += 2) {
        const member = code[j + 2] as EditorToken;
        uses.push({ name: member.text, start: member.start, end: member.end, chain: [t.text, ...chain] });
        chain.push(member.text);
      }
      uses.push({ name: t.text, start: t.start, end: t.end, chain: [] });
    }
  }
  uses.sort((a, b) => a.start - b.start);
  return { definitions, roots, uses, presetUses, includes, includeValues, pairs };
}

/** The last definition of a frame ends with the token before the next one starts. */
function closeLast(frame: Frame, prev: EditorToken | undefined): void {
  if (frame.last && prev && prev.end >= frame.last.start) frame.last.end = Math.max(frame.last.nameEnd, prev.end);
}

/** A name at `i` is a key when it starts a statement or member: first, after `{` or `,`, or on a new line. */
function isKeyPlace(text: string, code: readonly EditorToken[], i: number, frame: Frame): boolean {
  const prev = code[i - 1];
  if (prev === undefined || prev.start < frame.at) return true;
  if (prev.kind === "punct" && (prev.text === "{" || prev.text === ",")) return true;
  if (prev.kind === "interp") return false;
  const t = code[i] as EditorToken;
  return prev.depth === t.depth && text.slice(prev.end, t.start).includes("\n");
}
