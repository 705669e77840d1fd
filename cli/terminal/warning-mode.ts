/**
 * How the CLI treats warnings (LANGUAGE.md §16.5): `--strict` (or
 * `JSSON_STRICT=1`) makes the first warning the run's error; without it
 * warnings are written to stderr beside a successful run, in the run's
 * `--error-format`, unless `--quiet-warnings`.
 */
import type { Diagnostic } from "../../core/diagnostics/diagnostic.js";
import type { DiagnosticSources } from "./diagnostic-sources.js";
import { diagnosticsText, type ErrorFormat } from "./error-format.js";

/** The environment variable that turns strict mode on when the flag is absent (`1` or `true`). */
export const STRICT_ENV = "JSSON_STRICT";

/** What the flags and the environment say about warnings. */
export interface WarningMode {
  readonly strict: boolean;
  readonly quiet: boolean;
}

/** The mode from the parsed `--strict` / `--quiet-warnings` flags, `JSSON_STRICT` when the flag is absent. */
export function warningModeOf(flags: { readonly strict?: unknown; readonly "quiet-warnings"?: unknown }, env: NodeJS.ProcessEnv = process.env): WarningMode {
  const strict = flags["strict"] === true || (flags["strict"] === undefined && /^(?:1|true)$/i.test(env[STRICT_ENV] ?? ""));
  return { strict, quiet: flags["quiet-warnings"] === true };
}

/** The text written for a run's warnings ("" when there are none or they are quiet). */
export function warningsText(format: ErrorFormat, warnings: readonly Diagnostic[] | undefined, sources: () => DiagnosticSources, mode: WarningMode): string {
  if (warnings === undefined || warnings.length === 0 || mode.quiet) return "";
  return diagnosticsText(format, warnings, sources());
}

/**
 * The diagnostics to write for a failed run: its errors, then (unless quiet,
 * or strict, where the first warning is the error) the warnings found before it.
 */
export function failureDiagnostics(failure: { readonly diagnostics: readonly Diagnostic[]; readonly warnings?: readonly Diagnostic[] | undefined }, mode: WarningMode): readonly Diagnostic[] {
  if (mode.quiet || mode.strict || failure.warnings === undefined) return failure.diagnostics;
  return [...failure.diagnostics, ...failure.warnings];
}
