/**
 * One evaluation of a document for the editor: the engine's diagnostics as
 * LSP diagnostics; for an error inside an included file, the diagnostic at
 * the `include` in the includer and the inner error at its own place in the
 * included file; and, when the workspace associates a schema with the file,
 * the schema's failures, each at the span of the value it is about.
 */
import { TextDocument } from "vscode-languageserver-textdocument";
import { DiagnosticSeverity, type Diagnostic as LspDiagnostic, type DiagnosticRelatedInformation } from "vscode-languageserver";
import { causeChain, diagnosticMessage, locateFailures, toPlainData, type Diagnostic, type Engine, type IncludeHost, type SourceSpan } from "../../core/index.js";
import { ProgramValue } from "../../core/values/program-value.js";
import type { ObjectValue } from "../../core/values/values.js";
import { LSP_LIMITS } from "./lsp-limits.js";
import { checkSchemaBounded } from "./bounded-schema-check.js";
import { readSchemaFile } from "./workspace-schemas.js";
import type { SuggestionData } from "./warning-fixes.js";

/** Outcome of {@link diagnoseDocument}. */
export interface DocumentDiagnostics {
  /** Diagnostics of the document itself. */
  readonly own: LspDiagnostic[];
  /** Diagnostics for included files (by absolute path), placed where the error is. */
  readonly included: Map<string, LspDiagnostic[]>;
  /** The evaluated value, when evaluation succeeded. */
  readonly value: ObjectValue | undefined;
}

/** What {@link diagnoseDocument} runs with. */
export interface DiagnoseContext {
  readonly engine: Engine;
  readonly host: IncludeHost;
  /** The URI of an absolute path (for related information). */
  readonly uriOf: (path: string) => string;
  /** Schema path for a file, if the workspace associates one. */
  readonly schemaFor: (path: string) => string | undefined;
}

/** Evaluate `text` (the document at `uri`, file `path` if it has one) and place every problem found. */
export function diagnoseDocument(ctx: DiagnoseContext, uri: string, path: string | undefined, text: string): DocumentDiagnostics {
  const included = new Map<string, LspDiagnostic[]>();
  const doc = TextDocument.create(uri, "jsson", 0, text);
  const r = ctx.engine.evaluate(text, { limits: LSP_LIMITS, host: ctx.host, ...(path === undefined ? {} : { file: path }) });
  if (!r.ok) {
    const own = r.diagnostics.map((d) => toLsp(doc, d));
    r.diagnostics.forEach((d, i) => {
      const lsp = own[i] as LspDiagnostic;
      const related = relatedOf(ctx, doc.uri, d);
      if (related.length > 0) lsp.relatedInformation = related;
      placeCauses(ctx, doc, d, included, lsp);
    });
    return { own: [...own, ...warningsOf(ctx, doc, r.warnings ?? [], included)], included, value: undefined };
  }
  const schema = path === undefined ? undefined : ctx.schemaFor(path);
  const own = schema === undefined || path === undefined ? [] : schemaDiagnostics(ctx, doc, path, r.value, schema, included);
  return { own: [...own, ...warningsOf(ctx, doc, r.warnings, included)], included, value: r.value };
}

/**
 * The source's warnings (LANGUAGE.md §16.5), with severity Warning and their
 * suggestion in `data` (for the quick fixes of warning-fixes.ts); a warning
 * inside an included file also at its own place there.
 */
function warningsOf(ctx: DiagnoseContext, doc: TextDocument, warnings: readonly Diagnostic[], included: Map<string, LspDiagnostic[]>): LspDiagnostic[] {
  return warnings.map((w) => {
    const lsp = withSuggestion({ ...toLsp(doc, w), severity: DiagnosticSeverity.Warning }, w);
    placeCauses(ctx, doc, w, included, lsp);
    return lsp;
  });
}

/** `d`'s suggestion, if it has one, as the LSP diagnostic's `data` ({@link SuggestionData}). */
function withSuggestion(lsp: LspDiagnostic, d: Diagnostic): LspDiagnostic {
  if (d.suggestion === undefined) return lsp;
  const data: SuggestionData = { suggestion: { text: d.suggestion.text, range: { start: { line: d.suggestion.line - 1, character: d.suggestion.column - 1 }, end: { line: d.suggestion.endLine - 1, character: d.suggestion.endColumn - 1 } } } };
  return { ...lsp, data };
}

/**
 * Place the causes of an I4 diagnostic (the error inside each included file,
 * LANGUAGE.md §13.3) in their files, from the positions the engine gives:
 * no included file is read or evaluated again. Each points back at the
 * `include` it came through.
 */
function placeCauses(ctx: DiagnoseContext, doc: TextDocument, d: Diagnostic, out: Map<string, LspDiagnostic[]>, own: LspDiagnostic): void {
  let includer = { uri: doc.uri, diagnostic: own };
  for (const cause of causeChain(d)) {
    if (cause.file === undefined) return;
    const uri = ctx.uriOf(cause.file);
    const inner: LspDiagnostic = {
      range: rangeOf(cause),
      severity: cause.severity === "warning" ? DiagnosticSeverity.Warning : DiagnosticSeverity.Error,
      code: cause.code,
      source: "jsson",
      message: `${diagnosticMessage(cause)} (in a file included from ${includer.uri})`,
      relatedInformation: [{ location: { uri: includer.uri, range: includer.diagnostic.range }, message: "included here" }, ...relatedOf(ctx, uri, cause)],
    };
    includer.diagnostic.relatedInformation = [...(includer.diagnostic.relatedInformation ?? []), { location: { uri, range: inner.range }, message: diagnosticMessage(cause) }];
    const list = out.get(cause.file) ?? [];
    list.push(withSuggestion(inner, cause));
    out.set(cause.file, list);
    includer = { uri, diagnostic: inner };
  }
}

/** The related places of `d` as LSP related information (`uri`: the document of a place without a file). */
function relatedOf(ctx: DiagnoseContext, uri: string, d: Diagnostic): DiagnosticRelatedInformation[] {
  return (d.related ?? []).map((r) => ({
    location: { uri: r.file === undefined ? uri : ctx.uriOf(r.file), range: { start: { line: r.line - 1, character: r.column - 1 }, end: endOf(r) } },
    message: r.message,
  }));
}

/** The end of a span as an LSP position: at least one character after its start, so an empty span stays visible. */
function endOf(s: SourceSpan): { line: number; character: number } {
  const empty = s.endLine === s.line && s.endColumn <= s.column;
  return { line: s.endLine - 1, character: empty ? s.column : s.endColumn - 1 };
}

/**
 * Validate the evaluated value against the associated schema. Each failure
 * sits at the value's own span (LANGUAGE.md §12.3, from a traced second
 * evaluation done only when the check failed); a value that came from an
 * included file is shown there too, and in this document at the top-level
 * key it is under, pointing to it. Without places (the traced run did not
 * finish), at the top-level key.
 */
function schemaDiagnostics(ctx: DiagnoseContext, doc: TextDocument, path: string, value: ObjectValue, schemaPath: string, included: Map<string, LspDiagnostic[]>): LspDiagnostic[] {
  const top = { start: doc.positionAt(0), end: doc.positionAt(0) };
  const read = readSchemaFile(schemaPath);
  if (!read.ok) return [{ range: top, severity: DiagnosticSeverity.Warning, source: "jsson schema", message: `cannot use schema ${schemaPath}: ${read.reason}` }];
  const schemaText = read.text;
  const result = checkSchemaBounded(toPlainData(value), schemaText, LSP_LIMITS.timeoutMs ?? 0);
  if (result === undefined) return [{ range: top, severity: DiagnosticSeverity.Warning, source: "jsson schema", message: `${schemaPath}: validation timed out (limit ${LSP_LIMITS.timeoutMs} ms)` }];
  if (result.valid) return [];
  if (result.schemaError) return result.errors.map((message) => ({ range: top, severity: DiagnosticSeverity.Warning, source: "jsson schema", message: `${schemaPath}: ${message}` }));
  const places = result.failures === undefined ? undefined : locateFailures(ctx.engine, doc.getText(), { limits: LSP_LIMITS, host: ctx.host, file: path }, result.failures);
  return result.errors.map((line, i) => {
    const message = `schema: ${line}`;
    const place = places?.[i];
    const related = (place?.related ?? []).map((r) => ({ location: { uri: r.file === undefined || r.file === path ? doc.uri : ctx.uriOf(r.file), range: rangeOf(r) }, message: r.message }));
    const withRelated = (d: LspDiagnostic): LspDiagnostic => (related.length === 0 ? d : { ...d, relatedInformation: related });
    if (place !== undefined && (place.file === undefined || place.file === path)) return withRelated({ range: rangeOf(place), severity: DiagnosticSeverity.Error, source: "jsson schema", message });
    const key = topLevelKey(line);
    const span = key === undefined || !(value instanceof ProgramValue) ? undefined : value.origins.get(key);
    const range = span === undefined ? top : { start: doc.positionAt(span.start), end: doc.positionAt(Math.min(span.end, lineEnd(doc, span.start))) };
    if (place === undefined || place.file === undefined) return { range, severity: DiagnosticSeverity.Error, source: "jsson schema", message };
    // the value came from an included file: shown there, and here pointing to it
    const there = { location: { uri: ctx.uriOf(place.file), range: rangeOf(place) }, message: "the value comes from here" };
    const list = included.get(place.file) ?? [];
    list.push(withRelated({ range: there.location.range, severity: DiagnosticSeverity.Error, source: "jsson schema", message: `${message} (in a file included from ${doc.uri})` }));
    included.set(place.file, list);
    return { range, severity: DiagnosticSeverity.Error, source: "jsson schema", message, relatedInformation: [there, ...related] };
  });
}

/** The LSP range of a span (0-based lines and characters). */
function rangeOf(s: SourceSpan): { start: { line: number; character: number }; end: { line: number; character: number } } {
  return { start: { line: s.line - 1, character: s.column - 1 }, end: endOf(s) };
}

/** The top-level key of a failure line `$.key…: message` or `$["key"]…: message`. */
export function topLevelKey(failure: string): string | undefined {
  const m = /^\$(?:\.([\p{L}_][\p{L}\p{Nd}_]*)|\[("(?:[^"\\]|\\.)*")\])/u.exec(failure);
  if (!m) return undefined;
  if (m[1] !== undefined) return m[1];
  try {
    return JSON.parse(m[2] as string) as string;
  } catch {
    return undefined;
  }
}

function lineEnd(doc: TextDocument, offset: number): number {
  const line = doc.positionAt(offset).line;
  return doc.offsetAt({ line: line + 1, character: 0 }) - (line + 1 < doc.lineCount ? 1 : 0);
}

/** An engine diagnostic as an LSP diagnostic in `doc`. */
export function toLsp(doc: TextDocument, d: Diagnostic): LspDiagnostic {
  const end = Math.max(d.end, d.start + 1);
  return { range: { start: doc.positionAt(d.start), end: doc.positionAt(end) }, severity: DiagnosticSeverity.Error, code: d.code, source: "jsson", message: diagnosticMessage(d) };
}
