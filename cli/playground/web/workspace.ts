/**
 * The source side of the page: one editor over several documents. The first
 * document is the program (the request's `source`); the others are the files
 * its `include`s read (the request's `files`), shown as tabs. Each document
 * keeps its own CodeMirror state, so switching tabs keeps undo history,
 * selection and error markers.
 */
import { EditorSelection, EditorState, type Extension } from "@codemirror/state";
import { EditorView } from "@codemirror/view";
import type { EditorProblem } from "../problem-map.js";
import { editorExtensions, offsetOf, showProblems, type EditorHooks } from "./editor-setup.js";
import { tabKeyTarget } from "./result-tabs.js";

/** The label of the program's tab. */
export const MAIN_NAME = "main.jsson";

/** Why a file name cannot be added, or undefined when it can. */
export function fileNameProblem(name: string, taken: readonly string[]): string | undefined {
  if (name === "") return "Give the file a name, e.g. db.jsson.";
  if (name.startsWith("/") || /^[A-Za-z]:/.test(name)) return "Use a relative path (includes cannot read absolute paths).";
  if (name.split("/").some((seg) => seg === ".." || seg === "." || seg === "")) return "Use a plain relative path without '.', '..' or empty parts.";
  if (name.includes("\\")) return "Use '/' between folders.";
  if (taken.includes(name)) return `There is already a file named ${name}.`;
  return undefined;
}

/** The editor with its documents and file tabs. */
export class Workspace {
  private readonly view: EditorView;
  private readonly states = new Map<string, EditorState>();
  /** Bumped by every edit, load, added or removed file. */
  private changes = 0;
  private active = MAIN_NAME;
  private readonly extensions: Extension[];

  constructor(
    private readonly panel: HTMLElement,
    private readonly tabList: HTMLElement,
    private readonly onTabsChanged: (active: string) => void,
    hooks: EditorHooks,
  ) {
    const onChange = (): void => {
      this.changes++;
      hooks.onChange();
    };
    this.extensions = editorExtensions({ onChange, onRun: hooks.onRun });
    const state = this.newState("");
    this.states.set(MAIN_NAME, state);
    this.view = new EditorView({ state, parent: panel });
    this.tabList.addEventListener("keydown", (e) => this.onTabKey(e));
    this.renderTabs();
  }

  private newState(text: string): EditorState {
    return EditorState.create({ doc: text, extensions: this.extensions });
  }

  /** The names of all documents, the program first. */
  names(): string[] {
    return [...this.states.keys()];
  }

  activeName(): string {
    return this.active;
  }

  text(name: string): string {
    return this.stateOf(name)?.doc.toString() ?? "";
  }

  /** A number that changes whenever any document changes (answers about older text are dropped). */
  revision(): number {
    return this.changes;
  }

  /** The include files (every document but the program), path → text. */
  files(): Record<string, string> {
    const files: Record<string, string> = Object.create(null) as Record<string, string>;
    for (const name of this.names()) if (name !== MAIN_NAME) files[name] = this.text(name);
    return files;
  }

  private stateOf(name: string): EditorState | undefined {
    return name === this.active ? this.view.state : this.states.get(name);
  }

  /** Replace every document: the program and its include files. */
  load(source: string, files: Readonly<Record<string, string>> = {}): void {
    this.states.clear();
    this.changes++;
    this.states.set(MAIN_NAME, this.newState(source));
    for (const [name, text] of Object.entries(files)) if (name !== MAIN_NAME) this.states.set(name, this.newState(text));
    this.active = MAIN_NAME;
    this.view.setState(this.states.get(MAIN_NAME) as EditorState);
    this.renderTabs();
  }

  /** Add an empty include file and open it. */
  addFile(name: string): void {
    this.states.set(name, this.newState(""));
    this.changes++;
    this.select(name);
  }

  /** Remove an include file (never the program). */
  removeFile(name: string): void {
    if (name === MAIN_NAME || !this.states.has(name)) return;
    if (this.active === name) this.select(MAIN_NAME);
    this.states.delete(name);
    this.changes++;
    this.renderTabs();
    this.onTabsChanged(this.active);
  }

  /** Show a document in the editor. */
  select(name: string): void {
    const next = this.states.get(name);
    if (next === undefined) return;
    if (name !== this.active) {
      this.states.set(this.active, this.view.state);
      this.active = name;
      this.view.setState(next);
    }
    this.renderTabs();
    this.onTabsChanged(this.active);
  }

  /** Show these problems on a document (an empty list clears its markers). */
  setProblems(name: string, problems: readonly EditorProblem[]): void {
    if (name === this.active) {
      this.view.dispatch(showProblems(this.view.state, problems));
      return;
    }
    const state = this.states.get(name);
    if (state !== undefined) this.states.set(name, state.update(showProblems(state, problems)).state);
  }

  /** Open a document at a 1-based line and column, and focus the editor. */
  reveal(name: string, line: number, column = 1): void {
    this.select(name);
    const pos = offsetOf(this.view.state.doc, line, column);
    this.view.dispatch({ selection: EditorSelection.cursor(pos), effects: EditorView.scrollIntoView(pos, { y: "center" }) });
    this.view.focus();
  }

  focus(): void {
    this.view.focus();
  }

  private renderTabs(): void {
    const tabs = this.names().map((name, i) => {
      const tab = document.createElement("button");
      tab.type = "button";
      tab.className = "file-tab";
      tab.setAttribute("role", "tab");
      tab.id = `file-tab-${i}`;
      tab.setAttribute("aria-controls", "editor");
      const selected = name === this.active;
      tab.setAttribute("aria-selected", String(selected));
      tab.tabIndex = selected ? 0 : -1;
      tab.textContent = name;
      tab.dataset["file"] = name;
      tab.addEventListener("click", () => this.select(name));
      return tab;
    });
    this.tabList.replaceChildren(...tabs);
    const activeTab = tabs.find((t) => t.getAttribute("aria-selected") === "true");
    if (activeTab !== undefined) this.panel.setAttribute("aria-labelledby", activeTab.id);
  }

  /** Arrow keys move between file tabs (WAI-ARIA tabs pattern, automatic activation). */
  private onTabKey(e: KeyboardEvent): void {
    const names = this.names();
    const next = tabKeyTarget(e.key, names.indexOf(this.active), names.length);
    if (next === undefined) return;
    e.preventDefault();
    this.select(names[next] as string);
    (this.tabList.querySelector<HTMLElement>('[aria-selected="true"]') ?? this.tabList).focus();
  }
}
