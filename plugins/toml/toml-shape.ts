/**
 * Which arrays TOML writes as arrays of tables: the non-empty ones whose
 * elements are all objects (LANGUAGE.md §10.4).
 */
import { isObjectValue, isRangeValue, type LazyArray, type Value } from "../../core/plugin/index.js";

/**
 * Shapes of lazy arrays already classified (by the pre-flight check or an
 * earlier question), so a lazily produced sequence is not generated an extra
 * time just to decide its layout. Weak: entries go with their arrays.
 */
const lazyShapes = new WeakMap<LazyArray, boolean>();

/** Record the shape of a lazy array found while traversing it anyway. */
export function rememberShape(arr: LazyArray, allObjects: boolean): void {
  lazyShapes.set(arr, allObjects && arr.length > 0);
}

/** True when `arr` is written as an array of tables (`[[path]]` sections). */
export function isArrayOfTables(arr: Value[] | LazyArray): boolean {
  if (arr.length === 0) return false;
  if (Array.isArray(arr)) {
    for (let i = 0; i < arr.length; i++) if (!isObjectValue(arr[i])) return false;
    return true;
  }
  // Ranges hold only integers or strings: no need to look.
  if (isRangeValue(arr as Value)) return false;
  if (arr.allObjects) return true;
  let known = lazyShapes.get(arr);
  if (known === undefined) {
    known = true;
    for (const item of arr)
      if (!isObjectValue(item)) {
        known = false;
        break;
      }
    lazyShapes.set(arr, known);
  }
  return known;
}
