/**
 * The Output panel: the transpiled text (or the errors), its status line
 * (format, server time, size), and the copy and download buttons, which
 * always hand over the whole output even when the view shows only its start.
 */
import { PROGRAM, diagnosticPlaces, problemsByFile, type DiagnosticLike } from "../problem-map.js";
import type { ServerDiagnostic, TranspileOutcome, Warnings } from "./api-client.js";
import { copyText, downloadText } from "./clipboard.js";
import { renderErrors, type ListedError } from "./error-list.js";
import type { FormatPicker } from "./format-picker.js";
import { formatBytes, formatMs, plural, type Notices } from "./notices.js";
import type { PageElements } from "./page-elements.js";
import { MAIN_NAME, type Workspace } from "./workspace.js";

/** Longer outputs show only their start: a <pre> with millions of lines freezes the page. */
const DISPLAY_LIMIT = 1_000_000;

export class OutputPanel {
  private last: { readonly text: string; readonly format: string } | undefined;

  constructor(
    private readonly ui: PageElements,
    private readonly workspace: Workspace,
    private readonly formats: FormatPicker,
    private readonly notices: Notices,
  ) {
    this.setActions(false);
    ui.copyButton.addEventListener("click", () => this.copy());
    ui.downloadButton.addEventListener("click", () => this.download());
  }

  /** Show what a /transpile request gave. */
  show(outcome: TranspileOutcome): void {
    const ui = this.ui;
    const reveal = (file: string | undefined, line: number, column: number): void => this.workspace.reveal(file ?? MAIN_NAME, line, column);
    const ok = outcome.kind === "output";
    const cut = ok && outcome.text.length > DISPLAY_LIMIT;
    this.last = ok ? { text: outcome.text, format: outcome.format } : undefined;
    ui.output.textContent = !ok ? "" : cut ? outcome.text.slice(0, DISPLAY_LIMIT) : outcome.text;
    ui.output.hidden = !ok;
    ui.outputNote.hidden = !cut;
    ui.output.dataset["state"] = ok ? "ok" : "error";
    ui.transpileStatus.dataset["state"] = ok ? "ok" : "error";
    this.setActions(ok);
    if (ok) {
      this.markProblems([], outcome.warningDiagnostics);
      ui.outputNote.textContent = cut ? `Showing the first ${formatBytes(outcome.text.slice(0, DISPLAY_LIMIT))} of ${formatBytes(outcome.text)}; copy or download the whole output.` : "";
      ui.output.dataset["format"] = outcome.format;
      renderErrors(ui.outputErrors, this.listedWarnings(outcome), reveal);
      const warned = outcome.warnings.length === 0 ? "" : ` · ${plural(outcome.warnings.length, "warning")}`;
      ui.transpileStatus.textContent = `${outcome.format} · ${formatMs(outcome.timeMs)} · ${formatBytes(outcome.text)}${warned}`;
      this.notices.announce(`Transpiled to ${outcome.format}.`);
    } else if (outcome.kind === "errors") {
      this.markProblems(outcome.diagnostics, outcome.warningDiagnostics);
      renderErrors(
        ui.outputErrors,
        // `errors` and `diagnostics` list the same problems in the same order. An error inside an included
        // file is listed at its `include`, then at each of its causes (the place inside each included file).
        outcome.errors.flatMap((text, i): ListedError[] => {
          const d = outcome.diagnostics[i];
          if (d === undefined) return [{ text }];
          // a place in a file the page does not hold is listed without a link (it would open the program)
          const causes = diagnosticPlaces(d).slice(1).map((c): ListedError => {
            const link = this.linkTo(c);
            const text = `↳ ${c.file ?? MAIN_NAME}, line ${c.line}: ${c.message}`;
            return link.file === undefined ? { text } : { text, ...link };
          });
          return [{ text, ...this.linkTo(d) }, ...causes];
        }).concat(this.listedWarnings(outcome)),
        reveal,
      );
      ui.transpileStatus.textContent = `${plural(outcome.errors.length, "error")} · ${formatMs(outcome.timeMs)}`;
      this.notices.announce(`${plural(outcome.errors.length, "error")}: ${outcome.errors[0] ?? ""}`);
    } else {
      renderErrors(ui.outputErrors, outcome.messages.map((text) => ({ text })), reveal);
      ui.transpileStatus.textContent = "request failed";
      this.notices.announce(outcome.messages[0] ?? "The request failed.");
    }
  }

  /** A run's warnings as list entries beside its errors: `warning: Line <n>: …`, each a link to its place. */
  private listedWarnings(outcome: Warnings): ListedError[] {
    return outcome.warnings.map((text, i): ListedError => {
      const d = outcome.warningDiagnostics[i];
      const item = { text: `warning: ${text}`, warning: true };
      return d === undefined ? item : { ...item, ...this.linkTo(d) };
    });
  }

  /** Where a list entry about `d` links to: its line, in its file when the page holds that file (else in the program). */
  private linkTo(d: DiagnosticLike): { line: number; column: number; file?: string } {
    return { line: d.line, column: d.column, ...(d.file !== undefined && this.workspace.names().includes(d.file) ? { file: d.file } : {}) };
  }

  /** Markers in every document (none when both lists are empty): a run's errors, or a schema check's failures; and a run's warnings. */
  markProblems(diagnostics: readonly DiagnosticLike[], warnings: readonly DiagnosticLike[] = []): void {
    const names = this.workspace.names();
    const markers = problemsByFile(diagnostics, names.filter((n) => n !== MAIN_NAME), warnings);
    for (const name of names) this.workspace.setProblems(name, markers.get(name === MAIN_NAME ? PROGRAM : name) ?? []);
  }

  private setActions(enabled: boolean): void {
    this.ui.copyButton.disabled = !enabled;
    this.ui.downloadButton.disabled = !enabled;
  }

  private copy(): void {
    if (this.last === undefined) return;
    void copyText(this.last.text).then((ok) => this.notices.toast(ok ? "Output copied" : "Copying was refused by the browser"));
  }

  private download(): void {
    if (this.last === undefined) return;
    const info = this.formats.info(this.last.format);
    downloadText(this.last.text, `config.${info?.extension || this.last.format}`, info?.media_type ?? "text/plain");
  }
}
