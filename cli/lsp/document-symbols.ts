/** Document symbols: keys as a tree, presets and `:=` names beside them. */
import type { TextDocument } from "vscode-languageserver-textdocument";
import { SymbolKind, type DocumentSymbol } from "vscode-languageserver";
import type { Definition, DocumentOutline } from "./document-outline.js";

export function documentSymbols(doc: TextDocument, outline: DocumentOutline): DocumentSymbol[] {
  const toSymbol = (d: Definition): DocumentSymbol => {
    const selectionRange = { start: doc.positionAt(d.nameStart), end: doc.positionAt(d.nameEnd) };
    const range = { start: doc.positionAt(d.start), end: doc.positionAt(Math.max(d.end, d.nameEnd)) };
    const kind = d.kind === "preset" ? SymbolKind.Class : d.kind === "declaration" ? SymbolKind.Variable : d.children.length > 0 ? SymbolKind.Object : SymbolKind.Property;
    return { name: d.name === "" ? '""' : d.name, kind, range, selectionRange, children: d.children.filter((c) => c.kind !== "parameter").map(toSymbol) };
  };
  return outline.roots.filter((d) => d.kind !== "parameter").map(toSymbol);
}
