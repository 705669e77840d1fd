/**
 * Imported data with its sharing kept (docs/import.md, "Anchors, aliases
 * and merge keys"): where a YAML document shares a value through an anchor,
 * the JSSON names it once with a `:=` variable and uses the name, and a
 * mapping that merges others (`<<`) spreads them (`...name`) before its own
 * members. These are the shapes {@link writeJsson} writes besides plain values.
 */
import type { ObjectValue, Value } from "../values/values.js";

/** A use of the `:=` variable declared at `index` in {@link SharedDocument.declarations}. */
export class VariableUse {
  constructor(
    readonly name: string,
    readonly index: number,
  ) {}
}

/**
 * An object written with spreads before its own members (`...base`, then
 * `k = v`): each spread's members are added in order, a later one replacing
 * an earlier one's value in place, and the own members replace both
 * (LANGUAGE.md §16.3) — the order of keys and the values YAML 1.1 merge keys give.
 */
export class SpreadObject {
  constructor(
    /** In the order they are applied (a later one wins). */
    readonly spreads: readonly Shape[],
    readonly keys: readonly string[],
    readonly values: readonly Shape[],
  ) {}
}

/** An array with sharing inside (a variable use or a spread object among its items, at any depth). */
export class SharedArray {
  constructor(readonly items: readonly Shape[]) {}
}

/** What is written where a value stands. Plain values hold no sharing. */
export type Shape = Value | VariableUse | SpreadObject | SharedArray;

/** True when `s` holds no sharing: written as the data it is. */
export function isPlain(s: Shape): s is Value {
  return !(s instanceof VariableUse || s instanceof SpreadObject || s instanceof SharedArray);
}

/** A `name := value` statement at the top level. */
export interface Declaration {
  readonly name: string;
  readonly shape: Shape;
  /** Where the value stands in the document (comments inside it are looked up from here). */
  readonly path: readonly string[];
}

/** A document's top level and the variables it uses, each declared after those it uses. */
export interface SharedDocument {
  readonly root: ObjectValue | SpreadObject;
  readonly declarations: readonly Declaration[];
}
