/**
 * The CodeMirror setup of the source editor: JSSON highlighting with stable
 * `tok-*` classes (styled in styles.css, so colours follow the page's light
 * or dark theme), line numbers, history, and the error markers — a lint
 * gutter marker, an underline and a tinted line for every server diagnostic.
 */
import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { bracketMatching, indentOnInput, indentUnit, syntaxHighlighting } from "@codemirror/language";
import { lintGutter, lintKeymap, setDiagnostics, type Diagnostic as LintDiagnostic } from "@codemirror/lint";
import { EditorState, StateEffect, StateField, type Extension, type Text, type TransactionSpec } from "@codemirror/state";
import {
  Decoration,
  type DecorationSet,
  EditorView,
  drawSelection,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
  type KeyBinding,
} from "@codemirror/view";
import { tags, tagHighlighter } from "@lezer/highlight";
import type { EditorProblem } from "../problem-map.js";
import { jssonLanguage } from "./jsson-language.js";

/** Token classes: stable names the page's CSS (and tests) rely on. */
const jssonHighlighter = tagHighlighter([
  { tag: tags.comment, class: "tok-comment" },
  { tag: tags.string, class: "tok-string" },
  { tag: tags.special(tags.string), class: "tok-string tok-template" },
  { tag: tags.number, class: "tok-number" },
  { tag: [tags.bool, tags.null], class: "tok-atom" },
  { tag: tags.keyword, class: "tok-keyword" },
  { tag: tags.meta, class: "tok-meta" },
  { tag: tags.definition(tags.propertyName), class: "tok-key" },
  { tag: tags.propertyName, class: "tok-property" },
  { tag: tags.definition(tags.variableName), class: "tok-variable" },
  { tag: tags.variableName, class: "tok-word" },
  { tag: tags.operator, class: "tok-operator" },
  { tag: tags.punctuation, class: "tok-punctuation" },
  { tag: tags.invalid, class: "tok-invalid" },
]);

/**
 * Editor colours from the page's CSS variables, so light and dark follow the
 * system setting. (A theme, not plain CSS: its rules outrank CodeMirror's
 * base theme.)
 */
const pageTheme = EditorView.theme({
  "&": { backgroundColor: "var(--panel)", color: "var(--text)", fontSize: "13.5px", height: "100%" },
  "&.cm-focused": { outline: "none" },
  ".cm-scroller": { fontFamily: "var(--mono)", lineHeight: "1.5" },
  ".cm-content": { caretColor: "var(--text)" },
  ".cm-cursor, .cm-dropCursor": { borderLeftColor: "var(--text)" },
  ".cm-gutters": { backgroundColor: "var(--panel-2)", color: "var(--muted)", borderRight: "1px solid var(--border)" },
  ".cm-activeLine": { backgroundColor: "var(--active-line)" },
  ".cm-activeLineGutter": { backgroundColor: "var(--active-line)", color: "var(--text)" },
  ".cm-selectionBackground, &.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground": { backgroundColor: "var(--selection)" },
  ".cm-line.cm-error-line": { backgroundColor: "var(--line-error)" },
  ".cm-tooltip": { backgroundColor: "var(--panel)", color: "var(--text)", border: "1px solid var(--border)" },
  ".cm-tooltip-lint": { fontFamily: "var(--sans)" },
});

const setErrorLines = StateEffect.define<readonly number[]>();
const errorLineMark = Decoration.line({ class: "cm-error-line" });

/** Lines holding an error get a tint (beside lint's underline and gutter marker) that survives edits above them. */
const errorLines = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(lines, tr) {
    lines = lines.map(tr.changes);
    for (const e of tr.effects) {
      if (e.is(setErrorLines)) {
        lines = Decoration.set(e.value.map((n) => errorLineMark.range(tr.state.doc.line(n).from)), true);
      }
    }
    return lines;
  },
  provide: (f) => EditorView.decorations.from(f),
});

/** The offset of a 1-based line and column in `doc`, clamped into the document. */
export function offsetOf(doc: Text, line: number, column: number): number {
  const l = doc.line(Math.min(Math.max(1, line), doc.lines));
  return Math.min(l.from + Math.max(0, column - 1), l.to);
}

/** A transaction that shows `problems` on `state` (replacing the previous ones). */
export function showProblems(state: EditorState, problems: readonly EditorProblem[]): TransactionSpec {
  const doc = state.doc;
  const diagnostics: LintDiagnostic[] = problems.map((p) => {
    let from = offsetOf(doc, p.line, p.column);
    let to = Math.max(from, offsetOf(doc, p.endLine, p.endColumn));
    if (to === from) {
      // An empty span (e.g. end of input) still gets one visible character.
      const line = doc.lineAt(from);
      if (to < line.to) to++;
      else if (from > line.from) from--;
    }
    return { from, to, severity: p.severity ?? "error", message: p.message, source: "jsson" };
  });
  // the error-line highlight is for errors; a warning has its own (lint) marker
  const lines = [...new Set(diagnostics.filter((d) => d.severity === "error").map((d) => doc.lineAt(d.from).number))].sort((a, b) => a - b);
  const spec = setDiagnostics(state, diagnostics);
  const effects = spec.effects === undefined ? [] : Array.isArray(spec.effects) ? spec.effects : [spec.effects];
  return { effects: [...effects, setErrorLines.of(lines)] };
}

/** What the editor tells its owner. */
export interface EditorHooks {
  /** The document changed (typing, paste, undo). */
  readonly onChange: () => void;
  /** Mod-Enter: run now instead of waiting for the debounce. */
  readonly onRun: () => void;
}

/** The extensions of every document of the source editor (labelled by the page's source heading and help). */
export function editorExtensions(hooks: EditorHooks): Extension[] {
  const runKey: KeyBinding = {
    key: "Mod-Enter",
    run: () => {
      hooks.onRun();
      return true;
    },
  };
  return [
    lineNumbers(),
    highlightActiveLineGutter(),
    highlightSpecialChars(),
    history(),
    drawSelection(),
    indentOnInput(),
    indentUnit.of("  "),
    EditorState.tabSize.of(2),
    jssonLanguage,
    syntaxHighlighting(jssonHighlighter),
    pageTheme,
    bracketMatching(),
    highlightActiveLine(),
    lintGutter(),
    errorLines,
    // No Tab binding on purpose: Tab keeps moving focus through the page.
    keymap.of([runKey, ...defaultKeymap, ...historyKeymap, ...lintKeymap]),
    EditorView.contentAttributes.of({ "aria-labelledby": "source-heading", "aria-describedby": "editor-help", spellcheck: "false", autocapitalize: "off", autocorrect: "off" }),
    EditorView.updateListener.of((u) => {
      if (u.docChanged) hooks.onChange();
    }),
  ];
}
