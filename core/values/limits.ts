/**
 * The limits every run is bounded by. They live beside the evaluator, which
 * enforces most of them; the engine, the hosts and the tools read them from here.
 */

/**
 * Limits on the work a source can cause. Each ends in a `Line <n>:`
 * diagnostic naming the line being evaluated when it was reached.
 */
export interface Limits {
  /** Maximum nesting depth of brackets, objects, expressions and includes. */
  readonly maxDepth: number;
  /** Maximum number of elements of one range or array. */
  readonly maxRangeItems: number;
  /**
   * Maximum number of values one run may create (objects, array items,
   * strings…): bounds fan-out and memory. Also bounds the written-out size
   * of every container and of the top level (ranges and lazy maps aside,
   * which charge their items as they are pulled). A string the source
   * builds (concatenation, template) counts one value per 32 characters;
   * copies (preset overrides, the bindings a lazy map keeps) count too.
   */
  readonly maxItems: number;
  /** Maximum length of one string value, in UTF-16 code units. */
  readonly maxStringLength: number;
  /** Maximum size of the output text, in bytes (UTF-16 code units, counted as written). */
  readonly maxOutputBytes: number;
  /**
   * Wall-clock limit for evaluation and emission, in milliseconds; 0 = none.
   * Every piece of work the source drives is charged as it happens
   * (evaluation steps, elements compared or copied, characters compared,
   * items pulled from lazy arrays, text written) and the clock is read
   * every few thousand units, so a run ends within a few milliseconds of
   * the limit (plus at most one native operation bounded by the other
   * limits, such as comparing two strings of `maxStringLength`).
   */
  readonly timeoutMs: number;
  /** Maximum size of a source text (root or included), in UTF-16 code units. */
  readonly maxSourceLength: number;
  /** Maximum number of include statements executed in one run. */
  readonly maxIncludes: number;
}

/** Defaults, suitable for the CLI; `jsson serve` tightens output and time. */
export const DEFAULT_LIMITS: Limits = Object.freeze({
  maxDepth: 512,
  maxRangeItems: 10_000_000,
  maxItems: 10_000_000,
  maxStringLength: 64 * 1024 * 1024,
  maxOutputBytes: 4 * 1024 * 1024 * 1024,
  timeoutMs: 0,
  maxSourceLength: 16 * 1024 * 1024,
  maxIncludes: 10_000,
});
