/** Options of one engine run (the limits are in `values/limits.ts`). */
import type { IncludeHost } from "../host/include-host.js";
import type { ExternalVars } from "../data/external-vars.js";
import type { SelectStep } from "./select-value.js";
import type { IncludeMerge } from "../eval/include-merge.js";
import type { Limits } from "../values/limits.js";
import type { RunSignal } from "../values/cost-meter.js";

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
  /** A range with more elements than this turns streaming on (default 10000). */
  readonly streamThreshold?: number | undefined;
  /**
   * Format-specific options (JSON `compact`, YAML `documents` …): each must
   * be one the format declares (`OutputFormat.options`), of the declared
   * type, or the run fails with an output error naming it.
   */
  readonly formatOptions?: Readonly<Record<string, unknown>> | undefined;
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
  readonly verifyBeforeWrite?: boolean | undefined;
  /** Checked with the clock (see {@link Limits.timeoutMs}); when `aborted` becomes true the run ends with a diagnostic. */
  readonly signal?: RunSignal;
  /**
   * External variables (LANGUAGE.md §16.2): name → value, seen by the root
   * file and every included file in a scope above their global scope, like
   * `:=` variables (never written out; a name the source defines shadows
   * one). Names must be identifiers that are not keywords
   * (`varNameProblem`); values are copied in, counted against the
   * item limit. A bad name or value fails the run (code JSSON7001).
   */
  readonly vars?: ExternalVars | undefined;
  /**
   * Strict mode (LANGUAGE.md §16.5): the run fails with its first warning,
   * made an error (same code, place and message). Default false: warnings
   * are reported beside the output and change nothing.
   */
  readonly strict?: boolean | undefined;
}
