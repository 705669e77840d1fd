/**
 * The playground page: wires the editor, the Output and Schema panels, the
 * examples menu and the share link to the service that serves the page.
 *
 * Flow: every edit (or format / schema change) restarts a 250 ms timer; when
 * it fires, the program goes to POST /transpile (and, with the Schema tab
 * open, to POST /validate-schema). One request is in flight at a time;
 * answers about text that has changed since are dropped, because a newer
 * request is always on its way.
 */
import { EXAMPLES, type PlaygroundExample } from "../examples.js";
import { decodeShareFragment, encodeShareFragment, type SharedState } from "../share-fragment.js";
import { listFormats, transpile, validateSchema, versionText } from "./api-client.js";
import { copyText } from "./clipboard.js";
import { setUpFileControls, updateRemoveButton } from "./file-controls.js";
import { FALLBACK_FORMATS, FormatPicker } from "./format-picker.js";
import { Notices } from "./notices.js";
import { OutputPanel } from "./output-panel.js";
import { findElements } from "./page-elements.js";
import { setUpTabs } from "./result-tabs.js";
import { clearValidation, showValidation } from "./schema-panel.js";
import { MAIN_NAME, Workspace } from "./workspace.js";
import { schemaFailurePlaces } from "../problem-map.js";
import { checkVarsText } from "../vars-text.js";

const DEBOUNCE_MS = 250;

const ui = findElements();
const notices = new Notices(ui.toast, ui.announcer);
const formats = new FormatPicker(ui.formatSelect);
const workspace = new Workspace(ui.editor, ui.fileTabs, (active) => updateRemoveButton(ui, active), { onChange: () => changed(), onRun: () => void run() });
const output = new OutputPanel(ui, workspace, formats, notices);
let schemaVisible = false;
/** The fragment the page last wrote or loaded (so our own address updates are not loaded back). */
let currentFragment = "";

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
  const format = formats.value;
  const varsText = ui.varsInput.value;
  const vars = checkVarsText(varsText);
  ui.varsStatus.textContent = vars.ok ? "" : vars.message;
  ui.varsStatus.dataset["state"] = vars.ok ? "ok" : "error";
  const request = { source: workspace.text(MAIN_NAME), format, files: workspace.files(), ...(vars.ok && vars.json !== undefined ? { vars: vars.json } : {}) };
  const stale = (): boolean => workspace.revision() !== revision || formats.value !== format || ui.varsInput.value !== varsText;

  // Variables that are not a JSON object: say so where the output would be, rather than run without them.
  const outcome = vars.ok ? await transpile(request) : { kind: "failed" as const, messages: [vars.message] };
  if (stale()) return;
  output.show(outcome);

  const schema = ui.schemaInput.value;
  if (!schemaVisible || schema.trim() === "") return;
  const schemaAs = ui.schemaFormat.value;
  ui.schemaStatus.textContent = "Validating…";
  const validation = await validateSchema({ ...request, schema, schemaFormat: schemaAs || undefined }); // "": detect
  if (stale() || ui.schemaInput.value !== schema || ui.schemaFormat.value !== schemaAs) return;
  showValidation(ui, validation, notices, workspace);
  // schema failures are marked where their values come from (LANGUAGE.md §12.3), as errors are
  if (validation.kind === "result" && !validation.valid) output.markProblems(schemaFailurePlaces(validation.diagnostics));
}

// ---------------------------------------------------------------- share link and examples

function sharedState(): SharedState {
  const files = workspace.files();
  return {
    source: workspace.text(MAIN_NAME),
    format: formats.value,
    ...(Object.keys(files).length > 0 ? { files } : {}),
    ...(ui.schemaInput.value.trim() !== "" ? { schema: ui.schemaInput.value } : {}),
    ...(ui.varsInput.value.trim() !== "" ? { vars: ui.varsInput.value } : {}),
  };
}

/** Browsers cap addresses near 2 MB; a bigger program is not put in the address at all. */
const MAX_FRAGMENT = 1_500_000;

/** Put the current program in the address (a new history entry when `push`); false when it is too big for one. */
function updateShareUrl(push = false): boolean {
  const fragment = encodeShareFragment(sharedState());
  if (fragment === currentFragment) return true;
  if (fragment.length > MAX_FRAGMENT) return false;
  const url = `${location.pathname}${location.search}#${fragment}`;
  try {
    if (push) history.pushState(null, "", url);
    else history.replaceState(null, "", url);
  } catch {
    return false; // refused by the browser (too long): the old address stays
  }
  currentFragment = fragment;
  return true;
}

/** Load a program, its files, format and schema (from a link or an example). */
function loadState(state: SharedState): void {
  workspace.load(state.source, state.files ?? {});
  ui.schemaInput.value = state.schema ?? "";
  ui.varsInput.value = state.vars ?? "";
  if (state.format !== undefined && !formats.choose(state.format)) notices.toast(`This server has no "${state.format}" format; showing json.`);
  clearValidation(ui);
  if (state.schema !== undefined) selectResultTab("panel-schema");
}

/** Load the program in the address, if it holds one that is not the one shown; false when it holds none. */
function loadFromUrl(): boolean {
  const fragment = location.hash.replace(/^#/, "");
  if (fragment === "") return false;
  if (fragment === currentFragment) return true;
  const state = decodeShareFragment(fragment);
  if (state === undefined) {
    notices.toast("The link's program could not be read (damaged or cut off).");
    return false;
  }
  currentFragment = fragment;
  loadState(state);
  ui.exampleSelect.value = "";
  void run();
  return true;
}

// ---------------------------------------------------------------- controls

const selectResultTab = setUpTabs(ui.resultTabs, (panelId) => {
  schemaVisible = panelId === "panel-schema";
  if (schemaVisible && ui.schemaInput.value.trim() !== "") void run();
});

setUpFileControls(ui, workspace, notices, changed);

ui.exampleSelect.append(...EXAMPLES.map((example) => new Option(example.title, example.id)));
ui.exampleSelect.addEventListener("change", () => {
  const example = EXAMPLES.find((e) => e.id === ui.exampleSelect.value);
  if (example === undefined) return;
  loadState(example);
  // A new history entry: Back returns to the program that was there before.
  updateShareUrl(true);
  void run();
  notices.toast(`Loaded example: ${example.title}`);
});

ui.formatSelect.addEventListener("change", () => {
  updateShareUrl();
  void run();
});

ui.shareButton.addEventListener("click", () => {
  if (!updateShareUrl()) return notices.toast("This program is too large to share as a link; download it instead.");
  void copyText(location.href).then((ok) => notices.toast(ok ? "Share link copied" : "Copy the address bar to share"));
});

ui.schemaInput.addEventListener("input", () => changed());
ui.varsInput.addEventListener("input", () => changed());
ui.schemaFormat.addEventListener("change", () => void run());
ui.validateButton.addEventListener("click", () => void run());
ui.schemaInput.addEventListener("keydown", (e) => {
  if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
    e.preventDefault();
    void run();
  }
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
  const [list, version] = await Promise.all([listFormats(), versionText()]);
  formats.fill(list ?? FALLBACK_FORMATS);
  if (version !== undefined) ui.serverVersion.textContent = version;
  if (!loadFromUrl()) {
    const first = EXAMPLES[0] as PlaygroundExample;
    ui.exampleSelect.value = first.id;
    loadState({ source: first.source });
    void run(); // the address stays clean until the first edit
  }
  // For tests and automation: the page is wired and its first request is on its way.
  document.documentElement.dataset["ready"] = "true";
}

void start();
