/**
 * A schema check of an evaluated source, the one sequence the CLI
 * (`--schema`, `jsson check --schema`), the HTTP server (`/validate-schema`)
 * and the language server all run: the validate stage (the output, the data
 * a consumer of the format reads, the verdict), then, when data failed,
 * where each failure lies in the source (LANGUAGE.md §12.3) — both within
 * the evaluation's one time limit, never a fresh one.
 */
import type { SchemaResult } from "../plugin/index.js";
import type { ValuePlace } from "../provenance/value-locator.js";
import type { Evaluation } from "./evaluation.js";
import { locatePlaces } from "./internal.js";
import type { DataCheck, RunFailure, SchemaOptions } from "./run-result.js";

/** The schema to check against: its text, the schema type (default `json-schema`) and how the text is written (sniffed when absent). */
export interface SchemaToCheck extends SchemaOptions {
  readonly text: string;
}

/** A finished check: the output, the data checked, the verdict and, for data failures, their places. */
export interface CheckedAgainstSchema {
  readonly ok: true;
  readonly format: string;
  /** The output, as the run wrote it. */
  readonly output: string;
  /** The data a consumer of the format reads: what was checked. */
  readonly data: unknown;
  readonly result: SchemaResult;
  /**
   * The source place of each of `result.failures`, in order (`undefined` for
   * one that names no value); `undefined` as a whole when the check passed,
   * the schema itself failed, or no time was left to find them.
   */
  readonly places: readonly (ValuePlace | undefined)[] | undefined;
}

/** A source error found while writing (or the run's time limit, or cancellation), or the finished check. */
export type SchemaCheckOutcome = RunFailure | CheckedAgainstSchema;

/**
 * Check `evaluation` against `schema`, and place its data failures.
 * @param check where the data is checked, when not in this thread (see {@link DataCheck})
 */
export function schemaCheck(evaluation: Evaluation, schema: SchemaToCheck, check?: DataCheck): SchemaCheckOutcome {
  const { text, ...options } = schema;
  const checked = evaluation.validate(text, options, check);
  if (!checked.ok) return checked;
  const result = checked.result;
  const places = result.valid || result.schemaError === true || result.failures === undefined ? undefined : locatePlaces(evaluation, result.failures);
  return { ...checked, places };
}
