/**
 * The Schema panel's results: valid, or one entry per failure with its data
 * path (`$.server.port`), a `schema: …` problem with the schema itself, or a
 * `Line <n>: …` source error that links to its line.
 */
import type { ServerDiagnostic, ValidationOutcome } from "./api-client.js";
import { renderErrors, type ListedError } from "./error-list.js";
import { formatMs, plural, type Notices } from "./notices.js";
import type { PageElements } from "./page-elements.js";

/** Show what a /validate-schema request gave. */
export function showValidation(ui: PageElements, outcome: ValidationOutcome, notices: Notices, reveal: (line: number) => void): void {
  const open = (_file: string | undefined, line: number): void => reveal(line);
  if (outcome.kind === "failed") {
    ui.schemaStatus.textContent = "request failed";
    ui.schemaStatus.dataset["state"] = "error";
    renderErrors(ui.schemaErrors, outcome.messages.map((text) => ({ text })), open);
    return;
  }
  ui.schemaStatus.dataset["state"] = outcome.valid ? "ok" : "error";
  ui.schemaStatus.textContent = outcome.valid ? `✓ valid · ${formatMs(outcome.timeMs)}` : `✗ ${plural(outcome.errors.length, "error")} · ${formatMs(outcome.timeMs)}`;
  renderErrors(
    ui.schemaErrors,
    // `diagnostics` lists the problems of `errors`, in the same order (HTTP.md §7): a source error has its place,
    // a data failure its path. A server that sends no entry leaves the line as it is.
    outcome.errors.map((text, i): ListedError => {
      const d: ServerDiagnostic | undefined = outcome.diagnostics.length === outcome.errors.length ? outcome.diagnostics[i] : undefined;
      const path = (d as { readonly path?: unknown } | undefined)?.path;
      if (typeof path === "string") return { path, text: d?.message ?? text };
      if (d !== undefined) return { text, line: d.line, column: d.column, ...(d.file === undefined ? {} : { file: d.file }) };
      return schemaLine(text);
    }),
    open,
  );
  notices.announce(outcome.valid ? "The output matches the schema." : `Schema validation: ${plural(outcome.errors.length, "error")}.`);
}

/**
 * A failure line without a structured entry: `<path>: <message>` (LANGUAGE.md
 * §12.3's form for data failures) shows its path apart; anything else
 * (`schema: …`) as it is. Only the data path is split off; places always
 * come from the structured entries.
 */
function schemaLine(text: string): ListedError {
  if (!text.startsWith("$")) return { text };
  const at = text.indexOf(": ");
  return at < 0 || text.slice(0, at).includes(" ") ? { text } : { path: text.slice(0, at), text: text.slice(at + 2) };
}

/** Empty the results (a new program or schema was loaded). */
export function clearValidation(ui: PageElements): void {
  renderErrors(ui.schemaErrors, [], () => undefined);
  ui.schemaStatus.textContent = "";
  delete ui.schemaStatus.dataset["state"];
}
