// @ts-check
/**
 * The variables of a value tree, in key order: nested objects are flattened
 * (`NAME_CHILD`), scalars become values, arrays (ranges included) are
 * refused — a .env file has no lists, and guessing a separator would hide
 * the problem. Two keys that end up with one name are refused too.
 */
import { OutputError, kindOf } from "jsson/plugin";
import { checkName, namePart } from "./env-name.js";
import { valueText } from "./env-value.js";

/**
 * @typedef {object} EnvEntry
 * @property {string} name  variable name (`DATABASE_HOST`)
 * @property {string} text  what follows `=` (already quoted)
 */

/**
 * Walk `root` and yield its variables.
 * @param {import("jsson/plugin").ObjectValue} root
 * @returns {Generator<EnvEntry>}
 */
export function* envEntries(root) {
  /** @type {Map<string, string>} variable name → key path that took it */
  const taken = new Map();
  for (const [key, value] of root.entries) yield* walk(value, namePart(key, key, key), key, key, taken);
}

/**
 * @param {import("jsson/plugin").Value} value
 * @param {string} name
 * @param {string} path
 * @param {string} topKey
 * @param {Map<string, string>} taken
 * @returns {Generator<EnvEntry>}
 */
function* walk(value, name, path, topKey, taken) {
  const kind = kindOf(value);
  if (kind === "object") {
    for (const [key, child] of /** @type {import("jsson/plugin").ObjectValue} */ (value).entries)
      yield* walk(child, `${name}_${namePart(key, `${path}.${key}`, topKey)}`, `${path}.${key}`, topKey, taken);
    return;
  }
  if (kind === "array")
    throw new OutputError(`dotenv cannot write arrays: ${JSON.stringify(path)} is an array (a .env value is a single string)`, topKey);
  checkName(name, path, topKey);
  const earlier = taken.get(name);
  if (earlier !== undefined) throw new OutputError(`dotenv: keys ${JSON.stringify(earlier)} and ${JSON.stringify(path)} both become the variable ${name}`, topKey);
  taken.set(name, path);
  yield { name, text: valueText(value, path, topKey) };
}
