/**
 * The `sortKeys` run option (LANGUAGE.md §16.3): the tree with every
 * object's keys sorted by Unicode code point, recursively, for output that
 * must diff against tools that sort (the reference's Go maps did). Applied
 * by the engine before emitting, so every format — plugins' too — gets it
 * without code of its own. Objects are copied (sorting needs all keys
 * anyway); lazy arrays stay lazy behind a view that sorts each item as it
 * is produced.
 */
import { LazyArray, ObjectValue, type Value } from "../values/values.js";

/** `value` with the keys of every object in it sorted by code point. */
export function sortedView(value: Value): Value {
  if (value === null || typeof value !== "object") return value;
  if (value instanceof ObjectValue) {
    const order = value.keys.map((_, i) => i).sort((a, b) => compareCodePoints(value.keys[a] as string, value.keys[b] as string));
    const out = new ObjectValue();
    for (const i of order) out.append(value.keys[i] as string, sortedView(value.values[i] as Value));
    return out;
  }
  if (Array.isArray(value)) return value.map(sortedView);
  if (value instanceof LazyArray) return value.isRange ? value : new SortedLazyArray(value);
  return value; // FloatValue
}

/**
 * Order of two strings by code point. JavaScript's `<` compares UTF-16 code
 * units, which puts U+E000…U+FFFF after the astral planes; moving the
 * surrogates above them restores code point order.
 */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointRank(x) - codePointRank(y);
  }
  return a.length - b.length;
}

function codePointRank(unit: number): number {
  if (unit < 0xd800) return unit;
  return unit >= 0xe000 ? unit - 0x800 : unit + 0x2000;
}

/** A lazy array whose items are sorted as they are produced. */
class SortedLazyArray extends LazyArray {
  readonly isRange = false;
  readonly length: number;
  constructor(private readonly inner: LazyArray) {
    super();
    this.length = inner.length;
  }
  override get allObjects(): boolean {
    return this.inner.allObjects;
  }
  at(index: number): Value {
    return sortedView(this.inner.at(index));
  }
  *[Symbol.iterator](): Iterator<Value> {
    for (const v of this.inner) yield sortedView(v);
  }
}
