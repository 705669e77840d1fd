/**
 * Operator semantics (LANGUAGE.md §4.6–§4.8): int/float arithmetic with exact
 * 64-bit integers, string concatenation, comparison, deep equality,
 * truthiness. Errors are thrown as {@link EvalError} at the operator.
 */
import { fill, MESSAGES } from "../diagnostics/catalogue.js";
import { quoteInMessage } from "../diagnostics/message-text.js";
import { CHARS_PER_UNIT, type CostMeter } from "../values/cost-meter.js";
import { EvalError } from "../values/eval-error.js";
import { numberText } from "../values/number-text.js";
import { FloatValue, isRangeValue, kindOf, LazyArray, ObjectValue, type Value } from "../values/values.js";

const INT64_MIN = -9223372036854775808n;
const INT64_MAX = 9223372036854775807n;
const SAFE = 2 ** 31;

/** Value as shown inside messages (reference style: strings bare, containers by kind). */
export function showValue(v: Value): string {
  if (typeof v === "string") return quoteInMessage(v);
  return typeof v === "object" && v !== null && !(v instanceof FloatValue) ? kindOf(v) : toText(v, 0);
}

/** Text of a value in concatenation and interpolation (§4.6). */
export function toText(v: Value, at: number): string {
  if (typeof v === "string") return v;
  if (v === null) return "null";
  if (typeof v === "number" || typeof v === "bigint" || typeof v === "boolean") return String(v);
  if (v instanceof FloatValue) return numberText(v.value);
  throw new EvalError(fill(MESSAGES.cannotConvert, kindOf(v)), at);
}

export function isTruthy(v: Value): boolean {
  if (v === null || v === false || v === 0 || v === "") return false;
  if (v instanceof FloatValue) return v.value !== 0;
  return true;
}

export function isInt(v: Value): v is number | bigint {
  return typeof v === "number" || typeof v === "bigint";
}

function checkInt(r: bigint, at: number): number | bigint {
  if (r < INT64_MIN || r > INT64_MAX) throw new EvalError(fill(MESSAGES.integerOverflow), at);
  return r >= -9007199254740991n && r <= 9007199254740991n ? Number(r) : r;
}

function checkFloat(x: number, at: number): FloatValue {
  if (!Number.isFinite(x)) throw new EvalError(fill(MESSAGES.numberOutOfRange), at);
  return new FloatValue(x);
}

/**
 * R3, naming the operands' types (`string * integer`, `array + string`: a mix
 * `+` cannot compose, §16.3): the values are on the source line the error points at.
 */
export function unsupported(l: Value, op: string, r: Value, at: number): never {
  throw new EvalError(fill(MESSAGES.unsupportedOperation, kindOf(l), op, kindOf(r)), at);
}

/** R5: a range is not an operand. */
export function rangeOperand(op: string, at: number): never {
  throw new EvalError(fill(MESSAGES.rangeOperand, op), at);
}

/** `+ - * / %` (§4.6). `maxString` bounds concatenation. */
export function arithmetic(op: "+" | "-" | "*" | "/" | "%", l: Value, r: Value, at: number, maxString: number): Value {
  if (isRangeValue(l) || isRangeValue(r)) rangeOperand(op, at);
  if (typeof l === "number" && typeof r === "number") {
    switch (op) {
      case "+": {
        const x = l + r;
        return Number.isSafeInteger(x) ? x : checkInt(BigInt(l) + BigInt(r), at);
      }
      case "-": {
        const x = l - r;
        return Number.isSafeInteger(x) ? x : checkInt(BigInt(l) - BigInt(r), at);
      }
      case "*": {
        const x = l * r;
        return Number.isSafeInteger(x) ? x : checkInt(BigInt(l) * BigInt(r), at);
      }
      case "/":
        if (r === 0) byZero(op, at);
        if (Math.abs(l) < SAFE && Math.abs(r) < SAFE) return Math.trunc(l / r) + 0;
        return checkInt(BigInt(l) / BigInt(r), at);
      case "%":
        if (r === 0) byZero(op, at);
        return (l % r) + 0;
    }
  }
  if (op === "+" && (typeof l === "string" || typeof r === "string")) {
    const s = toText(l, at) + toText(r, at);
    if (s.length > maxString) throw new EvalError(fill(MESSAGES.stringTooLong, maxString), at);
    return s;
  }
  if (isInt(l) && isInt(r)) {
    const a = BigInt(l);
    const b = BigInt(r);
    if (b === 0n && (op === "/" || op === "%")) byZero(op, at);
    return checkInt(op === "+" ? a + b : op === "-" ? a - b : op === "*" ? a * b : op === "/" ? a / b : a % b, at);
  }
  const a = numeric(l);
  const b = numeric(r);
  if (a === undefined || b === undefined) unsupported(l, op, r, at);
  if (b === 0 && (op === "/" || op === "%")) byZero(op, at);
  return checkFloat(op === "+" ? a + b : op === "-" ? a - b : op === "*" ? a * b : op === "/" ? a / b : a % b, at);
}

/** R1/R2: division or modulo by zero. */
function byZero(op: "/" | "%", at: number): never {
  throw new EvalError(fill(op === "/" ? MESSAGES.divisionByZero : MESSAGES.moduloByZero), at);
}

function numeric(v: Value): number | undefined {
  if (typeof v === "number") return v;
  if (typeof v === "bigint") return Number(v);
  if (v instanceof FloatValue) return v.value;
  return undefined;
}

/** Unary minus (§4.6): numbers only (R3, as the reference's `0 - e`, but naming what was negated). */
export function negate(v: Value, at: number): Value {
  if (isRangeValue(v)) rangeOperand("-", at);
  if (typeof v === "number") return v === 0 ? 0 : -v;
  if (typeof v === "bigint") return checkInt(-v, at);
  if (v instanceof FloatValue) return new FloatValue(-v.value);
  throw new EvalError(fill(MESSAGES.cannotNegate, kindOf(v)), at);
}

/**
 * Deep equality (§4.7). Every element and entry visited, and every
 * {@link CHARS_PER_UNIT} characters of strings compared, is charged to
 * `meter` at `at`, so comparing huge values stops at the run's deadline.
 */
export function equals(a: Value, b: Value, meter: CostMeter, at: number): boolean {
  meter.charge(1, at);
  if (typeof a === "string") {
    // A native comparison, bounded by the string limit: charged before it runs.
    if (typeof b === "string" && a.length === b.length) meter.charge(a.length / CHARS_PER_UNIT, at);
    return a === b;
  }
  if (a === b) return true;
  const na = numeric(a);
  if (na !== undefined) {
    const nb = numeric(b);
    if (nb === undefined) return false;
    if (typeof a === "bigint" || typeof b === "bigint") {
      if (a instanceof FloatValue || b instanceof FloatValue) return na === nb;
      return BigInt(a as number | bigint) === BigInt(b as number | bigint);
    }
    return na === nb;
  }
  if (a instanceof ObjectValue) {
    if (!(b instanceof ObjectValue) || a.size !== b.size) return false;
    for (let i = 0, keys = a.keys, values = a.values; i < keys.length; i++) {
      const k = keys[i] as string;
      const v = values[i] as Value;
      const w = b.get(k);
      if (w === undefined || !equals(v, w, meter, at)) return false;
    }
    return true;
  }
  if (Array.isArray(a) || a instanceof LazyArray) {
    if (!(Array.isArray(b) || b instanceof LazyArray) || a.length !== b.length) return false;
    const ia = a[Symbol.iterator]();
    const ib = b[Symbol.iterator]();
    for (;;) {
      const x = ia.next();
      const y = ib.next();
      if (x.done || y.done) return true;
      if (!equals(x.value as Value, y.value as Value, meter, at)) return false;
    }
  }
  return false;
}

/**
 * `< > <= >=` (§4.7): numbers across int/float, strings by code point.
 * Characters compared are charged to `meter` at `chargeAt` (where the run's
 * limit errors are named; `at` names this file's errors).
 */
export function compare(op: "<" | ">" | "<=" | ">=", l: Value, r: Value, at: number, meter: CostMeter, chargeAt: number): boolean {
  if (isRangeValue(l) || isRangeValue(r)) rangeOperand(op, at);
  let c: number;
  const a = numeric(l);
  const b = numeric(r);
  if (a !== undefined && b !== undefined) {
    // two integers, one beyond 2^53: compared exactly
    if ((typeof l === "bigint" || typeof r === "bigint") && isInt(l) && isInt(r)) {
      const x = BigInt(l);
      const y = BigInt(r);
      c = x < y ? -1 : x > y ? 1 : 0;
    } else c = a < b ? -1 : a > b ? 1 : 0;
  } else if (typeof l === "string" && typeof r === "string") {
    c = compareCodePoints(l, r, meter, chargeAt);
  } else {
    throw new EvalError(fill(MESSAGES.cannotCompare, showValue(l), showValue(r)), at);
  }
  return op === "<" ? c < 0 : op === ">" ? c > 0 : op === "<=" ? c <= 0 : c >= 0;
}

/** Characters compared between two charges. */
const COMPARE_SLICE = 1024;

function compareCodePoints(a: string, b: string, meter: CostMeter, at: number): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (i % COMPARE_SLICE === 0) meter.charge(COMPARE_SLICE / CHARS_PER_UNIT, at);
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // Surrogates (astral code points) sort above the rest of the BMP.
    const sx = x >= 0xd800 && x <= 0xdfff;
    const sy = y >= 0xd800 && y <= 0xdfff;
    if (sx !== sy) return sx ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}
