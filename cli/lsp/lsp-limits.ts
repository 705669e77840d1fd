/** The limits every evaluation the language server runs is bounded by. */
import type { Limits } from "../../core/index.js";

/**
 * Tighter than the CLI's defaults: an editor evaluates on every pause in
 * typing, so a runaway range or map must end in a diagnostic within a few
 * seconds and never eat the server's memory. The time is one run's whole:
 * evaluation, schema check and locating the check's failures. Evaluation
 * runs in a thread of its own and an edit cancels it (evaluation-queue.ts),
 * so the limit bounds how long one text holds that thread, not how long the
 * server is deaf: 5 s lets a 5,000-line file with a schema finish on a busy
 * machine.
 */
export const LSP_LIMITS: Partial<Limits> = Object.freeze({
  timeoutMs: 5000,
  maxItems: 2_000_000,
  maxRangeItems: 1_000_000,
  maxStringLength: 4 * 1024 * 1024,
  maxSourceLength: 8 * 1024 * 1024,
  maxIncludes: 1000,
});

/**
 * The time of the second run that finds `:=` values for hovers
 * (declaration-previews.ts), made after a job's diagnostics: a hover's
 * extra, not worth holding the thread as long as the evaluation proper.
 */
export const DECLARATION_RUN_TIMEOUT_MS = 2000;

/** The largest workspace file read (`jsson.config.json`, a schema it names), in bytes: larger ones are refused from their size. */
export const MAX_WORKSPACE_FILE_BYTES = 4 * 1024 * 1024;
