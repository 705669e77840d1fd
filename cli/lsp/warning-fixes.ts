/**
 * Quick fixes for warnings (LANGUAGE.md §16.5): a warning published with a
 * suggestion carries it in its `data`; the code action applies it — the
 * suggested name instead of a misspelt one, the bare word quoted, the comma
 * that starts a new array element.
 */
import { CodeActionKind, type CodeAction, type CodeActionParams, type Range } from "vscode-languageserver";

/** What a published warning carries in `data` when it has a suggestion. */
export interface SuggestionData {
  readonly suggestion: { readonly text: string; readonly range: Range };
}

function suggestionOf(data: unknown): SuggestionData["suggestion"] | undefined {
  if (typeof data !== "object" || data === null) return undefined;
  const s = (data as { suggestion?: unknown }).suggestion;
  if (typeof s !== "object" || s === null) return undefined;
  const { text, range } = s as { text?: unknown; range?: unknown };
  return typeof text === "string" && typeof range === "object" && range !== null ? { text, range: range as Range } : undefined;
}

/** The quick fixes for the diagnostics of a code action request that carry a suggestion. */
export function warningFixes(params: CodeActionParams): CodeAction[] {
  const out: CodeAction[] = [];
  for (const d of params.context.diagnostics) {
    const s = suggestionOf(d.data);
    if (s === undefined) continue;
    const empty = s.range.start.line === s.range.end.line && s.range.start.character === s.range.end.character;
    out.push({
      // what the fix does, in the user's terms
      title: empty ? `Insert '${s.text}'` : s.text.startsWith('"') ? `Quote it: ${s.text}` : `Change to '${s.text}'`,
      kind: CodeActionKind.QuickFix,
      diagnostics: [d],
      isPreferred: true,
      edit: { changes: { [params.textDocument.uri]: [{ range: s.range, newText: s.text }] } },
    });
  }
  return out;
}
