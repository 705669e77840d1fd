/**
 * What the server knows about one open document: its text, its tokens and
 * outline (computed on demand, once per version) and the outcome of its
 * last evaluation.
 */
import type { TextDocument } from "vscode-languageserver-textdocument";
import type { ObjectValue } from "../../core/values/values.js";
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
  /** The evaluated value of this version, when its evaluation succeeded. */
  value: ObjectValue | undefined;

  readonly text: string;

  constructor(readonly document: TextDocument) {
    this.version = document.version;
    this.text = document.getText();
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
