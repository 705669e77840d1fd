/**
 * A double written as a JSSON float literal (LANGUAGE.md §2.5: digits, a
 * point, digits; no exponent), which reads back as exactly the same double.
 */

/** `x` (finite) as `[-]digits.digits`, shortest round-trip digits, no exponent; `-0` is `-0.0`. */
export function floatLiteral(x: number): string {
  const sign = x < 0 || Object.is(x, -0) ? "-" : "";
  const text = String(Math.abs(x)); // shortest digits that read back (ECMAScript Number::toString)
  const e = text.indexOf("e");
  if (e < 0) return sign + (text.includes(".") ? text : `${text}.0`);
  const mantissa = text.slice(0, e);
  const exponent = Number(text.slice(e + 1));
  const point = mantissa.indexOf(".");
  const digits = mantissa.replace(".", "");
  // Position of the decimal point within `digits` once the exponent is applied.
  const at = (point < 0 ? mantissa.length : point) + exponent;
  if (at <= 0) return `${sign}0.${"0".repeat(-at)}${digits}`;
  if (at >= digits.length) return `${sign}${digits}${"0".repeat(at - digits.length)}.0`;
  return `${sign}${digits.slice(0, at)}.${digits.slice(at)}`;
}
