/**
 * From a path in an evaluated tree to the place in the source that produced
 * the value there (LANGUAGE.md §12.3 "Source places"), using the records of
 * a tracing evaluation ({@link ValueTrace}).
 */
import type { RelatedPlace, SourceSpan } from "../diagnostics/diagnostic.js";
import { LineIndex } from "../source/line-index.js";
import { LazyArray, ObjectValue, type Value } from "../values/values.js";
import { PLACE_KIND, type RecordedPlace, type ValueTrace } from "./value-trace.js";

/**
 * Where a value came from (a span named as diagnostics name theirs: the
 * root's `RunOptions.file`, an included file's host id), and a related
 * place when it came through a preset (the `@use`) or a data include (the
 * data file).
 */
export interface ValuePlace extends SourceSpan {
  readonly related?: readonly RelatedPlace[];
}

/**
 * What a place names (§12.3): the value itself; the object a property is
 * missing from (its key, or the block's opening brace); or a property's key.
 */
export type PlaceTarget = "value" | "object" | "key";

/** Finds places in one traced tree; line indexes are built once per file. */
export class ValueLocator {
  private readonly lines = new Map<number, LineIndex>();

  constructor(
    private readonly root: ObjectValue,
    private readonly trace: ValueTrace,
  ) {}

  /**
   * The place of the value at `path` (object keys and array indexes, as
   * strings or numbers). A path that leaves the tree (data read back from a
   * format differs from the tree) is placed at the last value it reached;
   * a value without a record of its own, at its container's place (a range's
   * element at the range, a value of a data file at the include).
   */
  locate(path: readonly (string | number)[], target: PlaceTarget): ValuePlace {
    let v: Value = this.root;
    let place: RecordedPlace | undefined;
    let preset: RecordedPlace | undefined;
    let last = "";
    for (const seg of path) {
      const step = this.child(v, seg);
      if (step === undefined) break;
      const rec = this.trace.place(v as object, step.index);
      if (rec !== undefined) place = rec;
      if (rec?.kind === PLACE_KIND.presetUse) preset = rec;
      last = String(seg);
      v = step.value;
    }
    if (place === undefined) return this.span(0, 0, 0);
    const shown = this.targetSpan(place, target, last);
    const at = this.span(place.file, shown.start, shown.end);
    if (place.kind === PLACE_KIND.dataInclude && place.related >= 0) {
      return { ...at, related: [{ ...this.span(place.related, 0, 0), message: "the value comes from this data file" }] };
    }
    // a member of a preset body (not an override written at the `@use`): the `@use` is related
    if (preset !== undefined && preset !== place && (place.file !== preset.file || place.start < preset.start || place.start >= preset.end)) {
      return { ...at, related: [{ ...this.span(preset.file, preset.start, preset.end), message: "through the preset used here" }] };
    }
    return at;
  }

  /** The child of `v` at `seg`, with its position (undefined when there is none). */
  private child(v: Value, seg: string | number): { index: number; value: Value } | undefined {
    if (v instanceof ObjectValue) {
      const index = v.indexOf(String(seg));
      return index < 0 ? undefined : { index, value: v.values[index] as Value };
    }
    if (!Array.isArray(v) && !(v instanceof LazyArray)) return undefined;
    const index = typeof seg === "number" ? seg : /^(0|[1-9][0-9]*)$/.test(seg) ? Number(seg) : -1;
    if (!(index >= 0 && index < v.length)) return undefined;
    return { index, value: Array.isArray(v) ? (v[index] as Value) : v.at(index) };
  }

  /** The span a target names, from the record of the value (`key`: the last path step). */
  private targetSpan(place: RecordedPlace, target: PlaceTarget, key: string): { start: number; end: number } {
    if (target !== "value" && place.keyStart >= 0) return { start: place.keyStart, end: keyEnd(this.fileText(place.file), place.keyStart, key) };
    if (target === "object" && this.fileText(place.file).charCodeAt(place.start) === 0x7b /* { */) return { start: place.start, end: place.start + 1 };
    return { start: place.start, end: place.end };
  }

  private fileText(file: number): string {
    return this.trace.files[file]?.text ?? "";
  }

  private span(file: number, start: number, end: number): SourceSpan {
    const f = this.trace.files[file];
    let lines = this.lines.get(file);
    if (lines === undefined) this.lines.set(file, (lines = new LineIndex(f?.text ?? "")));
    const s = lines.position(start);
    const e = lines.position(Math.max(start, end));
    const span = { start, end: Math.max(start, end), line: s.line, column: s.column, endLine: e.line, endColumn: e.column };
    return f?.id === undefined ? span : { ...span, file: f.id };
  }
}

/** End of a member key written at `start`: a quoted key to its closing quote, a bare one after its name. */
function keyEnd(text: string, start: number, key: string): number {
  const q = text[start];
  if (q !== '"' && q !== "'" && q !== "`") return Math.min(text.length, start + key.length);
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i];
    if (c === "\\") i++;
    else if (c === q) return i + 1;
    else if (c === "\n") return i;
  }
  return text.length;
}
