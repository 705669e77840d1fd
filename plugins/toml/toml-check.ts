/**
 * Pre-flight check for TOML (LANGUAGE.md §10.4): finds what TOML cannot
 * write — a null array element (error O1) and text with an unpaired UTF-16
 * surrogate (which a source can hold, e.g. from a `"\ud800"` JSON escape in
 * an HTTP request, and which no TOML string can express). Run over the whole
 * tree before the first byte is emitted, so a streamed run never fails
 * half-way.
 */
import { OutputError, OUTPUT_MESSAGES, fillMessage, isLazyArray, isObjectValue, isRangeValue, type LazyArray, type ObjectValue, type Value } from "../../core/plugin/index.js";
import { rememberShape } from "./toml-shape.js";
import { tomlKey } from "./toml-text.js";

type Path = (string | number)[];

/** Throw {@link OutputError} for the first unwritable value, in document order. */
export function checkToml(root: ObjectValue): void {
  visitTable(root, []);
}

/** `String.prototype.isWellFormed` (ES2024, in Node ≥ 20; not yet in the ES2023 typings). */
function isWellFormed(s: string): boolean {
  return (s as unknown as { isWellFormed(): boolean }).isWellFormed();
}

/** A table or inline table at `path`: entries with a null value are not written, so not checked. */
function visitTable(obj: ObjectValue, path: Path): void {
  for (let i = 0, keys = obj.keys, values = obj.values; i < keys.length; i++) {
    const key = keys[i] as string;
    const item = values[i] as Value;
    if (item === null) continue;
    path.push(key);
    if (!isWellFormed(key)) throw unpaired(path);
    visitValue(item, path);
    path.pop();
  }
}

/** A non-null value at `path`. */
function visitValue(v: Value, path: Path): void {
  if (typeof v === "string") {
    if (!isWellFormed(v)) throw unpaired(path);
  } else if (isObjectValue(v)) visitTable(v, path);
  else if (Array.isArray(v) || isLazyArray(v)) visitArray(v, path);
}

function visitArray(arr: Value[] | LazyArray, path: Path): void {
  // Ranges hold only integers or generated strings: nothing to find item by item, and they may be long.
  if (isRangeValue(arr)) {
    // every item is the first one's prefix and ASCII digits: the first item is well-formed when all are
    const first = arr.length > 0 ? arr.at(0) : undefined;
    if (typeof first === "string" && !isWellFormed(first)) throw unpaired(path);
    return;
  }
  let i = 0;
  let allObjects = true;
  for (const item of arr) {
    if (item === null) throw nullInArray(path);
    if (!isObjectValue(item)) allObjects = false;
    if (typeof item === "string" || typeof item === "object") {
      path.push(i);
      visitValue(item, path);
      path.pop();
    }
    i++;
  }
  if (isLazyArray(arr)) rememberShape(arr, allObjects);
}

function topKey(path: Readonly<Path>): string | undefined {
  const top = path[0];
  return typeof top === "string" ? top : undefined;
}

function nullInArray(path: Readonly<Path>): OutputError {
  return new OutputError(fillMessage(OUTPUT_MESSAGES.tomlNullInArray, pathText(path)), topKey(path));
}

function unpaired(path: Readonly<Path>): OutputError {
  return new OutputError(fillMessage(OUTPUT_MESSAGES.tomlUnpairedSurrogate, pathText(path)), topKey(path));
}

/** `a.b[2]."c d"`: keys as TOML writes them, indexes in brackets. */
export function pathText(path: Readonly<Path>): string {
  let s = "";
  for (const seg of path) {
    if (typeof seg === "number") s += "[" + String(seg) + "]";
    else s += (s === "" ? "" : ".") + (isWellFormed(seg) ? tomlKey(seg) : JSON.stringify(seg));
  }
  return s;
}
