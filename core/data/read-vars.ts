/**
 * Reading external variables (LANGUAGE.md §16.2) from text: the one way the
 * CLI (`--vars FILE`, `--var-json NAME=JSON`), the HTTP server (a request's
 * `vars`) and an embedder read them, exactly as the engine takes them —
 * 64-bit integers exact, `1.0` a float, names in order, a duplicate name
 * refused — within the run limits, outside any run. Names are not checked
 * here: each caller reports a bad one in its own terms ({@link varNameProblem}).
 */
import { DEFAULT_LIMITS, type Limits } from "../values/limits.js";
import { standaloneBudget } from "./data-budget.js";
import { readDataObject, readDataValue, type DataFormat } from "./data-document.js";
import { DataError } from "./data-error.js";
import type { VarValue } from "./external-vars.js";

export { dataFormatOf, type DataFormat } from "./data-document.js";

/** A problem in the text: its message (no `Line` prefix) and its 1-based line. */
export interface VarsTextProblem {
  readonly ok: false;
  readonly message: string;
  readonly line: number;
}

/** What {@link readVars} read: the variables, by name, in order. */
export type VarsReading = { readonly ok: true; readonly vars: ReadonlyMap<string, VarValue> } | VarsTextProblem;

/** What {@link readVarValue} read: one variable's value. */
export type VarValueReading = { readonly ok: true; readonly value: VarValue } | VarsTextProblem;

/** How a text is read. */
export interface VarsTextOptions {
  /** How messages name the text (a path as written, `vars`…). */
  readonly label: string;
  /** Limits on nesting, array size and value count (default {@link DEFAULT_LIMITS}). */
  readonly limits?: Partial<Limits>;
}

/**
 * Read a document whose top-level keys are variable names.
 * @param notObject the message when the top level is not an object
 */
export function readVars(text: string, format: DataFormat, options: VarsTextOptions & { readonly notObject: string }): VarsReading {
  return reading(() => ({ ok: true, vars: readDataObject(format, text, options.label, budgetOf(options), options.notObject).entries }));
}

/** Read a document that is one variable's value (any value). */
export function readVarValue(text: string, format: DataFormat, options: VarsTextOptions): VarValueReading {
  return reading(() => ({ ok: true, value: readDataValue(format, text, options.label, budgetOf(options)) }));
}

function budgetOf(options: VarsTextOptions) {
  return standaloneBudget({ ...DEFAULT_LIMITS, ...options.limits });
}

function reading<T extends { readonly ok: true }>(read: () => T): T | VarsTextProblem {
  try {
    return read();
  } catch (e) {
    if (e instanceof DataError) return { ok: false, message: e.message, line: e.line };
    throw e;
  }
}
