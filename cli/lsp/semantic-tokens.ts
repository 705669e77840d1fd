/** Semantic tokens from the document's editor tokens (editor-tokens.ts) and the outline's key/name roles. */
import type { TextDocument } from "vscode-languageserver-textdocument";
import type { SemanticTokensLegend } from "vscode-languageserver";
import type { DocumentOutline } from "./document-outline.js";
import type { EditorToken } from "./editor-tokens.js";

/** Token types, in legend order. */
export const TOKEN_TYPES = ["comment", "string", "number", "keyword", "operator", "property", "variable", "parameter", "macro"] as const;
type TokenType = (typeof TOKEN_TYPES)[number];

/** Modifiers: `declaration` marks where a key or name is defined. */
export const TOKEN_MODIFIERS = ["declaration"] as const;

/** The legend the server announces. */
export const SEMANTIC_LEGEND: SemanticTokensLegend = { tokenTypes: [...TOKEN_TYPES], tokenModifiers: [...TOKEN_MODIFIERS] };

/** Encoded semantic tokens (LSP relative encoding) of a document. */
export function semanticTokens(doc: TextDocument, tokens: readonly EditorToken[], outline: DocumentOutline): number[] {
  const definedAt = new Map<number, string>();
  for (const d of outline.definitions) definedAt.set(d.nameStart, d.kind);
  const data: number[] = [];
  let lastLine = 0;
  let lastChar = 0;
  const text = doc.getText();
  const typeIndex = new Map<TokenType, number>(TOKEN_TYPES.map((t, i) => [t, i]));
  // Tokens come in document order, so the line is found by walking forward over each character once
  // (a search for the next line break would run on to it, once per token of a long line).
  let line = 0;
  let lineStart = 0;
  let walked = 0;
  const emit = (start: number, end: number, type: TokenType, declaration: boolean): void => {
    for (; walked < start; walked++) {
      if (text.charCodeAt(walked) === 10) {
        line++;
        lineStart = walked + 1;
      }
    }
    // A multi-line token (a string) is sent one line at a time.
    let s = start;
    for (let p = start; p <= end; p++) {
      if (p < end && text.charCodeAt(p) !== 10) continue;
      const length = p - s - (p > s && text.charCodeAt(p - 1) === 13 ? 1 : 0);
      if (length > 0) {
        const character = s - lineStart;
        data.push(line - lastLine, line === lastLine ? character - lastChar : character, length, typeIndex.get(type) ?? 0, declaration ? 1 : 0);
        lastLine = line;
        lastChar = character;
      }
      if (p === end) break;
      line++;
      lineStart = p + 1;
      s = p + 1;
    }
    walked = end;
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as EditorToken;
    const defined = definedAt.get(t.start);
    switch (t.kind) {
      case "comment":
        emit(t.start, t.end, "comment", false);
        break;
      case "string":
      case "template":
        emit(t.start, t.end, defined === "preset" ? "macro" : defined === "key" ? "property" : "string", defined !== undefined);
        break;
      case "int":
      case "float":
        emit(t.start, t.end, "number", false);
        break;
      case "keyword":
      case "ident":
        if (defined !== undefined) emit(t.start, t.end, defined === "parameter" ? "parameter" : defined === "declaration" ? "variable" : "property", true);
        else if (t.kind === "keyword") emit(t.start, t.end, "keyword", false);
        else if (tokens[i - 1]?.text === "@") emit(t.start, t.end, "macro", false);
        else emit(t.start, t.end, tokens[i - 1]?.text === "." ? "property" : "variable", false);
        break;
      case "punct":
        if (t.text === "@") emit(t.start, t.end, "macro", false);
        else if (!"{}[](),".includes(t.text)) emit(t.start, t.end, "operator", false);
        break;
      case "interp":
        emit(t.start, t.end, "operator", false);
        break;
      case "invalid":
        break;
    }
  }
  return data;
}
