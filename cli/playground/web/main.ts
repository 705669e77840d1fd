/**
 * The playground page: wires the editor, the output and schema panels, the
 * examples menu and the share link to the service that serves the page.
 *
 * Flow: every edit (or format / schema change) restarts a 250 ms timer; when
 * it fires, the program goes to POST /transpile (and, with the Schema tab
 * open, to POST /validate-schema). One request is in flight at a time;
 * answers about text that has changed since are dropped, because a newer
 * request is always on its way.
 */
import { EXAMPLES, findExample, type PlaygroundExample } from "../examples.js";
import { PROGRAM, lineOfMessage, problemsByFile } from "../problem-map.js";
import { decodeShareFragment, encodeShareFragment, type SharedState } from "../share-fragment.js";
import { listFormats, transpile, validateSchema, versionText, type FormatInfo, type ServerDiagnostic, type TranspileOutcome, type ValidationOutcome } from "./api-client.js";
import { copyText, downloadText } from "./clipboard.js";
import { setUpTabs } from "./result-tabs.js";
import { MAIN_NAME, Workspace, fileNameProblem } from "./workspace.js";

const DEBOUNCE_MS = 250;
const BUILTIN_FORMATS = ["json", "yaml", "toml", "typescript"];
/** Used when /formats cannot be read: the built-ins every server has. */
const FALLBACK_FORMATS: FormatInfo[] = [
  { name: "json", aliases: [], media_type: "application/json", extension: "json", description: "JSON", plugin: "" },
  { name: "yaml", aliases: ["yml"], media_type: "application/yaml", extension: "yaml", description: "YAML", plugin: "" },
  { name: "toml", aliases: [], media_type: "application/toml", extension: "toml", description: "TOML", plugin: "" },
  { name: "typescript", aliases: ["ts"], media_type: "text/typescript", extension: "ts", description: "TypeScript", plugin: "" },
];

function byId<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (found === null) throw new Error(`playground: element #${id} is missing from index.html`);
  return found as T;
}

const ui = {
  skipLink: byId<HTMLAnchorElement>("skip-link"),
  exampleSelect: byId<HTMLSelectElement>("example-select"),
  shareButton: byId<HTMLButtonElement>("share-button"),
  fileTabs: byId<HTMLElement>("file-tabs"),
  addFileButton: byId<HTMLButtonElement>("add-file-button"),
  removeFileButton: byId<HTMLButtonElement>("remove-file-button"),
  addFileForm: byId<HTMLFormElement>("add-file-form"),
  newFileName: byId<HTMLInputElement>("new-file-name"),
  newFileError: byId<HTMLElement>("new-file-error"),
  addFileCancel: byId<HTMLButtonElement>("add-file-cancel"),
  editor: byId<HTMLElement>("editor"),
  resultTabs: byId<HTMLElement>("result-tabs"),
  formatSelect: byId<HTMLSelectElement>("format-select"),
  copyButton: byId<HTMLButtonElement>("copy-button"),
  downloadButton: byId<HTMLButtonElement>("download-button"),
  transpileStatus: byId<HTMLElement>("transpile-status"),
  outputBody: byId<HTMLElement>("output-body"),
  output: byId<HTMLPreElement>("output"),
  outputErrors: byId<HTMLUListElement>("output-errors"),
  schemaInput: byId<HTMLTextAreaElement>("schema-input"),
  schemaFormat: byId<HTMLSelectElement>("schema-format"),
  validateButton: byId<HTMLButtonElement>("validate-button"),
  schemaStatus: byId<HTMLElement>("schema-status"),
  schemaErrors: byId<HTMLUListElement>("schema-errors"),
  serverVersion: byId<HTMLElement>("server-version"),
  toast: byId<HTMLElement>("toast"),
  announcer: byId<HTMLElement>("announcer"),
};

let formats: FormatInfo[] = FALLBACK_FORMATS;
let lastOutput: { readonly text: string; readonly format: string } | undefined;
let schemaVisible = false;
let lastAnnouncement = "";
/** The fragment the page last wrote or loaded (so our own URL updates are not loaded back). */
let currentFragment = "";

// ---------------------------------------------------------------- messages

let toastTimer: ReturnType<typeof setTimeout> | undefined;
function toast(message: string): void {
  ui.toast.textContent = message;
  ui.toast.classList.add("visible");
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => ui.toast.classList.remove("visible"), 2500);
}

/** Tell screen readers about a change of state (not about every keystroke's result). */
function announce(message: string): void {
  if (message === lastAnnouncement) return;
  lastAnnouncement = message;
  ui.announcer.textContent = message;
}

function formatMs(ms: number): string {
  return `${ms < 10 ? ms.toFixed(2) : ms.toFixed(1)} ms`;
}

function formatBytes(text: string): string {
  const n = new TextEncoder().encode(text).length;
  return n < 1024 ? `${n} B` : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KiB` : `${(n / 1024 / 1024).toFixed(1)} MiB`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

// ---------------------------------------------------------------- editor

const workspace = new Workspace(
  ui.editor,
  ui.fileTabs,
  (active) => {
    ui.removeFileButton.hidden = active === MAIN_NAME;
    ui.removeFileButton.setAttribute("aria-label", `Remove ${active}`);
  },
  { onChange: () => changed(), onRun: () => void run() },
  "source-heading",
  "editor-help",
);

// ---------------------------------------------------------------- running

let timer: ReturnType<typeof setTimeout> | undefined;
let running = false;
let again = false;

/** Something the output depends on changed: run soon, and keep the share link current. */
function changed(): void {
  clearTimeout(timer);
  timer = setTimeout(() => {
    updateShareUrl();
    void run();
  }, DEBOUNCE_MS);
}

/** Run now (at most one request in flight; a run asked for meanwhile follows it). */
async function run(): Promise<void> {
  clearTimeout(timer);
  if (running) {
    again = true;
    return;
  }
  running = true;
  ui.outputBody.setAttribute("aria-busy", "true");
  try {
    do {
      again = false;
      await runOnce();
    } while (again);
  } finally {
    running = false;
    ui.outputBody.setAttribute("aria-busy", "false");
  }
}

async function runOnce(): Promise<void> {
  const revision = workspace.revision();
  const format = ui.formatSelect.value || "json";
  const request = { source: workspace.text(MAIN_NAME), format, files: workspace.files() };
  const stale = (): boolean => workspace.revision() !== revision || (ui.formatSelect.value || "json") !== format;

  const outcome = await transpile(request);
  if (stale()) return;
  showTranspile(outcome);

  const schema = ui.schemaInput.value;
  if (!schemaVisible || schema.trim() === "") return;
  const schemaFormat = ui.schemaFormat.value === "" ? undefined : ui.schemaFormat.value;
  ui.schemaStatus.textContent = "Validating…";
  const validation = await validateSchema({ ...request, schema, schemaFormat });
  if (stale() || ui.schemaInput.value !== schema || (ui.schemaFormat.value === "" ? undefined : ui.schemaFormat.value) !== schemaFormat) return;
  showValidation(validation);
}

// ---------------------------------------------------------------- output

/** An entry of an error list: a message, and where it points (if anywhere). */
interface ListedError {
  readonly text: string;
  readonly file?: string;
  readonly line?: number;
  readonly column?: number;
  readonly path?: string;
}

function renderErrors(list: HTMLUListElement, errors: readonly ListedError[]): void {
  list.replaceChildren(
    ...errors.map((e) => {
      const item = document.createElement("li");
      if (e.line !== undefined) {
        const button = document.createElement("button");
        button.type = "button";
        button.className = "error-link";
        button.textContent = e.text;
        const file = e.file ?? MAIN_NAME;
        button.title = `Go to line ${e.line}${file === MAIN_NAME ? "" : ` of ${file}`}`;
        button.dataset["line"] = String(e.line);
        button.addEventListener("click", () => workspace.reveal(file, e.line ?? 1, e.column ?? 1));
        item.append(button);
      } else if (e.path !== undefined) {
        const path = document.createElement("code");
        path.className = "error-path";
        path.textContent = e.path;
        item.append(path, document.createTextNode(e.text));
      } else {
        item.textContent = e.text;
      }
      return item;
    }),
  );
  list.hidden = errors.length === 0;
}

function diagnosticFile(d: ServerDiagnostic | undefined): string | undefined {
  return d?.file === undefined ? undefined : workspace.names().includes(d.file) ? d.file : undefined;
}

function showProblems(diagnostics: readonly ServerDiagnostic[]): void {
  const markers = problemsByFile(
    diagnostics,
    workspace.names().filter((n) => n !== MAIN_NAME),
  );
  for (const name of workspace.names()) workspace.setProblems(name, markers.get(name === MAIN_NAME ? PROGRAM : name) ?? []);
}

function setOutputActions(enabled: boolean): void {
  ui.copyButton.disabled = !enabled;
  ui.downloadButton.disabled = !enabled;
}

function showTranspile(outcome: TranspileOutcome): void {
  if (outcome.kind === "output") {
    showProblems([]);
    lastOutput = { text: outcome.text, format: outcome.format };
    ui.output.textContent = outcome.text;
    ui.output.dataset["state"] = "ok";
    ui.output.dataset["format"] = outcome.format;
    ui.output.hidden = false;
    renderErrors(ui.outputErrors, []);
    ui.transpileStatus.textContent = `${outcome.format} · ${formatMs(outcome.timeMs)} · ${formatBytes(outcome.text)}`;
    ui.transpileStatus.dataset["state"] = "ok";
    setOutputActions(true);
    announce(`Transpiled to ${outcome.format}.`);
    return;
  }
  lastOutput = undefined;
  ui.output.hidden = true;
  ui.output.textContent = "";
  ui.output.dataset["state"] = "error";
  setOutputActions(false);
  ui.transpileStatus.dataset["state"] = "error";
  if (outcome.kind === "errors") {
    showProblems(outcome.diagnostics);
    renderErrors(
      ui.outputErrors,
      outcome.errors.map((text, i) => {
        const d = outcome.diagnostics[i];
        const file = diagnosticFile(d);
        return d === undefined ? { text } : { text, line: d.line, column: d.column, ...(file === undefined ? {} : { file }) };
      }),
    );
    ui.transpileStatus.textContent = `${plural(outcome.errors.length, "error")} · ${formatMs(outcome.timeMs)}`;
    announce(`${plural(outcome.errors.length, "error")}: ${outcome.errors[0] ?? ""}`);
  } else {
    renderErrors(ui.outputErrors, outcome.messages.map((text) => ({ text })));
    ui.transpileStatus.textContent = "request failed";
    announce(outcome.messages[0] ?? "The request failed.");
  }
}

function showValidation(outcome: ValidationOutcome): void {
  if (outcome.kind === "failed") {
    ui.schemaStatus.textContent = "request failed";
    ui.schemaStatus.dataset["state"] = "error";
    renderErrors(ui.schemaErrors, outcome.messages.map((text) => ({ text })));
    return;
  }
  ui.schemaStatus.dataset["state"] = outcome.valid ? "ok" : "error";
  ui.schemaStatus.textContent = outcome.valid ? `✓ valid · ${formatMs(outcome.timeMs)}` : `✗ ${plural(outcome.errors.length, "error")} · ${formatMs(outcome.timeMs)}`;
  renderErrors(
    ui.schemaErrors,
    outcome.errors.map((text): ListedError => {
      const line = lineOfMessage(text);
      if (line !== undefined) return { text, line };
      // "$.server.port: Value must be …": the path apart, so it reads as a path.
      const m = /^(\$\S*): ([\s\S]*)$/.exec(text);
      return m === null ? { text } : { path: m[1] as string, text: m[2] as string };
    }),
  );
  announce(outcome.valid ? "The output matches the schema." : `Schema validation: ${plural(outcome.errors.length, "error")}.`);
}

// ---------------------------------------------------------------- formats

function formatInfo(name: string): FormatInfo | undefined {
  const n = name.toLowerCase();
  return formats.find((f) => f.name === n || f.aliases.includes(n));
}

function fillFormats(list: FormatInfo[]): void {
  formats = list.length > 0 ? list : FALLBACK_FORMATS;
  const selected = ui.formatSelect.value || "json";
  ui.formatSelect.replaceChildren(
    ...formats.map((f) => {
      const option = document.createElement("option");
      option.value = f.name;
      option.textContent = BUILTIN_FORMATS.includes(f.name) || f.plugin === "" ? f.name : `${f.name} (${f.plugin})`;
      option.title = f.description;
      return option;
    }),
  );
  ui.formatSelect.value = formatInfo(selected)?.name ?? "json";
}

/** Select a format by name or alias; false when the server does not offer it. */
function selectFormat(name: string): boolean {
  const info = formatInfo(name);
  ui.formatSelect.value = info?.name ?? "json";
  return info !== undefined;
}

// ---------------------------------------------------------------- share link

function sharedState(): SharedState {
  const files = workspace.files();
  return {
    source: workspace.text(MAIN_NAME),
    format: ui.formatSelect.value || "json",
    ...(Object.keys(files).length > 0 ? { files } : {}),
    ...(ui.schemaInput.value.trim() !== "" ? { schema: ui.schemaInput.value } : {}),
  };
}

function updateShareUrl(push = false): void {
  const fragment = encodeShareFragment(sharedState());
  if (fragment === currentFragment) return;
  currentFragment = fragment;
  const url = `${location.pathname}${location.search}#${fragment}`;
  if (push) history.pushState(null, "", url);
  else history.replaceState(null, "", url);
}

/** Load a program, its files, format and schema (from a link or an example). */
function loadState(state: SharedState): void {
  workspace.load(state.source, state.files ?? {});
  ui.schemaInput.value = state.schema ?? "";
  if (state.format !== undefined && !selectFormat(state.format)) toast(`This server has no "${state.format}" format; showing json.`);
  renderErrors(ui.schemaErrors, []);
  ui.schemaStatus.textContent = "";
}

function loadExample(example: PlaygroundExample): void {
  loadState({ source: example.source, format: ui.formatSelect.value || "json", ...(example.files === undefined ? {} : { files: example.files }), ...(example.schema === undefined ? {} : { schema: example.schema }) });
  if (example.schema !== undefined) selectResultTab("panel-schema");
  // A new history entry: Back returns to the program that was there before.
  updateShareUrl(true);
  void run();
}

/** Load the program in the URL, if it holds one and it is not the one shown. */
function loadFromUrl(): boolean {
  const fragment = location.hash.replace(/^#/, "");
  if (fragment === "") return false;
  if (fragment === currentFragment) return true;
  const state = decodeShareFragment(fragment);
  if (state === undefined) {
    toast("The link's program could not be read (damaged or cut off).");
    return false;
  }
  currentFragment = fragment;
  loadState(state);
  ui.exampleSelect.value = "";
  if (state.schema !== undefined) selectResultTab("panel-schema");
  void run();
  return true;
}

// ---------------------------------------------------------------- controls

const selectResultTab = setUpTabs(ui.resultTabs, (panelId) => {
  schemaVisible = panelId === "panel-schema";
  if (schemaVisible && ui.schemaInput.value.trim() !== "") void run();
});

for (const example of EXAMPLES) {
  const option = document.createElement("option");
  option.value = example.id;
  option.textContent = example.title;
  ui.exampleSelect.append(option);
}
ui.exampleSelect.addEventListener("change", () => {
  const example = findExample(ui.exampleSelect.value);
  if (example === undefined) return;
  loadExample(example);
  toast(`Loaded example: ${example.title}`);
});

ui.formatSelect.addEventListener("change", () => {
  updateShareUrl();
  void run();
});

ui.copyButton.addEventListener("click", () => {
  if (lastOutput === undefined) return;
  void copyText(lastOutput.text).then((ok) => toast(ok ? "Output copied" : "Copying was refused by the browser"));
});

ui.downloadButton.addEventListener("click", () => {
  if (lastOutput === undefined) return;
  const info = formatInfo(lastOutput.format);
  downloadText(lastOutput.text, `config.${info?.extension || lastOutput.format}`, info?.media_type ?? "text/plain");
});

ui.shareButton.addEventListener("click", () => {
  updateShareUrl();
  void copyText(location.href).then((ok) => toast(ok ? "Share link copied" : "Copy the address bar to share"));
});

ui.schemaInput.addEventListener("input", () => changed());
ui.schemaFormat.addEventListener("change", () => void run());
ui.validateButton.addEventListener("click", () => void run());
ui.schemaInput.addEventListener("keydown", (e) => {
  if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
    e.preventDefault();
    void run();
  }
});

function closeAddFile(): void {
  ui.addFileForm.hidden = true;
  ui.addFileButton.setAttribute("aria-expanded", "false");
  ui.newFileError.textContent = "";
  ui.newFileName.removeAttribute("aria-invalid");
}
ui.addFileButton.addEventListener("click", () => {
  const open = ui.addFileForm.hidden;
  if (!open) return closeAddFile();
  ui.addFileForm.hidden = false;
  ui.addFileButton.setAttribute("aria-expanded", "true");
  ui.newFileName.value = "";
  ui.newFileName.focus();
});
ui.addFileCancel.addEventListener("click", () => {
  closeAddFile();
  ui.addFileButton.focus();
});
ui.addFileForm.addEventListener("keydown", (e) => {
  if (e.key === "Escape") {
    closeAddFile();
    ui.addFileButton.focus();
  }
});
ui.addFileForm.addEventListener("submit", (e) => {
  e.preventDefault();
  const name = ui.newFileName.value.trim();
  const problem = fileNameProblem(name, workspace.names());
  if (problem !== undefined) {
    ui.newFileError.textContent = problem;
    ui.newFileName.setAttribute("aria-invalid", "true");
    return;
  }
  closeAddFile();
  workspace.addFile(name);
  workspace.focus();
  changed();
});
ui.removeFileButton.addEventListener("click", () => {
  const name = workspace.activeName();
  if (name === MAIN_NAME) return;
  workspace.removeFile(name);
  toast(`Removed ${name}`);
  announce(`Removed ${name}`);
  ui.fileTabs.querySelector<HTMLElement>('[aria-selected="true"]')?.focus();
  changed();
});

// The fragment holds the share link, so the skip link focuses the editor instead of navigating to #editor.
ui.skipLink.addEventListener("click", (e) => {
  e.preventDefault();
  workspace.focus();
});

window.addEventListener("popstate", () => void loadFromUrl());
window.addEventListener("hashchange", () => void loadFromUrl());

// ---------------------------------------------------------------- start

async function start(): Promise<void> {
  setOutputActions(false);
  const [list, version] = await Promise.all([listFormats(), versionText()]);
  fillFormats(list ?? FALLBACK_FORMATS);
  if (version !== undefined) ui.serverVersion.textContent = version;
  if (!loadFromUrl()) {
    const first = EXAMPLES[0] as PlaygroundExample;
    ui.exampleSelect.value = first.id;
    loadState({ source: first.source });
    void run(); // the address stays clean until the first edit

  }
  document.documentElement.dataset["ready"] = "true";
}

void start();
