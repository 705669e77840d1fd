/** Folding ranges: bracket pairs over several lines (blocks, arrays, template blocks), multi-line strings and runs of comments. */
import type { TextDocument } from "vscode-languageserver-textdocument";
import { FoldingRangeKind, type FoldingRange } from "vscode-languageserver";
import type { DocumentOutline } from "./document-outline.js";
import type { EditorToken } from "./editor-tokens.js";

/** Folding ranges of a document. */
export function foldingRanges(doc: TextDocument, tokens: readonly EditorToken[], outline: DocumentOutline): FoldingRange[] {
  const out: FoldingRange[] = [];
  const line = (offset: number): number => doc.positionAt(offset).line;
  for (const p of outline.pairs) {
    const a = line(p.open);
    const b = line(p.close);
    if (b > a) out.push({ startLine: a, endLine: b - 1 });
  }
  let commentRun: { start: number; end: number } | undefined;
  for (const t of tokens) {
    if (t.kind === "comment") {
      const l = line(t.start);
      if (commentRun && commentRun.end === l - 1) commentRun.end = l;
      else {
        if (commentRun && commentRun.end > commentRun.start) out.push({ startLine: commentRun.start, endLine: commentRun.end, kind: FoldingRangeKind.Comment });
        commentRun = { start: l, end: l };
      }
    } else if (t.kind === "string" || t.kind === "template") {
      const a = line(t.start);
      const b = line(t.end);
      if (b > a) out.push({ startLine: a, endLine: b - 1 });
    }
  }
  if (commentRun && commentRun.end > commentRun.start) out.push({ startLine: commentRun.start, endLine: commentRun.end, kind: FoldingRangeKind.Comment });
  return out.sort((x, y) => x.startLine - y.startLine);
}
