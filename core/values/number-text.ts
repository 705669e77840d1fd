/**
 * Number text shared by every format (LANGUAGE.md §10.1): ECMAScript
 * `Number::toString`, which is the shortest round-tripping decimal.
 */

/** Text of an integer or float value as JSON and TypeScript write it (`3.0` → `3`, `-0.0` → `0`). */
export function numberText(n: number | bigint): string {
  return String(n);
}

/**
 * Text of a float that must stay a float when read back (YAML, TOML): a `.`
 * is forced (`3` → `3.0`, `1e+21` → `1.0e+21`).
 */
export function floatText(n: number): string {
  const s = String(n);
  if (s.includes(".")) return s;
  const e = s.indexOf("e");
  return e < 0 ? s + ".0" : s.slice(0, e) + ".0" + s.slice(e);
}
