/** A job's external variables (LANGUAGE.md §16.2), from the `vars` text its request carried. */
import { DEFAULT_LIMITS, type VarValue } from "../../../../core/index.js";
import { standaloneBudget } from "../../../../core/data/data-budget.js";
import { readDataObject } from "../../../../core/data/data-document.js";

/**
 * The variables of a `vars` object text, read exactly (64-bit integers,
 * `1.0` a float, names in order, a duplicate name refused), as the engine
 * takes them. Throws `DataError`; a job's text was checked with this same
 * reader when its request was, so in a job it does not throw.
 */
export function readJobVars(text: string): ReadonlyMap<string, VarValue> {
  return readDataObject("json", text, "vars", standaloneBudget(DEFAULT_LIMITS), "vars: must be an object").entries;
}
