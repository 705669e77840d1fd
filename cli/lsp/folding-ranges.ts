/**
 * Folding ranges: bracket pairs over several lines (blocks, arrays, template
 * blocks), multi-line strings and runs of comments. What each top-level item
 * holds of these is kept by its green node, its offsets counted from the
 * item's start: after an edit only the items it rebuilt are read again.
 */
import { FoldingRangeKind, type FoldingRange } from "vscode-languageserver";
import { GreenNode, type GreenElement } from "../../core/syntax/index.js";
import { outlineItem } from "./document-outline.js";
import type { DocumentState } from "./document-state.js";
import { childTokens } from "./editor-tokens.js";

/** What a child of the tree may fold, offsets counted from its start. */
interface ChildFolds {
  /** Bracket pairs: open, close, open, close, … */
  readonly pairs: readonly number[];
  /** Comments and strings with a line break, in order: kind ({@link COMMENT} or {@link STRING}), start, end, … */
  readonly marks: readonly number[];
}

const COMMENT = 0;
const STRING = 1;

/** The folds of each top-level item by its green node (an entry goes with its node). */
const ITEMS = new WeakMap<GreenNode, ChildFolds>();

export function foldingRanges(state: DocumentState): FoldingRange[] {
  const doc = state.document;
  const line = (offset: number): number => doc.positionAt(offset).line;
  const out: FoldingRange[] = [];
  // folds of comments and strings after the brackets' (the sort below is stable: same-line ranges keep that order)
  const marked: FoldingRange[] = [];
  let commentRun: { start: number; end: number } | undefined;
  for (const { green, at } of state.children) {
    const folds = childFolds(state, green, at);
    const p = folds.pairs;
    for (let i = 0; i < p.length; i += 2) {
      const a = line(at + (p[i] as number));
      const b = line(at + (p[i + 1] as number));
      if (b > a) out.push({ startLine: a, endLine: b - 1 });
    }
    const m = folds.marks;
    for (let i = 0; i < m.length; i += 3) {
      if (m[i] === COMMENT) {
        const l = line(at + (m[i + 1] as number));
        if (commentRun && commentRun.end === l - 1) commentRun.end = l;
        else {
          if (commentRun && commentRun.end > commentRun.start) marked.push({ startLine: commentRun.start, endLine: commentRun.end, kind: FoldingRangeKind.Comment });
          commentRun = { start: l, end: l };
        }
      } else {
        const a = line(at + (m[i + 1] as number));
        const b = line(at + (m[i + 2] as number));
        if (b > a) marked.push({ startLine: a, endLine: b - 1 });
      }
    }
  }
  if (commentRun && commentRun.end > commentRun.start) marked.push({ startLine: commentRun.start, endLine: commentRun.end, kind: FoldingRangeKind.Comment });
  return [...out, ...marked].sort((x, y) => x.startLine - y.startLine);
}

/** The folds of `child`, a child of the document's tree at offset `at`: kept for an item, read for a token between items. */
function childFolds(state: DocumentState, child: GreenElement, at: number): ChildFolds {
  const known = child instanceof GreenNode ? ITEMS.get(child) : undefined;
  if (known !== undefined) return known;
  const pairs: number[] = [];
  for (const p of outlineItem(state.tree, child, at)?.pairs ?? []) pairs.push(p.open - at, p.close - at);
  const marks: number[] = [];
  for (const t of childTokens(child, at)) {
    if (t.kind === "comment") marks.push(COMMENT, t.start - at, t.end - at);
    else if ((t.kind === "string" || t.kind === "template") && /[\r\n]/.test(t.text)) marks.push(STRING, t.start - at, t.end - at);
  }
  const folds = { pairs, marks };
  if (child instanceof GreenNode) ITEMS.set(child, folds);
  return folds;
}
