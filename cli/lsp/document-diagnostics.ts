/**
 * One evaluation's outcome (evaluation-job.ts, run off the server's thread)
 * as the editor's diagnostics: the engine's diagnostics as LSP diagnostics;
 * for an error inside an included file, the diagnostic at the `include` in
 * the includer and the inner error at its own place in the included file;
 * and, when the workspace associates a schema with the file, the schema's
 * failures, each at the span of the value it is about.
 */
import { TextDocument } from "vscode-languageserver-textdocument";
import { DiagnosticSeverity, type Diagnostic as LspDiagnostic, type DiagnosticRelatedInformation, type Range } from "vscode-languageserver";
import { causeChain, diagnosticMessage, type Diagnostic, type SourceSpan } from "../../core/index.js";
import type { EvaluationJob, SchemaOutcome } from "./evaluation-job.js";
import { EVALUATION_HEAP_MB, type JobOutcome } from "./evaluation-queue.js";
import { LSP_LIMITS } from "./lsp-limits.js";
import type { SuggestionData } from "./warning-fixes.js";

/** The URI of an absolute path (for related information). */
type UriOf = (path: string) => string;

/** The start of a document, where a problem of the whole run is shown. */
const TOP: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/**
 * Place every problem of `outcome`, the evaluation of `job` (the document at
 * `uri`): the document's `own`, and those `included` files (by absolute
 * path) get where the error is.
 */
export function diagnoseOutcome(uriOf: UriOf, uri: string, job: Omit<EvaluationJob, "id">, outcome: JobOutcome): { own: LspDiagnostic[]; included: Map<string, LspDiagnostic[]> } {
  const { path, schemaPath } = job;
  const included = new Map<string, LspDiagnostic[]>();
  const doc = TextDocument.create(uri, "jsson", 0, job.text);
  const e = outcome.evaluated;
  const stopped = outcome.stopped;
  if (e === undefined || !e.ok) {
    const own = (e?.diagnostics ?? []).map((d) => {
      const lsp = toLsp(doc, d);
      const related = relatedOf(uriOf, doc.uri, d);
      if (related.length > 0) lsp.relatedInformation = related;
      placeCauses(uriOf, doc, d, included, lsp);
      return lsp;
    });
    if (stopped !== undefined) own.push({ range: TOP, severity: DiagnosticSeverity.Error, source: "jsson", message: stoppedMessage(stopped.why) });
    return { own: [...own, ...warningsOf(uriOf, doc, e?.warnings ?? [], included)], included };
  }
  const own: LspDiagnostic[] = [];
  if (stopped !== undefined && schemaPath !== undefined) {
    const message = stopped.why === "time" && stopped.checking ? `${schemaPath}: validation timed out (limit ${LSP_LIMITS.timeoutMs} ms)` : `${schemaPath}: not checked: ${stoppedMessage(stopped.why)}`;
    own.push({ range: TOP, severity: DiagnosticSeverity.Warning, source: "jsson schema", message });
  } else if (outcome.schema !== undefined && schemaPath !== undefined && path !== undefined) own.push(...schemaDiagnostics(uriOf, doc, path, schemaPath, outcome.schema, included));
  return { own: [...own, ...warningsOf(uriOf, doc, e.warnings, included)], included };
}

/** Why a job's thread did not finish it, for the editor. */
function stoppedMessage(why: "time" | "memory" | "crash"): string {
  if (why === "memory") return `evaluation stopped: it needed more than ${EVALUATION_HEAP_MB} MiB`;
  if (why === "crash") return "evaluation stopped: the evaluating thread ended unexpectedly";
  return `evaluation timed out (limit ${LSP_LIMITS.timeoutMs} ms)`;
}

/**
 * The source's warnings (LANGUAGE.md §16.5), with severity Warning and their
 * suggestion in `data` (for the quick fixes of warning-fixes.ts); a warning
 * inside an included file also at its own place there.
 */
function warningsOf(uriOf: UriOf, doc: TextDocument, warnings: readonly Diagnostic[], included: Map<string, LspDiagnostic[]>): LspDiagnostic[] {
  return warnings.map((w) => {
    const lsp = withSuggestion({ ...toLsp(doc, w), severity: DiagnosticSeverity.Warning }, w);
    placeCauses(uriOf, doc, w, included, lsp);
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
function placeCauses(uriOf: UriOf, doc: TextDocument, d: Diagnostic, out: Map<string, LspDiagnostic[]>, own: LspDiagnostic): void {
  let includer = { uri: doc.uri, diagnostic: own };
  for (const cause of causeChain(d)) {
    if (cause.file === undefined) return;
    const uri = uriOf(cause.file);
    const inner: LspDiagnostic = {
      range: rangeOf(cause),
      severity: cause.severity === "warning" ? DiagnosticSeverity.Warning : DiagnosticSeverity.Error,
      code: cause.code,
      source: "jsson",
      message: `${diagnosticMessage(cause)} (in a file included from ${includer.uri})`,
      relatedInformation: [{ location: { uri: includer.uri, range: includer.diagnostic.range }, message: "included here" }, ...relatedOf(uriOf, uri, cause)],
    };
    includer.diagnostic.relatedInformation = [...(includer.diagnostic.relatedInformation ?? []), { location: { uri, range: inner.range }, message: diagnosticMessage(cause) }];
    const list = out.get(cause.file) ?? [];
    list.push(withSuggestion(inner, cause));
    out.set(cause.file, list);
    includer = { uri, diagnostic: inner };
  }
}

/** The related places of `d` as LSP related information (`uri`: the document of a place without a file). */
function relatedOf(uriOf: UriOf, uri: string, d: Diagnostic): DiagnosticRelatedInformation[] {
  return (d.related ?? []).map((r) => ({ location: { uri: r.file === undefined ? uri : uriOf(r.file), range: rangeOf(r) }, message: r.message }));
}

/** The end of a span as an LSP position: at least one character after its start, so an empty span stays visible. */
function endOf(s: SourceSpan): { line: number; character: number } {
  const empty = s.endLine === s.line && s.endColumn <= s.column;
  return { line: s.endLine - 1, character: empty ? s.column : s.endColumn - 1 };
}

/**
 * The schema check's outcome as diagnostics. Each failure sits at the
 * value's own span (LANGUAGE.md §12.3, from a traced second evaluation done
 * only when the check failed, in the time the run had left); a value that
 * came from an included file is shown there too, and in this document at
 * the top-level key it is under, pointing to it. Without places (no time
 * was left), at the top-level key.
 */
function schemaDiagnostics(uriOf: UriOf, doc: TextDocument, path: string, schemaPath: string, outcome: SchemaOutcome, included: Map<string, LspDiagnostic[]>): LspDiagnostic[] {
  if (outcome.kind === "unreadable") return [{ range: TOP, severity: DiagnosticSeverity.Warning, source: "jsson schema", message: `cannot use schema ${schemaPath}: ${outcome.reason}` }];
  if (outcome.kind === "failed") return outcome.diagnostics.map((d) => toLsp(doc, d));
  const result = outcome.result;
  if (result.valid) return [];
  if (result.schemaError) return result.errors.map((message) => ({ range: TOP, severity: DiagnosticSeverity.Warning, source: "jsson schema", message: `${schemaPath}: ${message}` }));
  const places = outcome.places;
  const origins = new Map(outcome.keyOrigins);
  return result.errors.map((line, i) => {
    const message = `schema: ${line}`;
    const place = places?.[i];
    const related = (place?.related ?? []).map((r) => ({ location: { uri: r.file === undefined || r.file === path ? doc.uri : uriOf(r.file), range: rangeOf(r) }, message: r.message }));
    const withRelated = (d: LspDiagnostic): LspDiagnostic => (related.length === 0 ? d : { ...d, relatedInformation: related });
    if (place !== undefined && (place.file === undefined || place.file === path)) return withRelated({ range: rangeOf(place), severity: DiagnosticSeverity.Error, source: "jsson schema", message });
    const key = result.failures?.[i]?.instance?.[0];
    const span = key === undefined ? undefined : origins.get(key);
    const range = span === undefined ? TOP : { start: doc.positionAt(span.start), end: doc.positionAt(Math.min(span.end, lineEnd(doc, span.start))) };
    if (place === undefined || place.file === undefined) return { range, severity: DiagnosticSeverity.Error, source: "jsson schema", message };
    // the value came from an included file: shown there, and here pointing to it
    const there = { location: { uri: uriOf(place.file), range: rangeOf(place) }, message: "the value comes from here" };
    const list = included.get(place.file) ?? [];
    list.push(withRelated({ range: there.location.range, severity: DiagnosticSeverity.Error, source: "jsson schema", message: `${message} (in a file included from ${doc.uri})` }));
    included.set(place.file, list);
    return { range, severity: DiagnosticSeverity.Error, source: "jsson schema", message, relatedInformation: [there, ...related] };
  });
}

/** The LSP range of a span (0-based lines and characters). */
function rangeOf(s: SourceSpan): Range {
  return { start: { line: s.line - 1, character: s.column - 1 }, end: endOf(s) };
}

function lineEnd(doc: TextDocument, offset: number): number {
  const line = doc.positionAt(offset).line;
  return doc.offsetAt({ line: line + 1, character: 0 }) - (line + 1 < doc.lineCount ? 1 : 0);
}

/** An engine diagnostic as an LSP diagnostic in `doc`. */
function toLsp(doc: TextDocument, d: Diagnostic): LspDiagnostic {
  const end = Math.max(d.end, d.start + 1);
  return { range: { start: doc.positionAt(d.start), end: doc.positionAt(end) }, severity: DiagnosticSeverity.Error, code: d.code, source: "jsson", message: diagnosticMessage(d) };
}
