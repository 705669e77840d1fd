/**
 * A map expression over a large source, evaluated element by element when an
 * emitter pulls it (LANGUAGE.md §11: streaming is an execution strategy).
 * The body runs in a frozen snapshot of the scope it was written in, so the
 * elements are exactly those an eager evaluation would have produced.
 */
import type { Expr } from "../syntax/ast.js";
import { Scope } from "./scope.js";
import { LazyArray, ObjectValue, type Value } from "./values.js";

/** What a lazy map needs from the evaluator. */
export interface BodyEvaluator {
  expr(e: Expr, scope: Scope): Value;
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

  at(index: number): Value {
    const src = this.source;
    const item = Array.isArray(src) ? (src[index] as Value) : src.at(index);
    return this.apply(item);
  }

  *[Symbol.iterator](): Iterator<Value> {
    for (const item of this.source) yield this.apply(item);
  }

  private apply(item: Value): Value {
    const inner = new Scope(this.scope);
    inner.set(this.param, item);
    return this.evaluator.expr(this.body, inner);
  }
}

/**
 * Evaluate every lazy part of a value tree once, discarding the results, so
 * that any error the source can raise is found before output is committed.
 * Ranges cannot fail and are skipped.
 */
export function forceLazy(v: Value): void {
  if (v === null || typeof v !== "object") return;
  if (v instanceof ObjectValue) {
    for (const x of v.entries.values()) forceLazy(x);
  } else if (Array.isArray(v)) {
    for (const x of v) forceLazy(x);
  } else if (v instanceof LazyMap) {
    for (const x of v) forceLazy(x);
  }
}
