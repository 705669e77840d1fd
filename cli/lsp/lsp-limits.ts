/** The limits every evaluation the language server runs is bounded by. */
import type { Limits } from "../../core/index.js";

/**
 * Tighter than the CLI's defaults: an editor evaluates on every pause in
 * typing, so a runaway range or map must end in a diagnostic within about a
 * second, never hang the server or eat its memory.
 */
export const LSP_LIMITS: Partial<Limits> = Object.freeze({
  timeoutMs: 1000,
  maxItems: 2_000_000,
  maxRangeItems: 1_000_000,
  maxStringLength: 4 * 1024 * 1024,
  maxSourceLength: 8 * 1024 * 1024,
  maxIncludes: 1000,
});

/** The largest workspace file read (`jsson.config.json`, a schema it names), in bytes: larger ones are refused from their size. */
export const MAX_WORKSPACE_FILE_BYTES = 4 * 1024 * 1024;
