/**
 * The Schema panel's results: valid, or one entry per failure with its data
 * path (`$.server.port`) linking to the place of its value (LANGUAGE.md
 * §12.3), a `schema: …` problem with the schema itself, or a `Line <n>: …`
 * source error that links to its line.
 */
import type { ValidationDiagnostic, ValidationOutcome } from "./api-client.js";
import { renderErrors, type ListedError } from "./error-list.js";
import { formatMs, plural, type Notices } from "./notices.js";
import type { PageElements } from "./page-elements.js";
import { MAIN_NAME, type Workspace } from "./workspace.js";

/** Show what a /validate-schema request gave; a failure with a place is a link to it in `workspace`. */
export function showValidation(ui: PageElements, outcome: ValidationOutcome, notices: Notices, workspace: Workspace): void {
  const names = workspace.names();
  // a place in a file the page does not hold is not a link (it would open the program)
  const held = (file: string | undefined): boolean => file === undefined || names.includes(file);
  const open = (file: string | undefined, line: number, column: number): void => workspace.reveal(file ?? MAIN_NAME, line, column);
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
    // a data failure its path and, when the server found it, the place of its value; a schema error neither.
    // Places and paths come from these entries only: no line is parsed.
    outcome.errors.map((text, i): ListedError => {
      const d: ValidationDiagnostic | undefined = outcome.diagnostics.length === outcome.errors.length ? outcome.diagnostics[i] : undefined;
      const place = typeof d?.line === "number" && held(d.file) ? { line: d.line, column: d.column ?? 1, ...(d.file === undefined ? {} : { file: d.file }) } : {};
      return typeof d?.path === "string" ? { path: d.path, text: d.message, ...place } : { text, ...place };
    }),
    open,
  );
  notices.announce(outcome.valid ? "The output matches the schema." : `Schema validation: ${plural(outcome.errors.length, "error")}.`);
}

/** Empty the results (a new program or schema was loaded). */
export function clearValidation(ui: PageElements): void {
  renderErrors(ui.schemaErrors, [], () => undefined);
  ui.schemaStatus.textContent = "";
  delete ui.schemaStatus.dataset["state"];
}
