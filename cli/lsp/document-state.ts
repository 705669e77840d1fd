/**
 * What the server knows about one open document: its text, its syntax tree
 * and what the editor features read off it (tokens, outline), each built on
 * first use and once per version, and the value previews of its last
 * evaluation. A version's tree is rebuilt from the last one built of an
 * earlier version (core/syntax/incremental-tree.ts): only the top-level
 * items the edits since then reach are built again.
 */
import type { TextDocument } from "vscode-languageserver-textdocument";
import { editableTree, editedTree, SyntaxNode, type EditableTree } from "../../core/syntax/index.js";
import { outlineDocument, type DocumentOutline } from "./document-outline.js";
import { editorTokens, type EditorToken } from "./editor-tokens.js";
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
  private tokenCache: EditorToken[] | undefined;
  private outlineCache: DocumentOutline | undefined;
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

  get tokens(): readonly EditorToken[] {
    this.tokenCache ??= editorTokens(this.tree);
    return this.tokenCache;
  }

  get outline(): DocumentOutline {
    this.outlineCache ??= outlineDocument(this.tree);
    return this.outlineCache;
  }
}
