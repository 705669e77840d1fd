/**
 * What the server knows about one open document: its text, its syntax tree
 * and what the editor features read off it (the outline), each built on
 * first use and once per version, and the value previews of its last
 * evaluation. A version's tree is rebuilt from the last one built of an
 * earlier version (core/syntax/incremental-tree.ts): only the top-level
 * items the edits since then reach are built again. The tree and outline
 * can also be built ahead, in steps ({@link DocumentState.prepare}), while
 * the server waits for messages.
 */
import type { TextDocument } from "vscode-languageserver-textdocument";
import { editableTree, editedTree, SyntaxNode, type EditableTree } from "../../core/syntax/index.js";
import type { GreenElement } from "../../core/syntax/index.js";
import { outlineDocument, outlineItem, type DocumentOutline } from "./document-outline.js";
import { indexNames } from "./name-resolution.js";
import { LSP_LIMITS } from "./lsp-limits.js";

const MAX_EDITOR_TEXT = LSP_LIMITS.maxSourceLength ?? Infinity;

/**
 * Tokens and outline of one version of a document. The TextDocument object
 * is updated in place by edits, so a state is valid only while the
 * document's version is {@link version}.
 */
export class DocumentState {
  readonly version: number;
  /** The last tree built of an earlier version (dropped once this version's is built from it). */
  private earlier: EditableTree | undefined;
  private editable: EditableTree | undefined;
  private treeCache: SyntaxNode | undefined;
  private childCache: readonly DocumentChild[] | undefined;
  private outlineCache: DocumentOutline | undefined;
  /** How many of the tree's children {@link prepare} has read the outline of. */
  private preparedChildren = 0;
  /**
   * Previews of the values of the last evaluation that succeeded (by output
   * path as JSON, evaluation-job.ts), for hovers; `stale` when that was of
   * an earlier version (the document has been edited since, or is broken now).
   */
  previews: { readonly byPath: ReadonlyMap<string, string>; readonly stale: boolean } | undefined;

  readonly text: string;

  constructor(
    readonly document: TextDocument,
    previous?: DocumentState,
  ) {
    this.version = document.version;
    this.text = document.getText();
    this.earlier = previous?.editable ?? previous?.earlier;
    this.previews = previous?.previews === undefined ? undefined : { byPath: previous.previews.byPath, stale: true };
  }

  /** The preview of the value at an output path, and whether it is of an earlier version. */
  previewAt(path: readonly string[]): { text: string; stale: boolean } | undefined {
    const text = this.previews?.byPath.get(JSON.stringify(path));
    return text === undefined ? undefined : { text, stale: this.previews?.stale === true };
  }

  /** The syntax tree; an empty one for a text larger than the engine would accept (editor features then offer nothing). */
  get tree(): SyntaxNode {
    if (this.treeCache === undefined) {
      const text = this.text.length > MAX_EDITOR_TEXT ? "" : this.text;
      this.editable = this.earlier === undefined ? editableTree(text) : editedTree(this.earlier, text);
      this.earlier = undefined;
      this.treeCache = new SyntaxNode(this.editable.green, 0, undefined);
    }
    return this.treeCache;
  }

  /** The children of the tree (top-level items and the tokens between them) with their offsets, in order. */
  get children(): readonly DocumentChild[] {
    if (this.childCache === undefined) {
      const out: DocumentChild[] = [];
      let at = this.tree.start;
      for (const green of this.tree.green.children) {
        out.push({ green, at });
        at += green.width;
      }
      this.childCache = out;
    }
    return this.childCache;
  }

  /** The index of the child that holds `offset` (the last one for the end of the text; -1 for an empty text). */
  childAt(offset: number): number {
    const kids = this.children;
    let lo = 0;
    let hi = kids.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((kids[mid] as DocumentChild).at <= offset) lo = mid;
      else hi = mid - 1;
    }
    return hi;
  }

  get outline(): DocumentOutline {
    return (this.outlineCache ??= outlineDocument(this.tree));
  }

  /**
   * One step of building the tree and the outline ahead of the requests
   * that read them: the tree, or the outlines of the top-level items until
   * `deadline` (performance.now()), or the outline joined from them, its
   * index of names and the text's line offsets.
   * Returns true once the outline is built. A request in between builds
   * what is left at once (the items read here are not read again).
   */
  prepare(deadline: number): boolean {
    if (this.outlineCache !== undefined) return true;
    if (this.treeCache === undefined) {
      void this.tree;
      return false;
    }
    const kids = this.children;
    while (this.preparedChildren < kids.length) {
      const { green, at } = kids[this.preparedChildren++] as DocumentChild;
      outlineItem(this.tree, green, at);
      if (performance.now() >= deadline) return false;
    }
    indexNames(this.outline);
    // the text's line offsets, which the document computes on the first position asked of it
    this.document.positionAt(0);
    return true;
  }
}

/** A child of a document's tree at its offset. */
export interface DocumentChild {
  readonly green: GreenElement;
  readonly at: number;
}
