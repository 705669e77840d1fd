import type { CostMeter } from "./cost-meter.js";

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
  /** Its {@link ValueKind}, on the prototype: read by {@link kindOf}, so no class identity is needed (a plugin may import another copy of jsson). */
  get kind(): "float" {
    return "float";
  }
}

/** Objects up to this size find keys by scanning; larger ones build an index when first searched. */
const SCAN_LIMIT = 8;

// Both are set by ObjectValue's static block, the only code that can reach its private field.
/**
 * The evaluator's record of `o`'s written-out size (0 when not recorded:
 * then it is `o.size + 1`). Internal to core: not exported by the plugin API.
 */
export let objectWeight: (o: ObjectValue) => number;
/** Record `o`'s written-out size (see {@link objectWeight}). Internal to core. */
export let setObjectWeight: (o: ObjectValue, weight: number) => void;

/**
 * An insertion-ordered object. Keys keep the position of their first
 * definition. Stored as parallel `keys` / `values` arrays (cheap to build and
 * to walk: generated data makes millions of small objects); emitters may read
 * those arrays directly, in order. `entries` offers the same content as a
 * read-only Map view.
 */
export class ObjectValue {
  /** Keys in insertion order; change them through {@link set} and {@link append} only. */
  readonly keys: readonly string[] = [];
  /** Values, parallel to {@link keys}; change them through {@link set} and {@link append} only. */
  readonly values: readonly Value[] = [];
  /** Key positions, built only when a large object is searched (most objects are built and written, never searched). */
  private index: Map<string, number> | undefined = undefined;
  /**
   * The evaluator's record of this object's size once written out, when it
   * holds containers (0: not recorded, which means `size + 1`). A private
   * field, read and written through {@link objectWeight} and
   * {@link setObjectWeight}, which the plugin API does not export: it is
   * evaluator bookkeeping, not part of the value.
   */
  #weight = 0;

  static {
    objectWeight = (o) => o.#weight;
    setObjectWeight = (o, weight) => {
      o.#weight = weight;
    };
  }

  constructor(entries?: Iterable<readonly [string, Value]>) {
    if (entries) for (const [k, v] of entries) this.set(k, v);
  }

  /** Its {@link ValueKind} (see {@link FloatValue.kind}). */
  get kind(): "object" {
    return "object";
  }

  get size(): number {
    return this.keys.length;
  }

  /** The position of `key` in {@link keys}, or -1. */
  indexOf(key: string): number {
    const keys = this.keys;
    if (keys.length <= SCAN_LIMIT) {
      for (let i = 0; i < keys.length; i++) if (keys[i] === key) return i;
      return -1;
    }
    if (this.index === undefined) {
      const index = new Map<string, number>();
      for (let i = 0; i < keys.length; i++) index.set(keys[i] as string, i);
      this.index = index;
    }
    return this.index.get(key) ?? -1;
  }

  get(key: string): Value | undefined {
    const i = this.indexOf(key);
    return i < 0 ? undefined : this.values[i];
  }

  has(key: string): boolean {
    return this.indexOf(key) >= 0;
  }

  /** Set a key: a new key goes last, an existing one keeps its position. */
  set(key: string, value: Value): void {
    const i = this.indexOf(key);
    if (i >= 0) {
      (this.values as Value[])[i] = value;
      return;
    }
    this.append(key, value);
  }

  /** Add a key the caller knows is not present yet (skips the search). */
  append(key: string, value: Value): void {
    const n = (this.keys as string[]).push(key);
    (this.values as Value[]).push(value);
    if (this.index !== undefined) this.index.set(key, n - 1);
  }

  /** The entries as a read-only Map view, in order. */
  get entries(): ReadonlyMap<string, Value> {
    return new EntriesView(this);
  }
}

/** A read-only Map over an {@link ObjectValue}. */
class EntriesView implements ReadonlyMap<string, Value> {
  constructor(private readonly o: ObjectValue) {}
  get size(): number {
    return this.o.size;
  }
  get(key: string): Value | undefined {
    return this.o.get(key);
  }
  has(key: string): boolean {
    return this.o.has(key);
  }
  forEach(fn: (value: Value, key: string, map: ReadonlyMap<string, Value>) => void): void {
    const { keys, values } = this.o;
    for (let i = 0; i < keys.length; i++) fn(values[i] as Value, keys[i] as string, this);
  }
  *entries(): MapIterator<[string, Value]> {
    const { keys, values } = this.o;
    for (let i = 0; i < keys.length; i++) yield [keys[i] as string, values[i] as Value];
  }
  keys(): MapIterator<string> {
    return this.o.keys[Symbol.iterator]();
  }
  values(): MapIterator<Value> {
    return this.o.values[Symbol.iterator]();
  }
  [Symbol.iterator](): MapIterator<[string, Value]> {
    return this.entries();
  }
}

/**
 * An array whose items are produced on demand (integer and string ranges, and
 * sequences an evaluator chooses to produce lazily). Iterating twice yields
 * the same items.
 */
export abstract class LazyArray {
  /** Its {@link ValueKind} (see {@link FloatValue.kind}). */
  get kind(): "array" {
    return "array";
  }
  /** Number of items. */
  abstract readonly length: number;
  /** True for range values (flattened in arrays, expanded in template rows). */
  abstract readonly isRange: boolean;
  /**
   * True when every item is known to be an object without producing any
   * (a map whose body is an object literal), so a format can choose a layout
   * (TOML's arrays of tables) without generating the items an extra time.
   */
  get allObjects(): boolean {
    return false;
  }
  abstract [Symbol.iterator](): Iterator<Value>;
  /** The item at `index` (0 ≤ index < length). */
  abstract at(index: number): Value;
}

/**
 * Who pays for the items of a lazy array made by a run: the run's meter,
 * and the offset (in the root source) its limit errors name.
 */
export interface ItemCharge {
  readonly meter: CostMeter;
  readonly at: number;
}

/**
 * An iterator over `a.at(0) … a.at(length - 1)`: cheaper per item than a
 * generator. With `charge`, each item is charged to the run's meter as it
 * is produced, so whoever pulls the items (an emitter, a format's check, a
 * comparison, a copy) stops at the run's deadline.
 */
export function itemsByIndex(a: LazyArray, charge?: ItemCharge): Iterator<Value> {
  let i = 0;
  const n = a.length;
  if (charge === undefined) {
    return {
      next: (): IteratorResult<Value> => (i < n ? { value: a.at(i++), done: false } : { value: undefined, done: true }),
    };
  }
  const meter = charge.meter;
  const at = meter.evaluating > 0 ? meter.current : charge.at;
  meter.current = at;
  return {
    next: (): IteratorResult<Value> => {
      if (i >= n) return { value: undefined, done: true };
      meter.charge(1, at);
      return { value: a.at(i++), done: false };
    },
  };
}

/**
 * What the three range classes share: they are ranges, know their length
 * up front, and charge the run that made them for every item pulled.
 */
export abstract class RangeArray extends LazyArray {
  readonly isRange = true;
  constructor(
    readonly length: number,
    /** The run that made it, charged for every item pulled. */
    private readonly charge: ItemCharge | undefined,
  ) {
    super();
  }
  [Symbol.iterator](): Iterator<Value> {
    return itemsByIndex(this, this.charge);
  }
}

/** An inclusive integer range `start..end step step` (never empty-stepped). */
export class IntRange extends RangeArray {
  constructor(
    readonly start: number,
    readonly step: number,
    length: number,
    charge?: ItemCharge,
  ) {
    super(length, charge);
  }
  at(index: number): Value {
    return this.start + index * this.step;
  }
}

/** An inclusive bigint range, used when a bound lies outside the safe-integer range. */
export class BigIntRange extends RangeArray {
  constructor(
    readonly start: bigint,
    readonly step: bigint,
    length: number,
    charge?: ItemCharge,
  ) {
    super(length, charge);
  }
  at(index: number): Value {
    return normalizeInt(this.start + BigInt(index) * this.step);
  }
}

/** A string range such as `"srv-08".."srv-11"`: prefix + counter, zero-padded to `width`. */
export class StringRange extends RangeArray {
  constructor(
    readonly prefix: string,
    readonly start: number,
    readonly step: number,
    length: number,
    readonly width: number,
    charge?: ItemCharge,
  ) {
    super(length, charge);
  }
  at(index: number): Value {
    const n = this.start + index * this.step;
    const digits = String(Math.abs(n)).padStart(this.width, "0");
    return this.prefix + (n < 0 ? "-" + digits : digits);
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
      // by the value's own `kind`, not `instanceof`: the tree may come from another copy of jsson's classes
      return Array.isArray(v) ? "array" : v.kind;
  }
}

/** True for arrays, eager or lazy. */
export function isArrayValue(v: Value): v is Value[] | LazyArray {
  return Array.isArray(v) || brand(v) === "array";
}

/** True for an {@link ObjectValue} (of any copy of jsson: by its `kind`, not its class). */
export function isObjectValue(v: unknown): v is ObjectValue {
  return brand(v) === "object";
}

/** True for a {@link FloatValue} (of any copy of jsson). */
export function isFloatValue(v: unknown): v is FloatValue {
  return brand(v) === "float";
}

/** True for a {@link LazyArray} (ranges and lazily made sequences, of any copy of jsson): iterate it, never copy it into memory. */
export function isLazyArray(v: unknown): v is LazyArray {
  return brand(v) === "array";
}

/** True for range values (the only values flattened into arrays and expanded in template rows). */
export function isRangeValue(v: Value): v is LazyArray {
  return isLazyArray(v) && v.isRange;
}

/** The `kind` a value object carries on its prototype; `undefined` for anything else (plain arrays included). */
function brand(v: unknown): unknown {
  return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as { kind?: unknown }).kind : undefined;
}
