/**
 * A map expression over a large source, evaluated element by element when an
 * emitter pulls it (LANGUAGE.md §11: streaming is an execution strategy).
 * The body runs in a frozen snapshot of the scope it was written in, so the
 * elements are exactly those an eager evaluation would have produced.
 */
import type { Expr } from "../syntax/ast.js";
import type { CostMeter } from "../values/cost-meter.js";
import { IncludedArray } from "../provenance/included-value.js";
import { Scope } from "./scope.js";
import { itemsByIndex, LazyArray, ObjectValue, setObjectWeight, type ItemCharge, type Value } from "../values/values.js";

/** What a lazy map needs from the evaluator. */
export interface BodyEvaluator {
  /** Evaluate a body (as the run's evaluation, whoever pulls it). */
  body(e: Expr, scope: Scope): Value;
}

export class LazyMap extends LazyArray {
  readonly isRange = false;
  readonly length: number;

  constructor(
    private readonly source: Value[] | LazyArray,
    private readonly param: string,
    private readonly body: Expr,
    private readonly evaluator: BodyEvaluator,
    private readonly scope: Scope,
  ) {
    super();
    this.length = source.length;
  }

  override get allObjects(): boolean {
    return this.length > 0 && (this.body.type === "object" || this.body.type === "presetUse");
  }

  at(index: number): Value {
    const src = this.source;
    const inner = new Scope(this.scope);
    inner.set(this.param, Array.isArray(src) ? (src[index] as Value) : src.at(index));
    return this.evaluator.body(this.body, inner);
  }

  [Symbol.iterator](): Iterator<Value> {
    return itemsByIndex(this);
  }
}

/** One evaluated template row: its cells and how many elements it yields. */
export interface BlockRow {
  readonly cells: readonly Value[];
  readonly count: number;
  /** True when some cell is a range value (the row is zipped, §7.3). */
  readonly expands: boolean;
  /** Written-out size of one of its elements (values shared by every element count in each): charged per element pulled. */
  readonly weight: number;
}

/** The elements of an array block's rows (§7.2–§7.3, before the map clause), produced on demand. */
export class LazyRows extends LazyArray {
  readonly isRange = false;

  constructor(
    private readonly rows: readonly BlockRow[],
    /** Template fields; undefined for the implicit form (the element is the cell itself). */
    private readonly fields: readonly string[] | undefined,
    readonly length: number,
    /** The run that made it, charged for every element pulled. */
    private readonly charge?: ItemCharge,
  ) {
    super();
  }

  at(index: number): Value {
    let i = index;
    for (const row of this.rows) {
      if (i < row.count) return this.element(row, i);
      i -= row.count;
    }
    return null;
  }

  [Symbol.iterator](): Iterator<Value> {
    const rows = this.rows;
    const charge = this.charge;
    const meter = charge?.meter;
    const at = meter === undefined || charge === undefined ? 0 : meter.evaluating > 0 ? meter.current : charge.at;
    if (meter !== undefined) meter.current = at;
    let r = 0;
    let k = 0;
    return {
      next: (): IteratorResult<Value> => {
        while (r < rows.length && k >= (rows[r] as BlockRow).count) {
          r++;
          k = 0;
        }
        const row = rows[r];
        if (row === undefined) return { value: undefined, done: true };
        meter?.charge(row.weight, at);
        return { value: this.element(row, k++), done: false };
      },
    };
  }

  private element(row: BlockRow, k: number): Value {
    const fields = this.fields;
    if (fields === undefined) return pick(row, row.cells[0] as Value, k);
    const obj = new ObjectValue();
    for (let i = 0; i < row.cells.length; i++) obj.set(fields[i] as string, pick(row, row.cells[i] as Value, k));
    // Its written-out size, for whoever weighs a value holding it (a map clause's body).
    setObjectWeight(obj, row.weight);
    return obj;
  }
}

/** Element `k` of a row's cell: a range cell of a zipped row gives its k-th item, any other cell itself. */
function pick(row: BlockRow, cell: Value, k: number): Value {
  return row.expands && cell instanceof LazyArray && cell.isRange ? cell.at(k) : cell;
}

/**
 * Evaluate every lazy part of a value tree once, discarding the results, so
 * that any error the source can raise is found before output is committed.
 * Ranges cannot fail and are skipped. Every container visited is charged to
 * `meter` (shared parts are visited once per reference).
 */
export function forceLazy(v: Value, meter: CostMeter): void {
  if (v === null || typeof v !== "object") return;
  meter.charge(1, meter.current);
  if (v instanceof ObjectValue) {
    for (const x of v.values) forceLazy(x, meter);
  } else if (Array.isArray(v)) {
    for (const x of v) forceLazy(x, meter);
  } else if (v instanceof LazyArray && !v.isRange && !(v instanceof IncludedArray && v.infallible)) {
    for (const x of v) forceLazy(x, meter);
  }
}
