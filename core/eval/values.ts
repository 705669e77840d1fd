/**
 * The ordered value tree produced by evaluation and read by every emitter.
 *
 * Representation (chosen for speed on large generated data):
 * - `null`, `boolean`, `string` are themselves;
 * - an integer is a JS `number` holding a safe integer, or a `bigint` when it
 *   lies outside ±(2^53-1) (always within signed 64 bits);
 * - a float is a {@link FloatValue} (so `3.0` stays a float);
 * - an array is a JS array, or a {@link LazyArray} (ranges, lazily mapped
 *   sequences) that yields its items on demand;
 * - an object is an {@link ObjectValue}: an insertion-ordered map.
 */
export type Value =
  | null
  | boolean
  | number
  | bigint
  | FloatValue
  | string
  | Value[]
  | LazyArray
  | ObjectValue;

/** The kinds of value an emitter distinguishes. */
export type ValueKind = "null" | "boolean" | "integer" | "float" | "string" | "array" | "object";

/** A double-precision float; wrapped so that `3.0` is not confused with the integer `3`. */
export class FloatValue {
  constructor(readonly value: number) {}
}

/** An insertion-ordered object. Keys keep the position of their first definition. */
export class ObjectValue {
  readonly entries: Map<string, Value>;
  constructor(entries?: Map<string, Value>) {
    this.entries = entries ?? new Map();
  }
  get size(): number {
    return this.entries.size;
  }
  get(key: string): Value | undefined {
    return this.entries.get(key);
  }
  has(key: string): boolean {
    return this.entries.has(key);
  }
  set(key: string, value: Value): void {
    this.entries.set(key, value);
  }
}

/**
 * An array whose items are produced on demand (integer and string ranges, and
 * sequences an evaluator chooses to produce lazily). Iterating twice yields
 * the same items.
 */
export abstract class LazyArray {
  /** Number of items. */
  abstract readonly length: number;
  /** True for range values (flattened in arrays, expanded in template rows). */
  abstract readonly isRange: boolean;
  abstract [Symbol.iterator](): Iterator<Value>;
  /** The item at `index` (0 ≤ index < length). */
  abstract at(index: number): Value;
}

/** An inclusive integer range `start..end step step` (never empty-stepped). */
export class IntRange extends LazyArray {
  readonly isRange = true;
  readonly length: number;
  constructor(
    readonly start: number,
    readonly step: number,
    length: number,
  ) {
    super();
    this.length = length;
  }
  at(index: number): Value {
    return this.start + index * this.step;
  }
  *[Symbol.iterator](): Iterator<Value> {
    const { start, step, length } = this;
    for (let i = 0, v = start; i < length; i++, v += step) yield v;
  }
}

/** An inclusive bigint range, used when a bound lies outside the safe-integer range. */
export class BigIntRange extends LazyArray {
  readonly isRange = true;
  readonly length: number;
  constructor(
    readonly start: bigint,
    readonly step: bigint,
    length: number,
  ) {
    super();
    this.length = length;
  }
  at(index: number): Value {
    return normalizeInt(this.start + BigInt(index) * this.step);
  }
  *[Symbol.iterator](): Iterator<Value> {
    for (let i = 0; i < this.length; i++) yield this.at(i);
  }
}

/** A string range such as `"srv-08".."srv-11"`: prefix + counter, zero-padded to `width`. */
export class StringRange extends LazyArray {
  readonly isRange = true;
  readonly length: number;
  constructor(
    readonly prefix: string,
    readonly start: number,
    readonly step: number,
    length: number,
    readonly width: number,
  ) {
    super();
    this.length = length;
  }
  at(index: number): Value {
    const n = this.start + index * this.step;
    const digits = String(Math.abs(n)).padStart(this.width, "0");
    return this.prefix + (n < 0 ? "-" + digits : digits);
  }
  *[Symbol.iterator](): Iterator<Value> {
    for (let i = 0; i < this.length; i++) yield this.at(i);
  }
}

/** An integer in canonical form: a `number` when safe, else a `bigint`. */
export function normalizeInt(n: bigint): number | bigint {
  return n >= -9007199254740991n && n <= 9007199254740991n ? Number(n) : n;
}

/** The kind of a value. */
export function kindOf(v: Value): ValueKind {
  if (v === null) return "null";
  switch (typeof v) {
    case "boolean":
      return "boolean";
    case "number":
    case "bigint":
      return "integer";
    case "string":
      return "string";
    default:
      if (v instanceof FloatValue) return "float";
      if (v instanceof ObjectValue) return "object";
      return "array";
  }
}

/** True for arrays, eager or lazy. */
export function isArrayValue(v: Value): v is Value[] | LazyArray {
  return Array.isArray(v) || v instanceof LazyArray;
}

/** True for range values (the only values flattened into arrays and expanded in template rows). */
export function isRangeValue(v: Value): v is LazyArray {
  return v instanceof LazyArray && v.isRange;
}

/** Number of items of an array value. */
export function arrayLength(v: Value[] | LazyArray): number {
  return v.length;
}
