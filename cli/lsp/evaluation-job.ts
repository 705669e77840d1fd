/**
 * One evaluation of a document, as the evaluation thread runs it
 * (evaluation-worker.ts): evaluate, then — when the workspace associates a
 * schema — check the output and locate the failures, all under the run's
 * one time limit (the locating pass gets what the run has left). Everything
 * returned is plain data: it crosses to the server's thread, which turns it
 * into LSP diagnostics (document-diagnostics.ts). Also what the two threads
 * say to each other: jobs with the include overlay's changes, answers, and
 * the shared control array (cancellation, the job's phase).
 */
import { schemaCheck, type DataCheck, type Diagnostic, type Engine, type Evaluation, type IncludeHost, type RunSignal, type SchemaResult, type ValuePlace } from "../../core/index.js";
import { ProgramValue } from "../../core/values/program-value.js";
import { isObjectValue, type ObjectValue, type Value } from "../../core/plugin/index.js";
import { editorSyntaxTree } from "../../core/syntax/index.js";
import { outlineDocument } from "./document-outline.js";
import { LSP_LIMITS } from "./lsp-limits.js";
import { outputPath } from "./name-resolution.js";
import { previewValue } from "./value-preview.js";
import { readWorkspaceFile } from "./workspace-schemas.js";

/** The phase a job is in: a schema check counts no work, so only the server can stop one (by terminating the thread). */
export const PHASE = { idle: 0, evaluating: 1, checking: 2 } as const;

/** Slots of the shared control array: the id of the job to cancel; the running job's phase. */
export const CONTROL = { cancel: 0, phase: 1, size: 2 } as const;

/** At most this many value previews (for hovers) come back from one evaluation. */
export const MAX_PREVIEWS = 20_000;

/** What the server asks for. */
export interface EvaluationJob {
  readonly id: number;
  readonly text: string;
  /** The document's file, if it has one (include resolution, schema association). */
  readonly path: string | undefined;
  /** The schema the workspace associates with the file. */
  readonly schemaPath: string | undefined;
}

/** A job with the overlay changes since the previous one (texts by file path; paths no longer open). */
export interface WorkerJob extends EvaluationJob {
  readonly overlay: { readonly set: readonly (readonly [string, string])[]; readonly drop: readonly string[] };
}

/**
 * Messages the thread sends: `ready` once, then per job `evaluated` (when
 * the evaluation ends) and `done` (the job's end: its diagnostics can be
 * published; with the value previews when the evaluation succeeded).
 */
export type WorkerMessage =
  | { readonly kind: "ready" }
  | { readonly kind: "evaluated"; readonly id: number; readonly evaluated: Evaluated }
  | { readonly kind: "done"; readonly id: number; readonly schema: SchemaOutcome | undefined; readonly previews?: Previews; readonly error?: string };

/** The evaluation's own outcome: errors, or warnings. */
export type Evaluated = { readonly ok: false; readonly diagnostics: readonly Diagnostic[]; readonly warnings: readonly Diagnostic[] } | { readonly ok: true; readonly warnings: readonly Diagnostic[] };

/** Value previews for hovers, by output path as JSON. */
export type Previews = readonly (readonly [string, string])[];

/** The schema check's outcome. */
export type SchemaOutcome =
  | { readonly kind: "unreadable"; readonly reason: string }
  /** The run failed while writing the output the schema checks (an error in a lazy part, the time limit, cancellation). */
  | { readonly kind: "failed"; readonly diagnostics: readonly Diagnostic[] }
  | {
      readonly kind: "checked";
      readonly result: SchemaResult;
      /** Where each failure lies (undefined: no time left to locate them). */
      readonly places: readonly (ValuePlace | undefined)[] | undefined;
      /** Spans of the top-level keys the failure lines name (for failures without a place). */
      readonly keyOrigins: readonly (readonly [string, { readonly start: number; readonly end: number }])[];
    };

/**
 * Run `job`. `evaluated` is told as soon as the evaluation ends (the server
 * keeps it if the check that follows must be stopped from outside). The
 * result is the schema check's outcome, if there was one, and, when the
 * evaluation succeeded, its value previews (made after the check: a check
 * stopped from outside then costs no previews).
 */
export function runEvaluationJob(
  engine: Engine,
  host: IncludeHost,
  job: EvaluationJob,
  signal: RunSignal,
  phase: (p: number) => void,
  evaluated: (e: Evaluated) => void,
): { schema: SchemaOutcome | undefined; previews?: Previews } {
  phase(PHASE.evaluating);
  const r = engine.evaluate(job.text, { limits: LSP_LIMITS, host, signal, ...(job.path === undefined ? {} : { file: job.path }) });
  if (!r.ok) {
    evaluated({ ok: false, diagnostics: r.diagnostics, warnings: r.warnings ?? [] });
    return { schema: undefined };
  }
  evaluated({ ok: true, warnings: r.warnings });
  const schema = checkSchema(engine, r, job, phase);
  return { schema, previews: previewsOf(r.value, previewPaths(job.text)) };
}

/** The schema check of a successful evaluation, its failures located in the time the run has left. */
function checkSchema(engine: Engine, r: Evaluation, job: EvaluationJob, phase: (p: number) => void): SchemaOutcome | undefined {
  if (job.schemaPath === undefined) return undefined;
  const read = readWorkspaceFile(job.schemaPath, "schema file");
  if (!read.ok) return { kind: "unreadable", reason: read.reason };
  // the data check counts no work, so an edit meanwhile stops it from outside; locating honours the signal
  const checkData: DataCheck = (data, schemaText, options) => {
    phase(PHASE.checking);
    const result = engine.validate(data, schemaText, options);
    phase(PHASE.evaluating);
    return result;
  };
  const checked = schemaCheck(r, { text: read.text }, checkData);
  if (!checked.ok) return { kind: "failed", diagnostics: checked.diagnostics };
  const { result, places } = checked;
  const origins = r.value instanceof ProgramValue ? r.value.origins : undefined;
  const keyOrigins: [string, { start: number; end: number }][] = [];
  // the top-level key each failure's value is under, from the structured failure (never parsed back out of its line)
  for (const failure of result.failures ?? []) {
    const key = failure.instance?.[0];
    const span = key === undefined ? undefined : origins?.get(key);
    if (key !== undefined && span !== undefined) keyOrigins.push([key, { start: span.start, end: span.end }]);
  }
  return { kind: "checked", result, places, keyOrigins };
}

/**
 * The output paths of a text's keys, at most {@link MAX_PREVIEWS}: the ones
 * hovers show values of. Read off the text's outline here, on this thread,
 * so the server's thread builds a document's tree only for its requests.
 */
function previewPaths(text: string): string[][] {
  const outline = outlineDocument(editorSyntaxTree(text.length > (LSP_LIMITS.maxSourceLength ?? Infinity) ? "" : text));
  const out: string[][] = [];
  for (const d of outline.definitions) {
    const path = outputPath(outline, d);
    if (path !== undefined && out.push(path) >= MAX_PREVIEWS) break;
  }
  return out;
}

/** A preview of the value at each path, and at each top-level key (names an included file defines), keyed by the path as JSON. */
function previewsOf(root: ObjectValue, paths: readonly (readonly string[])[]): [string, string][] {
  const out = new Map<string, string>();
  const add = (path: readonly string[]): void => {
    const key = JSON.stringify(path);
    if (out.size >= MAX_PREVIEWS || out.has(key)) return;
    let v: Value | undefined = root;
    for (const k of path) v = isObjectValue(v) ? v.get(k) : undefined;
    if (v !== undefined) out.set(key, previewValue(v));
  };
  for (const p of paths) add(p);
  for (const k of root.keys) add([k]);
  return [...out];
}
