/**
 * The limits a data document is read under. Inside a run the evaluator
 * supplies one that counts against the run's own item limit and clock
 * (LANGUAGE.md §16.1: the data's values count like evaluated ones, and
 * aliases expanded count as many times as they are written out); outside a
 * run (a `--vars` file, a request's `vars`) {@link standaloneBudget} applies
 * the same limits to the document alone.
 */
import type { Limits } from "../values/limits.js";
import type { Value } from "../values/values.js";

/** Limits and accounting for reading one data document. */
export interface DataBudget {
  /** Deepest nesting of arrays and objects. */
  readonly maxDepth: number;
  /** Most elements of one array. */
  readonly maxArrayItems: number;
  /**
   * Count `n` new values. Returns the item limit's message once it is
   * passed; may throw the run's own time-limit or cancellation error.
   */
  charge(n: number): string | undefined;
  /** Record the expanded size (values once written out) of an array that holds containers. */
  weighArray(a: Value[], weight: number): void;
}

/** A budget for a document read on its own, with the run limits `limits`. */
export function standaloneBudget(limits: Pick<Limits, "maxDepth" | "maxRangeItems" | "maxItems">): DataBudget {
  let items = 0;
  return {
    maxDepth: limits.maxDepth,
    maxArrayItems: limits.maxRangeItems,
    charge: (n) => ((items += n) > limits.maxItems ? `too many values (limit ${limits.maxItems})` : undefined),
    weighArray: () => {},
  };
}
