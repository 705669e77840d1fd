/**
 * The regular-expression engine given to ajv for `pattern` and
 * `patternProperties`: RE2 semantics (re2js), which matches in time linear
 * in the input, so a hostile pattern such as `(a+)+$` cannot pin a core.
 *
 * Schemas are written for ECMAScript regexes: each pattern is rewritten to
 * mean the same on RE2 (ecma-pattern.ts). Constructs RE2 lacks
 * (lookaround, backreferences) make the schema a schema error naming the
 * pattern and the construct.
 */
import type { RE2JS } from "re2js";
import { SchemaProblem } from "./schema-problem.js";
import { re2Module } from "./lazy-modules.js";
import { ecmaToRe2 } from "./ecma-pattern.js";
import { fillMessage, SCHEMA_MESSAGES } from "../../core/plugin/index.js";

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
    re = re2Module().RE2JS.compile(ecmaToRe2(pattern));
  } catch (e) {
    throw new SchemaProblem(fillMessage(SCHEMA_MESSAGES.patternNotSupported, JSON.stringify(pattern), e instanceof Error ? e.message : String(e)));
  }
  // ajv caches compiled patterns by `toString()`: it must identify the pattern.
  const key = `re2:${pattern}`;
  return { test: (input: string) => re.test(input), toString: () => key };
}

/** The factory handed to ajv (`code: { regExp }`). */
export const linearRegExp: RegExpFactory = Object.assign((pattern: string, _flags: string) => compileLinear(pattern), {
  code: "linearRegExp",
});
