// @ts-check
/**
 * Variable names: the path of keys to a value, each key upper-cased, joined
 * with `_` (`database { host }` → `DATABASE_HOST`).
 *
 * Inside a key, `-`, `.`, `/`, `:` and spaces become `_` (`"max-conn"` →
 * `MAX_CONN`, `"app.kubernetes.io/name"` → `APP_KUBERNETES_IO_NAME`); any
 * other character outside ASCII letters, digits and `_` is refused, as is an
 * empty key and a name starting with a digit: environment variable names
 * are `[A-Z_][A-Z0-9_]*` for every shell and reader.
 */
import { OutputError } from "jsson/plugin";

const SEPARATORS = /[-./: ]/g;
const NAME_PART = /^[A-Za-z0-9_]+$/;

/**
 * The name part one key contributes.
 * @param {string} key the key as written in the source
 * @param {string} path dotted path of the key, for messages
 * @param {string} topKey the top-level key the error is placed at
 * @returns {string}
 */
export function namePart(key, path, topKey) {
  if (key === "") throw new OutputError(`dotenv cannot name a variable after the empty key at "${path}"`, topKey);
  const part = key.replace(SEPARATORS, "_");
  if (!NAME_PART.test(part))
    throw new OutputError(`dotenv cannot name a variable after key ${JSON.stringify(path)}: use ASCII letters, digits, "_", "-", "." or "/"`, topKey);
  return part.toUpperCase();
}

/**
 * Check a complete name.
 * @param {string} name
 * @param {string} path
 * @param {string} topKey
 */
export function checkName(name, path, topKey) {
  if (/^[0-9]/.test(name)) throw new OutputError(`dotenv variable ${name} (key ${JSON.stringify(path)}) would start with a digit`, topKey);
}
