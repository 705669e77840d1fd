/**
 * The concrete syntax tree of any text, broken or not: the parser
 * (core/syntax/parser.ts) builds it as it parses, in the same pass that
 * finds the syntax errors (and, for a text without any, the AST), through
 * a {@link TreeBuilder}. The formatter takes the tree with the errors
 * (`parseTree`); an editor the tree alone (`documentTree`; the errors it
 * shows come from evaluation), also of part of a text
 * (core/syntax/incremental-tree.ts).
 */
import type { RawDiagnostic } from "../diagnostics/make-diagnostic.js";
import { DEFAULT_LIMITS } from "../values/limits.js";
import { parseProgram, parseTreeItems, type ParseOptions, type ParseResult } from "./parser.js";
import { GreenNode, GreenToken, SyntaxNode, type GreenElement } from "./syntax-tree.js";
import { TreeBuilder } from "./tree-builder.js";

/** A tree with the syntax errors of its text. */
export interface SyntaxTreeResult {
  readonly root: SyntaxNode;
  /** The parser's lexical and syntax errors, in source order (empty: the text parses). */
  readonly diagnostics: readonly RawDiagnostic[];
  /** The parse that found them (its program when there are none). */
  readonly parse: ParseResult;
}

/** Parse `source` into a tree (always) and its syntax errors. */
export function parseTree(source: string, options: ParseOptions): SyntaxTreeResult {
  // a text past the size limit is not read token by token: one error node holds it
  const tree = source.length > options.maxSourceLength ? undefined : new TreeBuilder(source, 0);
  const parse = parseProgram(source, options, tree);
  const children = tree?.finish(source.length) ?? [new GreenNode("error", [new GreenToken("error", source)])];
  return { root: new SyntaxNode(new GreenNode("document", children), 0, undefined), diagnostics: parse.diagnostics ?? [], parse };
}

/** The top-level children of a text, or of a stretch of it. */
export interface DocumentChildren {
  readonly children: GreenElement[];
  /** Where the parse stopped: the offset `stopAt` accepted, or the text's length. */
  readonly end: number;
  /** The first string without a closing quote in what was read (its lexing read to the end of the text), or -1. */
  readonly unterminated: number;
}

/**
 * The document's children parsed from offset `from`, which must be where
 * the parse of the whole text starts a top-level item; with `stopAt`, the
 * parse ends before the first top-level item whose start `stopAt` accepts.
 * Any length, the engine's nesting limit (past it, a broken item holds the
 * rest of the brackets).
 */
export function documentTree(source: string, from = 0, stopAt?: (offset: number) => boolean): DocumentChildren {
  const tree = new TreeBuilder(source, from);
  const end = parseTreeItems(source, from, DEFAULT_LIMITS.maxDepth, tree, stopAt);
  return { children: tree.finish(end), end, unterminated: tree.unterminated };
}
