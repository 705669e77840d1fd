/**
 * Pre-flight check for TOML (LANGUAGE.md §10.4, error O1): an array element
 * that is null cannot be written. Run over the whole tree before the first
 * byte is emitted, so a streamed run never fails half-way.
 */
import { BigIntRange, IntRange, LazyArray, ObjectValue, OutputError, StringRange, type Value } from "../../core/plugin.js";
import { rememberShape } from "./toml-shape.js";
import { UnpairedSurrogateError, tomlKey } from "./toml-text.js";

/** Throw {@link OutputError} for the first null array element, in document order. */
export function checkToml(root: ObjectValue): void {
  const path: (string | number)[] = [];
  for (const [key, v] of root.entries) {
    if (v === null || typeof v !== "object") continue;
    path.push(key);
    visit(v, path);
    path.pop();
  }
}

/** `path` is the location of `v`: keys and array indexes from the root. */
function visit(v: Value, path: (string | number)[]): void {
  if (v instanceof ObjectValue) {
    for (const [key, item] of v.entries) {
      if (item === null || typeof item !== "object") continue;
      path.push(key);
      visit(item, path);
      path.pop();
    }
    return;
  }
  if (!Array.isArray(v) && !(v instanceof LazyArray)) return; // FloatValue
  // Ranges hold only integers or strings: nothing to find, and they may be long.
  if (v instanceof IntRange || v instanceof StringRange || v instanceof BigIntRange) return;
  let i = 0;
  let allObjects = true;
  for (const item of v) {
    if (item === null) throw nullInArray(path);
    if (typeof item === "object") {
      if (!(item instanceof ObjectValue)) allObjects = false;
      path.push(i);
      visit(item, path);
      path.pop();
    } else allObjects = false;
    i++;
  }
  if (v instanceof LazyArray) rememberShape(v, allObjects);
}

function nullInArray(path: readonly (string | number)[]): OutputError {
  const top = path[0];
  return new OutputError(`TOML cannot represent null (in array at ${pathText(path)})`, typeof top === "string" ? top : undefined);
}

/** `a.b[2]."c d"`: keys as TOML writes them, indexes in brackets. */
export function pathText(path: readonly (string | number)[]): string {
  let s = "";
  for (const seg of path) {
    if (typeof seg === "number") s += "[" + String(seg) + "]";
    else s += (s === "" ? "" : ".") + keyForMessage(seg);
  }
  return s;
}

function keyForMessage(key: string): string {
  try {
    return tomlKey(key);
  } catch (e) {
    if (e instanceof UnpairedSurrogateError) return JSON.stringify(key);
    throw e;
  }
}
