/** Integer and string ranges (LANGUAGE.md §5), built lazily with their exact length. */
import { fill, MESSAGES } from "../diagnostics/catalogue.js";
import { EvalError } from "../values/eval-error.js";
import type { CodedMessage } from "../diagnostics/catalogue.js";
import { isInt, showValue } from "./operators.js";
import { BigIntRange, IntRange, isRangeValue, StringRange, type ItemCharge, type LazyArray, type Value } from "../values/values.js";

/** Number of items of `start..end step step`, or 0 when the step points away. */
function count(start: bigint, end: bigint, step: bigint): bigint {
  if (step > 0n) return end < start ? 0n : (end - start) / step + 1n;
  return end > start ? 0n : (start - end) / -step + 1n;
}

/** The step: given (refused at `stepAt` with the message `notInt` or `zero` makes), or 1 / -1 towards `to`. */
function stepOf(step: Value | undefined, from: bigint, to: bigint, stepAt: number, notInt: (step: Value) => CodedMessage, zero: () => CodedMessage): bigint {
  if (step === undefined) return from <= to ? 1n : -1n;
  if (!isInt(step)) throw new EvalError(notInt(step), stepAt);
  if (step === 0) throw new EvalError(zero(), stepAt);
  return BigInt(step);
}

/**
 * Build the range `from..to [step]`. `at` is the `..` offset; `stepAt` the
 * step expression's offset; `charge` the run that pays for its items when
 * they are pulled.
 */
export function makeRange(from: Value, to: Value, step: Value | undefined, at: number, stepAt: number, maxItems: number, charge?: ItemCharge): LazyArray {
  if (isRangeValue(from) || isRangeValue(to)) throw new EvalError(fill(MESSAGES.rangeOperand, ".."), at);
  if (typeof from === "string" && typeof to === "string") return stringRange(from, to, step, at, stepAt, maxItems, charge);
  if (!isInt(from) || !isInt(to)) throw new EvalError(fill(MESSAGES.rangeBounds, showValue(from), showValue(to)), at);
  const a = BigInt(from);
  const s = stepOf(step, a, BigInt(to), stepAt, (s) => fill(MESSAGES.stepNotInteger, showValue(s)), () => fill(MESSAGES.stepZero));
  const n = count(a, BigInt(to), s);
  if (n > BigInt(maxItems)) throw new EvalError(fill(MESSAGES.rangeTooLarge, n, maxItems), at);
  const len = Number(n);
  const last = a + (n - 1n) * s;
  const safe = (x: bigint): boolean => x >= -9007199254740991n && x <= 9007199254740991n;
  if (len === 0 || (safe(a) && safe(last) && safe(s))) return new IntRange(Number(a), Number(s), len, charge);
  return new BigIntRange(a, s, len, charge);
}

function splitSuffix(s: string): { prefix: string; digits: string } {
  let i = s.length;
  while (i > 0) {
    const c = s.charCodeAt(i - 1);
    if (c < 48 || c > 57) break;
    i--;
  }
  return { prefix: s.slice(0, i), digits: s.slice(i) };
}

function stringRange(from: string, to: string, step: Value | undefined, at: number, stepAt: number, maxItems: number, charge: ItemCharge | undefined): LazyArray {
  const a = splitSuffix(from);
  const b = splitSuffix(to);
  if (a.digits === "" || b.digits === "") throw new EvalError(fill(MESSAGES.stringRangeSuffix), at);
  if (a.prefix !== b.prefix) throw new EvalError(fill(MESSAGES.stringRangePrefix, a.prefix, b.prefix), at);
  const x = BigInt(a.digits);
  const y = BigInt(b.digits);
  const s = stepOf(step, x, y, stepAt, () => fill(MESSAGES.stringRangeStep), () => fill(MESSAGES.stringRangeStepZero));
  const n = count(x, y, s);
  if (n > BigInt(maxItems)) throw new EvalError(fill(MESSAGES.rangeTooLarge, n, maxItems), at);
  if (x > 9007199254740991n || y > 9007199254740991n) throw new EvalError(fill(MESSAGES.stringRangeNumbersTooLarge), at);
  const width = a.digits.length > 1 && a.digits.startsWith("0") ? a.digits.length : 0;
  return new StringRange(a.prefix, Number(x), Number(s), Number(n), width, charge);
}
