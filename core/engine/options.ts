/** Options of one engine run, and the limits every run is bounded by. */
import type { IncludeHost } from "../host/include-host.js";
import type { ExternalVars } from "../data/external-vars.js";
import type { SelectStep } from "./select-value.js";
import type { ValueTrace } from "../eval/value-trace.js";

/** How keys of an included file merge into the includer (LANGUAGE.md §8). */
export type IncludeMerge = "keep" | "overwrite" | "error";

/** The merge modes, for option parsers. */
export const INCLUDE_MERGE_MODES: readonly IncludeMerge[] = ["keep", "overwrite", "error"];

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

/** Maps over more elements than this are evaluated lazily (LANGUAGE.md §11 default). */
export const DEFAULT_STREAM_THRESHOLD = 10_000;

/** Options of one run. */
export interface RunOptions {
  /** Output format name or alias, case-insensitive. Default `json`. */
  readonly format?: string;
  /** Include merge mode. Default `keep`. */
  readonly includeMerge?: IncludeMerge;
  /** Path (or host id) of the root source, for include resolution and cycle detection. */
  readonly file?: string;
  /** Where included files come from. Default: none (every include fails with I2). */
  readonly host?: IncludeHost;
  /** Limit overrides. */
  readonly limits?: Partial<Limits>;
  /** Stream the output (CLI `-stream`, HTTP `streaming`). Never changes the bytes. */
  readonly stream?: boolean;
  /** A range with more elements than this turns streaming on (default 10000). */
  readonly streamThreshold?: number;
  /**
   * Format-specific options (JSON `compact`, YAML `documents` …): each must
   * be one the format declares (`OutputFormat.options`), of the declared
   * type, or the run fails with an output error naming it.
   */
  readonly formatOptions?: Readonly<Record<string, unknown>>;
  /**
   * Write only the value at this path (keys and 0-based indexes) instead of
   * the whole document (CLI `--select`). A path that leads nowhere, or to a
   * non-object for a format that needs an object at the top (TOML,
   * TypeScript), fails with an output error.
   */
  readonly select?: readonly SelectStep[];
  /** Sort the keys of every object by code point, recursively, in every format (LANGUAGE.md §16.3). Default false: definition order. */
  readonly sortKeys?: boolean;
  /**
   * For {@link Engine.transpileTo}: find every source error before the first
   * write (default true), at the cost of evaluating lazy parts twice. A caller
   * whose sink discards its text when the run fails (a spool file) passes
   * false and gets a single pass.
   */
  readonly verifyBeforeWrite?: boolean;
  /** Checked with the clock (see {@link Limits.timeoutMs}); when `aborted` becomes true the run ends with a diagnostic. */
  readonly signal?: { readonly aborted: boolean };
  /**
   * External variables (LANGUAGE.md §16.2): name → value, seen by the root
   * file and every included file in a scope above their global scope, like
   * `:=` variables (never written out; a name the source defines shadows
   * one). Names must be identifiers that are not keywords
   * (`varNameProblem`); values are copied in, counted against the
   * item limit. A bad name or value fails the run (code JSSON7001).
   */
  readonly vars?: ExternalVars;
  /**
   * Record where every value came from into this trace (LANGUAGE.md §12.3),
   * for the locator (`locateFailures`); made with the root source as its file 0. Costs
   * time and memory: a caller traces only when it needs places (a failed
   * schema check). The run is evaluated eagerly (no lazy maps).
   */
  readonly trace?: ValueTrace;
}
