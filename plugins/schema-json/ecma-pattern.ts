/**
 * ECMA-262 `pattern` syntax rewritten for RE2 (re2js), so that a schema's
 * pattern means on the linear-time engine what it means in JavaScript
 * (JSON Schema says patterns are ECMA-262 regular expressions; ajv compiles
 * them with the `u` flag):
 *
 * * `\s` / `\S`: ECMA-262 white space and line terminators (U+00A0, U+FEFF,
 *   U+2028, … — RE2's `\s` is only `[\t\n\f\r ]`), in and out of classes.
 * * `.`: anything but a line terminator (`\n`, `\r`, U+2028, U+2029); RE2's
 *   `.` stops only at `\n`.
 * * `\d`, `\w`, `\b`: ASCII in both, copied; `[\b]` is a backspace.
 * * `\p{…}` / `\P{…}`: long general-category names (`Letter`,
 *   `Uppercase_Letter`, …), `General_Category=` / `gc=`, `Script=` / `sc=`
 *   (RE2 names scripts by their long names: `Greek`), `Any`, `ASCII`,
 *   `Assigned`.
 * * `\uXXXX` (surrogate pairs combined), `\u{…}`, `\cX`, `\0`, `[^]`, `[]`.
 *
 * What RE2 cannot do in linear time — backreferences (`\1`, `\k<name>`) and
 * lookaround (`(?=`, `(?!`, `(?<=`, `(?<!`) — and property forms it lacks
 * (`Script_Extensions`) throw {@link UnsupportedPattern} naming the construct.
 */
import { fillMessage, SCHEMA_MESSAGES } from "../../core/plugin/index.js";

/** A construct the linear-time engine cannot run; the message names it. */
export class UnsupportedPattern extends Error {}

const MAX_CODE_POINT = 0x10ffff;

/** ECMA-262 WhiteSpace and LineTerminator code points, as ranges. */
const WHITE_SPACE: readonly (readonly [number, number])[] = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];
const LINE_TERMINATORS: readonly (readonly [number, number])[] = [
  [0x0a, 0x0a],
  [0x0d, 0x0d],
  [0x2028, 0x2029],
];
const ASCII: readonly (readonly [number, number])[] = [[0, 0x7f]];

/** ECMA-262 long general-category names → the short ones RE2 knows. */
const GENERAL_CATEGORIES: Readonly<Record<string, string>> = {
  Letter: "L", Cased_Letter: "LC", Uppercase_Letter: "Lu", Lowercase_Letter: "Ll", Titlecase_Letter: "Lt", Modifier_Letter: "Lm", Other_Letter: "Lo",
  Mark: "M", Combining_Mark: "M", Nonspacing_Mark: "Mn", Spacing_Mark: "Mc", Enclosing_Mark: "Me",
  Number: "N", Decimal_Number: "Nd", digit: "Nd", Letter_Number: "Nl", Other_Number: "No",
  Punctuation: "P", punct: "P", Connector_Punctuation: "Pc", Dash_Punctuation: "Pd", Open_Punctuation: "Ps", Close_Punctuation: "Pe",
  Initial_Punctuation: "Pi", Final_Punctuation: "Pf", Other_Punctuation: "Po",
  Symbol: "S", Math_Symbol: "Sm", Currency_Symbol: "Sc", Modifier_Symbol: "Sk", Other_Symbol: "So",
  Separator: "Z", Space_Separator: "Zs", Line_Separator: "Zl", Paragraph_Separator: "Zp",
  Other: "C", Control: "Cc", Cntrl: "Cc", Format: "Cf", Surrogate: "Cs", Private_Use: "Co", Unassigned: "Cn",
};
const SHORT_CATEGORIES: ReadonlySet<string> = new Set(Object.values(GENERAL_CATEGORIES));

/** Rewrite an ECMA-262 pattern (with the `u` flag) as an RE2 pattern of the same meaning; throws {@link UnsupportedPattern}. */
export function ecmaToRe2(pattern: string): string {
  let out = "";
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === "\\") {
      const [text, used] = escape(pattern, i, inClass);
      out += text;
      i += used - 1;
      continue;
    }
    if (inClass) {
      if (c === "]") inClass = false;
      out += c;
      continue;
    }
    if (c === "[") {
      if (pattern.startsWith("[^]", i)) {
        out += classOf([[0, MAX_CODE_POINT]], false);
        i += 2;
      } else if (pattern.startsWith("[]", i)) {
        out += classOf([[0, MAX_CODE_POINT]], true);
        i += 1;
      } else {
        inClass = true;
        const negated = pattern[i + 1] === "^";
        out += negated ? "[^" : "[";
        if (negated) i++;
      }
      continue;
    }
    if (c === "(" && pattern[i + 1] === "?") {
      const look = /^\(\?(<?[=!])/.exec(pattern.slice(i, i + 4))?.[1];
      if (look !== undefined) throw new UnsupportedPattern(fillMessage(SCHEMA_MESSAGES.lookaround, look.startsWith("<") ? "lookbehind" : "lookahead", look));
    }
    out += c === "." ? classOf(LINE_TERMINATORS, true) : c;
  }
  return out;
}

/** The RE2 text for the escape at `pattern[i]` (a backslash), and how many characters it used. */
function escape(pattern: string, i: number, inClass: boolean): [string, number] {
  const next = pattern[i + 1];
  if (next === undefined) return ["\\", 1];
  switch (next) {
    case "s":
    case "S":
      return [set(WHITE_SPACE, next === "S", inClass), 2];
    case "b":
      return [inClass ? "\\x{8}" : "\\b", 2];
    case "u":
      return unicodeEscape(pattern, i);
    case "c": {
      const letter = pattern[i + 2];
      if (letter !== undefined && /[A-Za-z]/.test(letter)) return [hex(letter.charCodeAt(0) % 32), 3];
      return ["\\c", 2];
    }
    case "k":
      if (pattern[i + 2] === "<") throw new UnsupportedPattern(fillMessage(SCHEMA_MESSAGES.backreference, /^\\k<[^>]*>?/.exec(pattern.slice(i))?.[0] ?? "\\k<…>"));
      return ["k", 2];
    case "p":
    case "P":
      return property(pattern, i, inClass);
    default:
      if (next === "0" && !/[0-9]/.test(pattern[i + 2] ?? "")) return ["\\x{0}", 2];
      if (/[1-9]/.test(next)) {
        if (!inClass) throw new UnsupportedPattern(fillMessage(SCHEMA_MESSAGES.backreference, `\\${/^[1-9][0-9]*/.exec(pattern.slice(i + 1))?.[0] ?? next}`));
      }
      return ["\\" + next, 2];
  }
}

/** `\uXXXX` (a surrogate pair combined), `\u{…}` → `\x{…}`; anything else copied. */
function unicodeEscape(pattern: string, i: number): [string, number] {
  const braced = /^\{([0-9a-fA-F]{1,6})\}/.exec(pattern.slice(i + 2, i + 10));
  if (braced?.[1] !== undefined) return [`\\x{${braced[1]}}`, 2 + braced[0].length];
  const unit = /^[0-9a-fA-F]{4}/.exec(pattern.slice(i + 2, i + 6))?.[0];
  if (unit === undefined) return ["\\u", 2];
  const code = parseInt(unit, 16);
  const low = /^\\u([dD][c-fC-F][0-9a-fA-F]{2})/.exec(pattern.slice(i + 6, i + 12))?.[1];
  if (code >= 0xd800 && code <= 0xdbff && low !== undefined) return [hex(0x10000 + ((code - 0xd800) << 10) + (parseInt(low, 16) - 0xdc00)), 12];
  return [hex(code), 6];
}

/** `\p{…}` / `\P{…}` with ECMA-262 names → RE2's. */
function property(pattern: string, i: number, inClass: boolean): [string, number] {
  const negated = pattern[i + 1] === "P";
  const m = /^\{([A-Za-z0-9_]+)(?:=([A-Za-z0-9_]+))?\}/.exec(pattern.slice(i + 2, i + 80));
  if (m?.[1] === undefined) return [pattern.slice(i, i + 2), 2];
  const used = 2 + m[0].length;
  const [name, value] = [m[1], m[2]];
  const written = pattern.slice(i, i + used);
  let re2Name: string;
  if (value !== undefined) {
    if (name === "General_Category" || name === "gc") re2Name = GENERAL_CATEGORIES[value] ?? value;
    else if (name === "Script" || name === "sc") re2Name = value;
    else throw new UnsupportedPattern(fillMessage(SCHEMA_MESSAGES.unicodeProperty, written));
  } else if (name === "ASCII") return [set(ASCII, negated, inClass), used];
  else if (name === "Assigned") re2Name = "Cn";
  else re2Name = GENERAL_CATEGORIES[name] ?? name;
  const flip = name === "Assigned" && value === undefined ? !negated : negated;
  if (!SHORT_CATEGORIES.has(re2Name) && !/^[A-Z][A-Za-z_]+$/.test(re2Name)) throw new UnsupportedPattern(fillMessage(SCHEMA_MESSAGES.unicodeProperty, written));
  return [`\\${flip ? "P" : "p"}{${re2Name}}`, used];
}

/** A set of code-point ranges: a whole class outside a class, its ranges (complemented if needed) inside one. */
function set(ranges: readonly (readonly [number, number])[], negated: boolean, inClass: boolean): string {
  if (!inClass) return classOf(ranges, negated);
  return body(negated ? complement(ranges) : ranges);
}

function classOf(ranges: readonly (readonly [number, number])[], negated: boolean): string {
  return `[${negated ? "^" : ""}${body(ranges)}]`;
}

function body(ranges: readonly (readonly [number, number])[]): string {
  return ranges.map(([a, b]) => (a === b ? hex(a) : `${hex(a)}-${hex(b)}`)).join("");
}

function complement(ranges: readonly (readonly [number, number])[]): [number, number][] {
  const out: [number, number][] = [];
  let next = 0;
  for (const [a, b] of ranges) {
    if (a > next) out.push([next, a - 1]);
    next = b + 1;
  }
  if (next <= MAX_CODE_POINT) out.push([next, MAX_CODE_POINT]);
  return out;
}

function hex(code: number): string {
  return `\\x{${code.toString(16)}}`;
}
