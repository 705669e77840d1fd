/**
 * What the server knows about one open document: its text, its tokens and
 * outline (computed on demand, once per version) and the value previews of
 * its last evaluation.
 */
import type { TextDocument } from "vscode-languageserver-textdocument";
import { outlineDocument, type DocumentOutline } from "./document-outline.js";
import { LSP_LIMITS } from "./lsp-limits.js";
import { scanTokens, type EditorToken } from "./scan-tokens.js";

const MAX_EDITOR_TEXT = LSP_LIMITS.maxSourceLength ?? Infinity;

/**
 * Tokens and outline of one version of a document. The TextDocument object
 * is updated in place by edits, so a state is valid only while the
 * document's version is {@link version}.
 */
export class DocumentState {
  readonly version: number;
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
    this.previews = previous?.previews === undefined ? undefined : { byPath: previous.previews.byPath, stale: true };
  }

  /** The preview of the value at an output path, and whether it is of an earlier version. */
  previewAt(path: readonly string[]): { text: string; stale: boolean } | undefined {
    const text = this.previews?.byPath.get(JSON.stringify(path));
    return text === undefined ? undefined : { text, stale: this.previews?.stale === true };
  }

  /** Tokens; none for a text larger than the engine would accept (editor features then offer nothing). */
  get tokens(): readonly EditorToken[] {
    this.tokenCache ??= this.text.length > MAX_EDITOR_TEXT ? [] : scanTokens(this.text);
    return this.tokenCache;
  }

  get outline(): DocumentOutline {
    this.outlineCache ??= outlineDocument(this.text, this.tokens);
    return this.outlineCache;
  }
}
