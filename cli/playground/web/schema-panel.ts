/**
 * The Schema panel's results: valid, or one entry per failure with its data
 * path (`$.server.port`), a `schema: …` problem with the schema itself, or a
 * `Line <n>: …` source error that links to its line.
 */
import { lineOfMessage } from "../problem-map.js";
import type { ValidationOutcome } from "./api-client.js";
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
    outcome.errors.map((text): ListedError => {
      const line = lineOfMessage(text);
      if (line !== undefined) return { text, line };
      const m = /^(\$\S*): ([\s\S]*)$/.exec(text);
      return m === null ? { text } : { path: m[1] as string, text: m[2] as string };
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
