/**
 * Where the values of one evaluation came from (LANGUAGE.md §12.3 "Source
 * places"). Filled only by a tracing evaluation (`RunOptions.trace`), which
 * the engine's callers run when they need places — after a schema check
 * failed — so ordinary runs pay nothing.
 *
 * For every container the evaluator builds while tracing, each child (a
 * member of an object by its position, an element of an array) has one
 * compact record in a plain number array: the file index, the member's key
 * offset (-1 for elements), the producing expression's span, a kind, and
 * a related file. Generated data repeats itself, so records are shared: the
 * objects one object literal makes all point at one array of records (its
 * members are where they are in the literal), and the elements of a map all
 * at one record (the body). Containers without records (ranges, data read
 * from a data include, values a plugin's hook made) place their children at
 * the container's own place.
 */

/** What produced a child, when it matters to how its place is reported. */
export const PLACE_KIND = {
  /** An ordinary expression. */
  plain: 0,
  /** A `@use` (its members come from the preset body: the `@use` is a related place). */
  presetUse: 1,
  /** A top-level key of a data include (§16.1): placed at the include; the data file is related. */
  dataInclude: 2,
} as const;

export type PlaceKind = (typeof PLACE_KIND)[keyof typeof PLACE_KIND];

/** A source file of the traced run: index 0 is the root source. */
export interface TracedFile {
  /** The host id of the file; undefined for the root source when it has no name. */
  readonly id: string | undefined;
  /** Its text (offsets of places refer to it). */
  readonly text: string;
}

/** One recorded place of a child. */
export interface RecordedPlace {
  /** Index into {@link ValueTrace.files}. */
  readonly file: number;
  /** Offset of the member's key; -1 for array elements. */
  readonly keyStart: number;
  readonly start: number;
  readonly end: number;
  readonly kind: PlaceKind;
  /** A related file (the data file of a data include), or -1. */
  readonly related: number;
}

/** Numbers per record: file, keyStart, start, end, kind, related. */
const STRIDE = 6;

/** The places of one traced evaluation. */
export class ValueTrace {
  /** The files of the run, root first. */
  readonly files: TracedFile[] = [];
  private readonly places = new WeakMap<object, number[]>();
  /** Containers whose every child has the same record. */
  private readonly uniform = new WeakMap<object, number[]>();
  /** Record arrays several containers point at (copied before one of them is written). */
  private readonly shared = new WeakSet<number[]>();
  /** Shared record arrays by what they describe (an object literal) and file. */
  private readonly shapes = new Map<object, { readonly file: number; readonly records: number[] }>();

  constructor(root: TracedFile) {
    this.files.push(root);
  }

  /** Add a file; returns its index. */
  addFile(file: TracedFile): number {
    return this.files.push(file) - 1;
  }

  /** Record that child `index` of `container` was produced by `[start, end)` of file `file`. */
  record(container: object, index: number, file: number, keyStart: number, start: number, end: number, kind: PlaceKind = PLACE_KIND.plain, related = -1): void {
    if (index < 0) return;
    let p = this.places.get(container);
    if (p === undefined || this.shared.has(p)) this.places.set(container, (p = p === undefined ? [] : [...p]));
    writeRecord(p, index, file, keyStart, start, end, kind, related);
  }

  /** Every child of `container` was produced by `[start, end)` of file `file` (the body of a map). */
  recordAll(container: object, file: number, start: number, end: number): void {
    const p: number[] = [];
    writeRecord(p, 0, file, -1, start, end, PLACE_KIND.plain, -1);
    this.uniform.set(container, p);
  }

  /**
   * Give `container` the records `build` makes for `key` in `file` (built
   * once per key and file, then shared by every container made from it).
   * `build` fills the array it is given with {@link writeRecord}.
   */
  recordShape(container: object, key: object, file: number, build: (records: number[]) => void): void {
    let shape = this.shapes.get(key);
    if (shape === undefined || shape.file !== file) {
      const records: number[] = [];
      build(records);
      this.shared.add(records);
      this.shapes.set(key, (shape = { file, records }));
    }
    this.places.set(container, shape.records);
  }

  /** Give child `to` of `target` the record of child `from` of `source` (a merge or a preset copy); nothing when it has none. */
  copy(source: object, from: number, target: object, to: number): void {
    const r = this.place(source, from);
    if (r !== undefined) this.record(target, to, r.file, r.keyStart, r.start, r.end, r.kind, r.related);
  }

  /** `copy` stands for `original` with the same children at the same positions (an included value adopted by its includer). */
  alias(original: object, copy: object): void {
    const p = this.places.get(original);
    if (p !== undefined) {
      this.shared.add(p);
      this.places.set(copy, p);
    }
    const u = this.uniform.get(original);
    if (u !== undefined) this.uniform.set(copy, u);
  }

  /** The record of child `index` of `container`, if one was made. */
  place(container: object, index: number): RecordedPlace | undefined {
    let p = this.places.get(container);
    let o = index * STRIDE;
    if (p === undefined) {
      p = this.uniform.get(container);
      o = 0;
    }
    if (p === undefined || o + STRIDE > p.length || (p[o] as number) < 0) return undefined;
    return {
      file: p[o] as number,
      keyStart: p[o + 1] as number,
      start: p[o + 2] as number,
      end: p[o + 3] as number,
      kind: p[o + 4] as PlaceKind,
      related: p[o + 5] as number,
    };
  }
}

/** Write one record at child `index` of `p` (gaps before it read as "no record"). */
export function writeRecord(p: number[], index: number, file: number, keyStart: number, start: number, end: number, kind: PlaceKind, related: number): void {
  const o = index * STRIDE;
  while (p.length < o) p.push(-1);
  p[o] = file;
  p[o + 1] = keyStart;
  p[o + 2] = start;
  p[o + 3] = end;
  p[o + 4] = kind;
  p[o + 5] = related;
}
