/**
 * Inline text pieces of TOML (LANGUAGE.md §10.4): keys, basic strings and
 * floats that keep their type when read back.
 */
import { floatText } from "../../core/plugin/index.js";

/** True when `k` is a TOML bare key (`[A-Za-z0-9_-]+`). */
function isBareKey(k: string): boolean {
  const n = k.length;
  if (n === 0) return false;
  for (let i = 0; i < n; i++) {
    const c = k.charCodeAt(i);
    if (
      !(
        (c >= 0x61 && c <= 0x7a) ||
        (c >= 0x41 && c <= 0x5a) ||
        (c >= 0x30 && c <= 0x39) ||
        c === 0x5f ||
        c === 0x2d
      )
    )
      return false;
  }
  return true;
}

/** A key (or one segment of a header path): bare when possible, else a basic string. */
export function tomlKey(k: string): string {
  return isBareKey(k) ? k : tomlString(k);
}

/** Raised by {@link tomlString} for text TOML cannot hold (an unpaired UTF-16 surrogate). */
export class UnpairedSurrogateError extends Error {}

/** True for code units a basic string may not hold literally (surrogates are then checked for pairing). */
function needsEscape(c: number): boolean {
  return c < 0x20 || c === 0x22 || c === 0x5c || c === 0x7f || (c >= 0xd800 && c <= 0xdfff);
}

const HEX = "0123456789abcdef";

function escapeOf(c: number): string {
  switch (c) {
    case 0x22:
      return '\\"';
    case 0x5c:
      return "\\\\";
    case 0x08:
      return "\\b";
    case 0x0c:
      return "\\f";
    case 0x0a:
      return "\\n";
    case 0x0d:
      return "\\r";
    case 0x09:
      return "\\t";
    default:
      return "\\u00" + HEX[(c >> 4) & 15] + HEX[c & 15];
  }
}

/**
 * `s` as a TOML basic string. Throws {@link UnpairedSurrogateError} for an
 * unpaired surrogate, which no TOML escape can express.
 */
export function tomlString(s: string): string {
  const n = s.length;
  let i = 0;
  while (i < n && !needsEscape(s.charCodeAt(i))) i++;
  if (i === n) return '"' + s + '"';
  let out = '"' + s.slice(0, i);
  let from = i;
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    if (!needsEscape(c)) continue;
    if (c >= 0xd800 && c <= 0xdfff) {
      const d = i + 1 < n ? s.charCodeAt(i + 1) : 0;
      if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
        i++;
        continue;
      }
      throw new UnpairedSurrogateError();
    }
    out += s.slice(from, i) + escapeOf(c);
    from = i + 1;
  }
  return out + s.slice(from) + '"';
}

/** A float that reads back as a float (a `.` is forced); TOML's `inf`/`nan` for non-finite values. */
export function tomlFloat(n: number): string {
  if (Number.isFinite(n)) return floatText(n);
  if (Number.isNaN(n)) return "nan";
  return n > 0 ? "inf" : "-inf";
}
