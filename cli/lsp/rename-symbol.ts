/**
 * Rename across a document: a key, a `:=` name, a map parameter or a preset,
 * with every use that resolves to it (name-resolution.ts, the same lookup
 * as references). Refused — with the reason, before any edit — when the new
 * name is not a name (or not a preset name), when it is already defined in
 * the same body, or when it would change what a use means: a use of the
 * renamed thing that an inner definition of the new name would hide, or a
 * use of the new name that the renamed thing would capture. Names an
 * included file defines are renamed in that file, not here.
 */
import { ResponseError, ErrorCodes, type Range, type TextEdit, type WorkspaceEdit } from "vscode-languageserver";
import { KEYWORDS } from "../../core/syntax/index.js";
import type { Definition, NameUse } from "./document-outline.js";
import type { DocumentState } from "./document-state.js";
import { lookupName, MAX_REFERENCES, resolveUse, symbolAt, usesOf } from "./name-resolution.js";

const NAME = /^[\p{L}_][\p{L}\p{Nd}_]*$/u;
/** A preset name goes between double quotes as it is: no quote, backslash, `$` (a template's start) or control character. */
const PRESET_NAME = /^[^"\\$\p{Cc}]+$/u;
/** The longest new name taken. */
const MAX_NAME = 1024;

/** The range and current name of what can be renamed at `offset` (prepareRename); a ResponseError says why not. */
export function prepareRenameAt(state: DocumentState, offset: number): { range: Range; placeholder: string } | null {
  const t = targetAt(state, offset);
  if (t === null) return null;
  return { range: { start: state.document.positionAt(t.start), end: state.document.positionAt(t.end) }, placeholder: t.definition.name };
}

/** The edits that rename the thing at `offset` to `newName`; a ResponseError says why not. */
export function renameAt(state: DocumentState, offset: number, newName: string): WorkspaceEdit | null {
  const t = targetAt(state, offset);
  if (t === null) return null;
  const d = t.definition;
  if (newName === d.name) return { changes: { [state.document.uri]: [] } };
  const doc = state.document;
  const edit = (start: number, end: number): TextEdit => ({ range: { start: doc.positionAt(start), end: doc.positionAt(end) }, newText: newName });
  if (d.kind === "preset") {
    if (newName.length > MAX_NAME || !PRESET_NAME.test(newName)) throw refused(`"${newName}" cannot be a preset name here (no quotes, backslashes, $ or control characters)`);
    if (state.outline.definitions.some((o) => o.kind === "preset" && o.name === newName)) throw refused(`a preset named "${newName}" exists already`);
    // both spans include the quotes
    const edits = [edit(d.nameStart + 1, d.nameEnd - 1)];
    for (const u of state.outline.presetUses) if (u.value === d.name) edits.push(edit(u.start + 1, u.end - 1));
    return { changes: { [doc.uri]: edits } };
  }
  if (newName.length > MAX_NAME || !NAME.test(newName) || KEYWORDS.has(newName)) throw refused(`"${newName}" is not a name (a letter or _, then letters, digits or _; not a keyword)`);
  const uses = usesOf(state.outline, d);
  if (uses.length >= MAX_REFERENCES) throw refused(`more than ${MAX_REFERENCES} uses: rename refused`);
  checkMeaningKept(state, d, uses, newName);
  const edits = [edit(d.nameStart, d.nameEnd), ...uses.map((u) => edit(u.start, u.end))];
  return { changes: { [doc.uri]: edits } };
}

/** What is renamed at `offset`: the definition and the span under the cursor (the name without quotes). */
function targetAt(state: DocumentState, offset: number): { definition: Definition; start: number; end: number } | null {
  const outline = state.outline;
  const presetUse = outline.presetUses.find((r) => r.start <= offset && offset <= r.end);
  if (presetUse) {
    const d = outline.definitions.find((x) => x.kind === "preset" && x.name === presetUse.value);
    if (d === undefined) throw refused(`no preset "${presetUse.value}" in this document`);
    return { definition: d, start: presetUse.start + 1, end: presetUse.end - 1 };
  }
  const found = symbolAt(outline, offset);
  if (found === undefined) return null;
  const d = found.definition;
  if (d === undefined) throw refused(`"${found.use?.name ?? ""}" is not defined in this document (an included file defines it: rename it there)`);
  if (d.kind === "preset") return { definition: d, start: d.nameStart + 1, end: d.nameEnd - 1 };
  if (d.quoted) throw refused("a quoted key is not a name: edit it as text");
  const at = found.use ?? { start: d.nameStart, end: d.nameEnd };
  return { definition: d, start: at.start, end: at.end };
}

/** Refuse a rename to `newName` that would change what a name in the document means. */
function checkMeaningKept(state: DocumentState, d: Definition, uses: readonly NameUse[], newName: string): void {
  const outline = state.outline;
  const line = (o: Definition): number => state.document.positionAt(o.nameStart).line + 1;
  for (const o of outline.definitions) {
    if (o !== d && o.name === newName && !o.quoted && o.kind !== "preset" && o.parent === d.parent && o.scopeStart === d.scopeStart) throw refused(`"${newName}" is already defined here (line ${line(o)})`);
  }
  // each plain use of `d` must still find it under the new name, not an inner definition of that name
  for (const u of uses) {
    if (u.chain.length > 0) continue; // a member `a.b` is found among a's keys: the check above covers it
    const other = lookupName(outline, newName, u.start);
    if (other !== undefined && other !== d && other.scopeStart > d.scopeStart) throw refused(`"${newName}" at line ${line(other)} would hide the renamed name at line ${state.document.positionAt(u.start).line + 1}`);
  }
  // each plain use of the new name must still find what it found, not the renamed definition
  for (const u of outline.uses) {
    if (u.name !== newName || u.chain.length > 0) continue;
    if (u.start < d.scopeStart || u.start > d.scopeEnd) continue;
    if (d.kind !== "parameter" && d.start <= u.start && u.start < d.end) continue; // not visible in its own definition
    const before = resolveUse(outline, u);
    if (before === undefined || before.scopeStart <= d.scopeStart) throw refused(`the use of "${newName}" at line ${state.document.positionAt(u.start).line + 1} would then name the renamed ${d.kind}`);
  }
}

function refused(message: string): ResponseError<void> {
  return new ResponseError(ErrorCodes.InvalidRequest, message);
}
