/**
 * The regular-expression engine given to ajv for `pattern` and
 * `patternProperties`: RE2 semantics (re2js), which matches in time linear
 * in the input, so a hostile pattern such as `(a+)+$` cannot pin a core.
 *
 * Schemas are written for ECMAScript regexes; the common syntax is shared.
 * `\uXXXX` / `\u{X…}` escapes (not RE2 syntax) are rewritten to `\x{…}`.
 * Constructs RE2 lacks (look-around, back-references) fail to compile, which
 * makes the schema a schema error naming the pattern.
 */
import type { RE2JS } from "re2js";
import { SchemaProblem } from "./schema-problem.js";
import { re2Module } from "./lazy-modules.js";

/** What ajv needs from a compiled pattern. */
export interface LinearRegExp {
  test(input: string): boolean;
  toString(): string;
}

/**
 * ajv's `code.regExp` contract: `(pattern, flags) => { test }`, plus a
 * `code` string (only used by ajv's standalone code generation, which we
 * never run).
 */
export interface RegExpFactory {
  (pattern: string, flags: string): LinearRegExp;
  code: string;
}

/** Compile a pattern with RE2 semantics (unanchored search, like `RegExp.prototype.test`). */
export function compileLinear(pattern: string): LinearRegExp {
  let re: RE2JS;
  try {
    re = re2Module().RE2JS.compile(translateEscapes(pattern));
  } catch (e) {
    throw new SchemaProblem(`pattern ${JSON.stringify(pattern)} is not supported: ${e instanceof Error ? e.message : String(e)}`);
  }
  // ajv caches compiled patterns by `toString()`: it must identify the pattern.
  const key = `re2:${pattern}`;
  return { test: (input: string) => re.test(input), toString: () => key };
}

/** The factory handed to ajv (`code: { regExp }`). */
export const linearRegExp: RegExpFactory = Object.assign((pattern: string, _flags: string) => compileLinear(pattern), {
  code: "linearRegExp",
});

/**
 * Rewrite ECMAScript `\uXXXX` (surrogate pairs combined) and `\u{…}`
 * escapes as RE2 `\x{…}`; every other escape is copied unchanged.
 */
export function translateEscapes(pattern: string): string {
  let out = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c !== "\\" || i + 1 >= pattern.length) {
      out += c;
      continue;
    }
    const next = pattern[i + 1];
    if (next !== "u") {
      out += c + next;
      i++;
      continue;
    }
    const braced = /^\{([0-9a-fA-F]{1,6})\}/.exec(pattern.slice(i + 2, i + 10));
    if (braced?.[1] !== undefined) {
      out += `\\x{${braced[1]}}`;
      i += 1 + braced[0].length;
      continue;
    }
    const hex = pattern.slice(i + 2, i + 6);
    if (!/^[0-9a-fA-F]{4}$/.test(hex)) {
      out += c + next;
      i++;
      continue;
    }
    let code = parseInt(hex, 16);
    i += 5;
    const low = /^\\u([dD][c-fC-F][0-9a-fA-F]{2})/.exec(pattern.slice(i + 1, i + 7));
    if (code >= 0xd800 && code <= 0xdbff && low?.[1] !== undefined) {
      code = 0x10000 + ((code - 0xd800) << 10) + (parseInt(low[1], 16) - 0xdc00);
      i += 6;
    }
    out += `\\x{${code.toString(16)}}`;
  }
  return out;
}
