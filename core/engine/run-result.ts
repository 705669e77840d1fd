/**
 * What a run hands back: success, failure (with the warnings found before
 * it), the outcome of each stage on its own, and how strict mode turns a
 * warning into the run's failure. Shared by the pipeline and the
 * evaluation it makes (pipeline.ts, evaluation.ts).
 */
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { ObjectValue } from "../values/values.js";
import type { SchemaResult } from "../plugin/index.js";

/** A successful run. */
export interface RunSuccess {
  readonly ok: true;
  /** Canonical format name. */
  readonly format: string;
  /** The evaluated value tree (large maps inside it are lazy: reading them evaluates them). */
  readonly value: ObjectValue;
  /** The source's warnings (LANGUAGE.md §16.5), in source order; severity `warning`. */
  readonly warnings?: readonly Diagnostic[];
}

/** A failed run: the first problem (LANGUAGE.md §13: processing stops at the first error). */
export interface RunFailure {
  readonly ok: false;
  readonly format: string;
  readonly diagnostics: readonly Diagnostic[];
  /**
   * Set when the failure lies in a run option rather than in the source:
   * `select` for a selection (`RunOptions.select`) whose first key the
   * document does not define, so its diagnostic has no place of its own
   * (callers name the option instead, as the CLI names `--select`).
   */
  readonly option?: "select";
  /** Warnings found before the run failed (LANGUAGE.md §16.5), in source order. */
  readonly warnings?: readonly Diagnostic[];
}

/** Outcome of the parse stage alone: its errors, and the warnings a parse finds. */
export interface SyntaxCheck {
  readonly diagnostics: readonly Diagnostic[];
  readonly warnings: readonly Diagnostic[];
}

/** Outcome of a buffered run. */
export type TranspileResult = (RunSuccess & { readonly output: string }) | RunFailure;

/** Outcome of an evaluation, or of writing one. */
export type EvaluateResult = RunSuccess | RunFailure;

/** Which schema type checks the data, and how its schema text is written. */
export interface SchemaOptions {
  /** Default `json-schema`. */
  readonly schemaType?: string;
  /** `json`, `yaml` or `toml`; sniffed when absent. */
  readonly schemaFormat?: string;
}

/** Outcome of the validate stage of a successful run: the output, the data a consumer reads, and the verdict. */
export type SchemaCheck = RunFailure | { readonly ok: true; readonly format: string; readonly output: string; readonly data: unknown; readonly result: SchemaResult };

/**
 * The check of the data against the schema, done where the caller can stop
 * it (a thread of its own: a validator counts no work), given the time the
 * run has left of its one limit (`Infinity` without one); `undefined` when
 * it did not finish within that time. Without one, the validate stage checks
 * in this thread with the registered schema type.
 */
export type DataCheck = (data: unknown, schemaText: string, options: SchemaOptions, timeLeftMs: number) => SchemaResult | undefined;

/** A failure that also carries the warnings found before it. */
export function withWarnings(failure: RunFailure, warnings: readonly Diagnostic[]): RunFailure {
  return warnings.length === 0 ? failure : { ...failure, warnings };
}

/** Strict mode (LANGUAGE.md §16.5): the first warning, made an error. */
export function strictError(warnings: readonly Diagnostic[]): Diagnostic | undefined {
  const first = warnings[0];
  return first === undefined ? undefined : { ...first, severity: "error" };
}

/** Strict mode: the run fails with {@link strictError}. */
export function strictFailure(format: string, warnings: readonly Diagnostic[]): RunFailure | undefined {
  const error = strictError(warnings);
  return error === undefined ? undefined : { ok: false, format, diagnostics: [error], warnings };
}

