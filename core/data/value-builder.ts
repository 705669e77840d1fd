/**
 * What every data reader shares: numbers made exact or refused, values
 * counted and weighed against the budget, arrays and nesting bounded, and
 * the messages of LANGUAGE.md §16.1. A reader passes the 1-based line it is
 * at; the builder raises {@link DataError}s there.
 */
import { CODES, fill, MESSAGES, type CodedMessage } from "../diagnostics/catalogue.js";
import { FloatValue, LazyArray, normalizeInt, ObjectValue, objectWeight, setObjectWeight, type Value } from "../values/values.js";
import type { DataBudget } from "./data-budget.js";
import { DataError } from "./data-error.js";

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

export class ValueBuilder {
  /** Expanded sizes of arrays built here that hold containers (objects carry theirs, see `objectWeight`). */
  private readonly arrayWeights = new WeakMap<Value[], number>();

  /** @param label how messages name the document (`"values.yaml"` as written in the include) */
  constructor(
    readonly budget: DataBudget,
    readonly label: string,
  ) {}

  fail(m: CodedMessage, line: number): never {
    throw new DataError(m, line);
  }

  /** Count `n` values (an element, a member, or an alias written out again). */
  charge(n: number, line: () => number): void {
    const problem = this.budget.charge(n);
    if (problem !== undefined) this.fail({ code: CODES.LIMIT_ITEMS, message: problem }, line());
  }

  /** Refuse nesting deeper than the budget allows. */
  enter(depth: number, line: number): void {
    if (depth > this.budget.maxDepth) this.fail(fill(MESSAGES.nestingTooDeep, this.budget.maxDepth), line);
  }

  /** Refuse an array about to grow past the budget's length. */
  roomFor(items: readonly Value[], line: number): void {
    if (items.length >= this.budget.maxArrayItems) this.fail(fill(MESSAGES.arrayTooLarge, this.budget.maxArrayItems), line);
  }

  /** An exact 64-bit integer, or the §16.1 error. */
  int(n: bigint, line: number): number | bigint {
    if (n < INT64_MIN || n > INT64_MAX) this.fail(fill(MESSAGES.dataIntegerOutOfRange, this.label), line);
    return normalizeInt(n);
  }

  /** A finite float, or the §16.1 error naming the number as written. */
  float(x: number, text: string, line: number): FloatValue {
    if (!Number.isFinite(x)) this.fail(fill(MESSAGES.dataNumberOutOfRange, text, this.label), line);
    return new FloatValue(x);
  }

  duplicate(key: string, line: number): never {
    return this.fail(fill(MESSAGES.dataDuplicateKey, key, this.label), line);
  }

  /** Expanded size of a value built here (1 for a scalar). */
  weightOf(v: Value): number {
    if (v === null || typeof v !== "object") return 1;
    if (v instanceof ObjectValue) return objectWeight(v) || v.size + 1;
    if (v instanceof LazyArray) return v.length + 1;
    if (Array.isArray(v)) return this.arrayWeights.get(v) ?? v.length + 1;
    return 1;
  }

  /** The array of `item(x)` for each of `source`: bounded in length, its elements counted, weighed as {@link array}. */
  arrayOf<T>(source: Iterable<T>, item: (x: T) => Value, line: () => number): Value[] {
    const items: Value[] = [];
    for (const x of source) {
      if (items.length >= this.budget.maxArrayItems) this.roomFor(items, line());
      items.push(item(x));
    }
    return this.array(items, line);
  }

  /** A finished array: its elements counted, its expanded size recorded when it holds containers. */
  array(items: Value[], line: () => number): Value[] {
    this.charge(items.length, line);
    let weight = 1;
    for (const v of items) weight += this.weightOf(v);
    if (weight > items.length + 1) {
      this.arrayWeights.set(items, weight);
      this.budget.weighArray(items, weight);
    }
    return items;
  }

  /** A finished object: its members counted, its expanded size recorded when it holds containers. */
  object(o: ObjectValue, line: () => number): ObjectValue {
    this.charge(o.size, line);
    let weight = 1;
    for (const v of o.values) weight += this.weightOf(v);
    if (weight > o.size + 1) setObjectWeight(o, weight);
    return o;
  }
}
