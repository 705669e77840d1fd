/**
 * `--error-format human|json|github` (transpile, validate, fmt): how source
 * diagnostics are written to stderr. Exit statuses do not depend on it;
 * messages that are not about the source (usage errors, an unreadable
 * input) stay one `jsson: …` line whatever the format.
 */
import type { Diagnostic } from "../../core/diagnostics/diagnostic.js";
import { diagnosticReport } from "./diagnostic-report.js";
import { diagnosticsJson } from "./diagnostic-json.js";
import type { DiagnosticSources } from "./diagnostic-sources.js";
import { githubAnnotations } from "./github-annotations.js";

/** The formats, the default first. */
export const ERROR_FORMATS = ["human", "json", "github"] as const;

export type ErrorFormat = (typeof ERROR_FORMATS)[number];

/** The environment variable read when the flag is absent (set once for a whole CI job). */
export const ERROR_FORMAT_ENV = "JSSON_ERROR_FORMAT";

/** The format named by the flag's value, else by {@link ERROR_FORMAT_ENV}, else human; a message for an unknown name. */
export function errorFormatOf(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): { ok: true; format: ErrorFormat } | { ok: false; message: string } {
  const name = flag ?? (env[ERROR_FORMAT_ENV] || "human"); // an empty variable counts as unset
  const format = ERROR_FORMATS.find((f) => f === name.toLowerCase());
  if (format !== undefined) return { ok: true, format };
  const where = flag === undefined ? ERROR_FORMAT_ENV : "--error-format";
  return { ok: false, message: `${where}: unknown error format "${name}" (use ${ERROR_FORMATS.join(", ")})` };
}

const WRITERS: Readonly<Record<ErrorFormat, (diagnostics: readonly Diagnostic[], sources: DiagnosticSources) => string>> = {
  human: (diagnostics, sources) => diagnostics.map((d) => diagnosticReport(d, sources)).join(""),
  json: diagnosticsJson,
  github: githubAnnotations,
};

/** The text written to stderr for `diagnostics` in `format`. */
export function diagnosticsText(format: ErrorFormat, diagnostics: readonly Diagnostic[], sources: DiagnosticSources): string {
  return WRITERS[format](diagnostics, sources);
}
