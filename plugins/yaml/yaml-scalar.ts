/**
 * Scalar text for YAML (LANGUAGE.md §10.3): which strings may stay plain,
 * double-quoting with JSON-style escapes, and float text that stays a float.
 */
import { floatText } from "../../core/plugin/index.js";

/** Words YAML 1.1 or 1.2 would read as null or a boolean if written plain. */
const SPECIAL_WORDS: ReadonlySet<string> = new Set(
  "null Null NULL true True TRUE false False FALSE yes Yes YES no No NO on On ON off Off OFF y Y n N".split(" "),
);

/**
 * ASCII classes for the plain-scalar test: 1 = may start a plain scalar
 * (letters, `_`), 2 = may only follow (digits, space, `- . / + ( ) = ; ~ $ ^`).
 */
const ASCII_CLASS = (() => {
  const t = new Uint8Array(128);
  for (let c = 0x41; c <= 0x5a; c++) t[c] = 1;
  for (let c = 0x61; c <= 0x7a; c++) t[c] = 1;
  t[0x5f] = 1;
  for (let c = 0x30; c <= 0x39; c++) t[c] = 2;
  for (const ch of " -./+()=;~$^") t[ch.charCodeAt(0)] = 2;
  return t;
})();

/** The plain-scalar rule for text containing non-ASCII characters (any-script letters, decimal digits). */
const PLAIN_UNICODE = /^[\p{L}_][\p{L}\p{Nd} _\-./+()=;~$^]*$/u;

/** True when `s` may be written as a plain YAML scalar (as a value or a key). */
export function isPlain(s: string): boolean {
  const n = s.length;
  if (n === 0) return false;
  let c = s.charCodeAt(0);
  if (c >= 128) return isPlainUnicode(s);
  if (ASCII_CLASS[c] !== 1) return false;
  for (let i = 1; i < n; i++) {
    c = s.charCodeAt(i);
    if (c >= 128) return isPlainUnicode(s);
    if (ASCII_CLASS[c] === 0) return false;
  }
  if (c === 0x20) return false; // trailing space
  return n > 5 || !SPECIAL_WORDS.has(s);
}

function isPlainUnicode(s: string): boolean {
  return PLAIN_UNICODE.test(s) && s.charCodeAt(s.length - 1) !== 0x20;
}

/**
 * True for a UTF-16 code unit that may not appear literally inside a YAML
 * double-quoted scalar: quote, backslash, C0 controls, DEL and C1 controls,
 * the YAML 1.1 line breaks (NEL, LS, PS), surrogates (checked for pairing by
 * the caller) and the non-characters U+FFFE/U+FFFF.
 */
function needsEscape(c: number): boolean {
  return (
    c < 0x20 ||
    c === 0x22 ||
    c === 0x5c ||
    (c >= 0x7f && c <= 0x9f) ||
    (c >= 0x2028 && c <= 0x2029) ||
    (c >= 0xd800 && c <= 0xdfff) ||
    c >= 0xfffe
  );
}

const HEX = "0123456789abcdef";

function unicodeEscape(c: number): string {
  return "\\u" + HEX[(c >> 12) & 15] + HEX[(c >> 8) & 15] + HEX[(c >> 4) & 15] + HEX[c & 15];
}

/** `s` as a YAML double-quoted scalar, using only escapes JSON also has (`\"` `\\` `\b` `\f` `\n` `\r` `\t` `\uXXXX`). */
export function quoted(s: string): string {
  const n = s.length;
  let i = 0;
  while (i < n && !needsEscape(s.charCodeAt(i))) i++;
  if (i === n) return '"' + s + '"';
  let out = '"' + s.slice(0, i);
  let from = i;
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    if (!needsEscape(c)) continue;
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        i++; // a well-formed pair is written literally
        continue;
      }
    }
    out += s.slice(from, i) + escapeOf(c);
    from = i + 1;
  }
  return out + s.slice(from) + '"';
}

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
      return unicodeEscape(c);
  }
}

/** A string (value or key) as YAML text: plain when safe, else double-quoted. */
export function yamlString(s: string): string {
  return isPlain(s) ? s : quoted(s);
}

/** A float that reads back as a float: always has a `.`; non-finite values use YAML's `.inf`/`.nan`. */
export function yamlFloat(n: number): string {
  if (Number.isFinite(n)) return floatText(n);
  if (Number.isNaN(n)) return ".nan";
  return n > 0 ? ".inf" : "-.inf";
}

/**
 * The chomping indicator for `s` written as a literal block scalar (`|-`
 * no final line break, `|` one, `|+` more), or `undefined` when a block
 * would not read back as exactly `s`: a single-line string, a character a
 * block cannot hold literally (anything {@link quoted} escapes except line
 * feeds and tabs, and the byte-order mark), or a first content line that
 * starts with white space (the reader takes its indentation from that line).
 */
export function blockChomping(s: string): "-" | "" | "+" | undefined {
  const n = s.length;
  let lineStart = true;
  let sawContent = false;
  let breaks = 0;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x0a) {
      breaks++;
      lineStart = true;
      continue;
    }
    if (lineStart && !sawContent && (c === 0x20 || c === 0x09)) return undefined;
    lineStart = false;
    sawContent = true;
    if (c === 0x09) continue;
    if (c === 0xfeff || (needsEscape(c) && c !== 0x22 && c !== 0x5c)) {
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
        const d = s.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) {
          i++;
          continue;
        }
      }
      return undefined;
    }
  }
  if (breaks === 0 || !sawContent) return undefined;
  if (s.charCodeAt(n - 1) !== 0x0a) return "-";
  return n >= 2 && s.charCodeAt(n - 2) === 0x0a ? "+" : "";
}
