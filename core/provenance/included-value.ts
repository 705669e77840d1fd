/**
 * Values of an included file as the includer sees them (LANGUAGE.md §5, §8):
 * ranges lose their range-ness (they become plain arrays), and errors raised
 * while their lazy parts are produced are the include's errors (§13.3).
 *
 * Nothing is expanded: a range or lazy array becomes an
 * {@link IncludedArray} view of it, so an included file that defines large
 * ranges costs no memory (a copy would hold every element at once), and
 * its items are charged to the run as they are pulled, like the includer's.
 * Only containers on the way to a lazy array are copied, and those were
 * counted against the item limit when the included file made them.
 */
import { StopError, type CostMeter } from "../values/cost-meter.js";
import { EvalError } from "../values/eval-error.js";
import { LazyArray, ObjectValue, objectWeight, setObjectWeight, type Value } from "../values/values.js";

/** How the values of one include are adopted. */
export interface Adoption {
  readonly meter: CostMeter;
  /** Offset of the (outermost) include statement in the root source: where limit errors are named. */
  readonly site: number;
  /** Raise an error of the included file as the include's own (I4). */
  readonly rethrow: (e: EvalError) => never;
  /** Record that `copy` stands for `original` (the evaluator carries its written-out size and, when tracing, its places over). */
  readonly copied: (original: Value[] | ObjectValue, copy: Value[] | ObjectValue) => void;
}

/** The includer's view of an included value (the same value when nothing in it needs changing). */
export function adoptIncluded(v: Value, a: Adoption): Value {
  if (v === null || typeof v !== "object") return v;
  if (v instanceof LazyArray) return new IncludedArray(v, a);
  if (!(v instanceof ObjectValue) && !Array.isArray(v)) return v;
  // the children, copied from the first one adoption changes
  const values = v instanceof ObjectValue ? v.values : v;
  let copy: Value[] | undefined;
  for (let i = 0; i < values.length; i++) {
    a.meter.charge(1, a.site);
    const x = values[i] as Value;
    const y = adoptIncluded(x, a);
    if (y !== x && copy === undefined) copy = values.slice(0, i);
    copy?.push(y);
  }
  if (copy === undefined) return v;
  if (Array.isArray(v)) {
    a.copied(v, copy);
    return copy;
  }
  const out = new ObjectValue();
  for (let i = 0; i < copy.length; i++) out.append(v.keys[i] as string, copy[i] as Value);
  setObjectWeight(out, objectWeight(v));
  a.copied(v, out);
  return out;
}

/**
 * A lazy array of an included file, seen from the includer: never a range,
 * items adopted as they are produced, errors raised as the include's.
 */
export class IncludedArray extends LazyArray {
  readonly isRange = false;
  readonly length: number;
  /** True when producing the items cannot fail (a range): a verify pass may skip it. */
  readonly infallible: boolean;

  constructor(
    private readonly source: LazyArray,
    private readonly adoption: Adoption,
  ) {
    super();
    this.length = source.length;
    this.infallible = source.isRange;
  }

  override get allObjects(): boolean {
    return this.source.allObjects;
  }

  at(index: number): Value {
    return this.guard(() => adoptIncluded(this.source.at(index), this.adoption));
  }

  [Symbol.iterator](): Iterator<Value> {
    const a = this.adoption;
    // Pulled by an emitter, the include is what is being expanded; pulled by an expression, that expression is.
    if (a.meter.evaluating === 0) a.meter.current = a.site;
    const inner = this.guard(() => this.source[Symbol.iterator]());
    return {
      next: (): IteratorResult<Value> =>
        this.guard(() => {
          const r = inner.next();
          return r.done === true ? r : { value: adoptIncluded(r.value as Value, a), done: false };
        }),
    };
  }

  /** Run `f`; an error of the included file becomes the include's (a stop of the whole run stays what it is). */
  private guard<T>(f: () => T): T {
    try {
      return f();
    } catch (e) {
      if (e instanceof EvalError && !(e instanceof StopError)) this.adoption.rethrow(e);
      throw e;
    }
  }
}
