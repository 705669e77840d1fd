/**
 * `--error-format github`: diagnostics as GitHub Actions workflow commands
 * (`::error file=…,line=…,col=…,endLine=…,endColumn=…,title=<code>::<message>`),
 * which the runner turns into annotations on the files. Escaping is the
 * one GitHub's own toolkit (@actions/core) applies: `%`, CR and LF in the
 * message; those and `:` and `,` in property values.
 */
import { causeChain, diagnosticMessage, type Diagnostic, type SourceSpan } from "../../core/diagnostics/diagnostic.js";
import type { DiagnosticSources } from "./diagnostic-sources.js";

/**
 * One command per place: the diagnostic, then (for an error inside an
 * included file) one at each cause, so the included file is annotated
 * where the error is and not only at the `include`.
 */
export function githubAnnotations(diagnostics: readonly Diagnostic[], sources: DiagnosticSources): string {
  let out = "";
  for (const d of diagnostics) {
    out += command(d, diagnosticMessage(d), sources);
    let includer: SourceSpan = d;
    for (const cause of causeChain(d)) {
      const at = `${sources.nameOf(includer.file) ?? "<stdin>"}:${includer.line}`;
      out += command(cause, `${diagnosticMessage(cause)} (in a file included at ${at})`, sources);
      includer = cause;
    }
  }
  return out;
}

function command(d: Diagnostic, message: string, sources: DiagnosticSources): string {
  const file = sources.nameOf(d.file);
  const props = { ...(file === undefined ? {} : { file }), line: d.line, col: d.column, endLine: d.endLine, endColumn: d.endColumn, title: d.code };
  const level = d.severity === "warning" ? "warning" : "error";
  return `::${level} ${Object.entries(props).map(([k, v]) => `${k}=${escapeProperty(String(v))}`).join(",")}::${escapeData(message)}\n`;
}

/** A message as GitHub reads it back (`%` first, so the escapes' own `%` is not escaped again). */
export function escapeData(s: string): string {
  return s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

/** A property value: as {@link escapeData}, and `:` and `,`, which end a value. */
export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, "%3A").replace(/,/g, "%2C");
}
