/**
 * An array literal whose spreads (LANGUAGE.md §16.3) splice in arrays too
 * large to copy at once (ranges and lazy maps past the streaming threshold,
 * §11): its items are produced as an emitter pulls them, segment by
 * segment, so `[...1..5000000, 0]` streams like the range itself. Output is
 * the same as a copy's; each item is charged to the run as it is pulled.
 */
import { itemsByIndex, LazyArray, type ItemCharge, type Value } from "../values/values.js";

/** One run of the literal's items: the plain elements between spreads, or a spliced lazy array. */
export type Segment = readonly Value[] | LazyArray;

export class SplicedArray extends LazyArray {
  readonly isRange = false;
  readonly length: number;
  /** Index of each segment's first item. */
  private readonly starts: number[] = [];

  constructor(
    private readonly segments: readonly Segment[],
    private readonly charge: ItemCharge,
  ) {
    super();
    let n = 0;
    for (const s of segments) {
      this.starts.push(n);
      n += s.length;
    }
    this.length = n;
  }

  at(index: number): Value {
    // binary search for the segment holding `index`
    let lo = 0;
    let hi = this.segments.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.starts[mid] as number) <= index) lo = mid;
      else hi = mid - 1;
    }
    const s = this.segments[lo] as Segment;
    const i = index - (this.starts[lo] as number);
    return s instanceof LazyArray ? s.at(i) : (s[i] as Value);
  }

  [Symbol.iterator](): Iterator<Value> {
    return itemsByIndex(this, this.charge);
  }
}
