/**
 * `multipleOf` as ajv decides it, with ajv's floating-point tolerance and
 * without its overflow hole: with `multipleOfPrecision` ajv tests
 * `|round(q) − q| > ε` for `q = data / divisor`, which is `NaN > ε`, false,
 * when the division overflows (`1e308 / 0.123456789` is `Infinity`), so any
 * huge number passed. Without the option ajv refuses it; so do we.
 */

/** Tolerance on the quotient: `multipleOf: 0.1` accepts 0.3 (0.3 / 0.1 is 2.9999999999999996). */
export const MULTIPLE_OF_EPSILON = 1e-12;

/** Whether `data` is a multiple of `divisor` (a positive number, as the meta-schema requires). */
export function isMultipleOf(data: number, divisor: number): boolean {
  if (divisor === 0) return false;
  const q = data / divisor;
  return Number.isFinite(q) && Math.abs(Math.round(q) - q) <= MULTIPLE_OF_EPSILON;
}
