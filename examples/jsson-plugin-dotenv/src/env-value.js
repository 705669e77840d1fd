// @ts-check
/**
 * Value text and quoting. The target reader is the one built into Node.js
 * (`node --env-file`, `process.loadEnvFile`, `util.parseEnv`); the rules are
 * chosen so that the `dotenv` package, Docker Compose and a POSIX shell's
 * `.` read the same value too. Nothing is escaped with backslashes except a
 * newline as `\n` inside double quotes, because that is the only escape every
 * one of these readers agrees on.
 *
 * 1. Bare when non-empty and free of whitespace, control characters and
 *    `#` `"` `'` `` ` `` `=` `\` `$`.
 * 2. Otherwise, on one line without `'`: in single quotes, taken literally
 *    by every reader (no `$` expansion in Compose or a shell either).
 * 3. Otherwise, without `"`, `\` or `$`: in double quotes, each newline
 *    written as `\n` (so the variable stays on one line).
 * 4. Otherwise in the first of `'`, `` ` ``, `"` that the value does not
 *    contain (`"` only without `\`, which a reader could take for an
 *    escape), newlines kept as they are.
 * 5. The empty string is `""`; `null` is nothing at all (`NAME=`).
 * 6. A value that no quote can hold (it has `'`, `` ` `` and `"` or `\`),
 *    or that contains a carriage return (readers drop it), a NUL
 *    (environment strings cannot hold one) or an unpaired surrogate (not
 *    writable as UTF-8) is refused, naming its key.
 */
import { OutputError, kindOf, numberText } from "jsson/plugin";

const BARE = /^[^\s\p{Cc}#"'`=\\$]+$/u;

/**
 * The text after `NAME=` for a scalar value.
 * @param {import("jsson/plugin").Value} value null, boolean, integer, float or string
 * @param {string} path dotted key path, for messages
 * @param {string} topKey the top-level key errors are placed at
 * @returns {string}
 */
export function valueText(value, path, topKey) {
  switch (kindOf(value)) {
    case "null":
      return "";
    case "boolean":
      return value ? "true" : "false";
    case "integer":
      return numberText(/** @type {number | bigint} */ (value));
    case "float":
      return numberText(/** @type {import("jsson/plugin").FloatValue} */ (value).value);
    case "string":
      return quote(/** @type {string} */ (value), path, topKey);
    default:
      throw new Error(`dotenv: valueText called with a ${kindOf(value)}`);
  }
}

/**
 * Quote a string by the rules above.
 * @param {string} s
 * @param {string} path
 * @param {string} topKey
 * @returns {string}
 */
export function quote(s, path, topKey) {
  if (s === "") return '""';
  if (s.includes("\r")) throw new OutputError(`dotenv cannot write the value of ${JSON.stringify(path)}: it contains a carriage return, which .env readers drop`, topKey);
  if (s.includes("\0")) throw new OutputError(`dotenv cannot write the value of ${JSON.stringify(path)}: it contains a NUL character`, topKey);
  if (/\p{Cs}/u.test(s)) throw new OutputError(`dotenv cannot write the value of ${JSON.stringify(path)}: it contains an unpaired UTF-16 surrogate, which UTF-8 text cannot hold`, topKey);
  if (BARE.test(s)) return s;
  if (!s.includes("\n") && !s.includes("'")) return `'${s}'`;
  if (!/["\\$]/.test(s)) return `"${s.replace(/\n/g, "\\n")}"`;
  if (!s.includes("'")) return `'${s}'`;
  if (!s.includes("`")) return `\`${s}\``;
  if (!/["\\]/.test(s)) return `"${s}"`;
  throw new OutputError(`dotenv cannot write the value of ${JSON.stringify(path)}: it contains ', " and \` (and a backslash), which no .env quoting can hold`, topKey);
}
