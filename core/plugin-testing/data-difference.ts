/**
 * Comparing the data a format's reader gave back with the data expected of
 * a value shape: the first difference, with its path (`$.keys["a b"]:
 * expected 8, got "8"`), or `undefined` when they agree.
 *
 * Numbers compare by value, not by type: a reader may give an integral
 * float back as an integer (`3.0` is written `3`, LANGUAGE.md §10.1). Zero
 * must come back as zero, never as negative zero. Objects read back as a
 * `Map` must have the expected keys in the expected order; objects read as
 * records, the expected keys in any order (a record cannot keep the order
 * of integer-like keys).
 */
import type { ExpectedData } from "./value-shapes.js";

/** How a format's reader gives data back. */
export interface Reading {
  /**
   * `exact` (default): integers beyond ±(2^53−1) come back as exact
   * bigints; `doubles`: as the nearest JS number (JSON.parse, js-yaml).
   */
  readonly integers?: "exact" | "doubles";
  /** `kept` (default): a null member is read back; `dropped`: the format leaves it out (TOML has no null). */
  readonly nullMembers?: "kept" | "dropped";
}

/** The first difference between `expected` and `got`; `undefined` when they agree. */
export function dataDifference(expected: ExpectedData, got: unknown, reading: Reading, path = "$"): string | undefined {
  const differ = (what: string): string => `${shortPath(path)}: ${what}`;
  if (typeof expected === "number" || typeof expected === "bigint") return numberDifference(expected, got, reading, differ);
  if (expected === null || typeof expected === "boolean" || typeof expected === "string")
    return got === expected ? undefined : differ(`expected ${show(expected)}, got ${show(got)}`);
  if (isArray(expected)) {
    if (!Array.isArray(got)) return differ(`expected an array of ${expected.length}, got ${show(got)}`);
    if (got.length !== expected.length) return differ(`expected ${expected.length} items, got ${got.length}`);
    for (let i = 0; i < expected.length; i++) {
      const d = dataDifference(expected[i] as ExpectedData, got[i], reading, `${path}[${i}]`);
      if (d !== undefined) return d;
    }
    return undefined;
  }
  return objectDifference(entriesOf(expected), got, reading, path);
}

function numberDifference(expected: number | bigint, got: unknown, reading: Reading, differ: (what: string) => string): string | undefined {
  if (typeof got === "number") {
    if (Object.is(got, -0)) return differ(`expected ${show(expected)}, got negative zero (jsson writes -0.0 as 0)`);
    if (typeof expected === "number" && got === expected) return undefined;
    if (typeof expected === "bigint" && reading.integers === "doubles" && got === Number(expected)) return undefined;
    if (typeof expected === "bigint" && got === Number(expected))
      return differ(`expected the exact integer ${expected}, got the double ${got} (a reader that reads integers as doubles says so: integers: "doubles")`);
  } else if (typeof got === "bigint") {
    if (typeof expected === "bigint" ? got === expected : Number.isInteger(expected) && got === BigInt(expected)) return undefined;
  }
  return differ(`expected ${show(expected)}, got ${show(got)}`);
}

function objectDifference(expected: readonly (readonly [string, ExpectedData])[], got: unknown, reading: Reading, path: string): string | undefined {
  const wanted = reading.nullMembers === "dropped" ? expected.filter(([, v]) => v !== null) : expected;
  const wantedKeys = wanted.map(([k]) => k);
  let value: (key: string) => unknown;
  if (got instanceof Map) {
    const gotKeys = [...got.keys()];
    if (gotKeys.length !== wantedKeys.length || gotKeys.some((k, i) => k !== wantedKeys[i]))
      return `${shortPath(path)}: expected the keys ${show(wantedKeys)} in this order, got ${show(gotKeys)}`;
    value = (key) => got.get(key);
  } else if (typeof got === "object" && got !== null && !Array.isArray(got)) {
    const record = got as Record<string, unknown>;
    const gotKeys = Object.keys(record).sort();
    const sorted = [...wantedKeys].sort();
    if (gotKeys.length !== sorted.length || gotKeys.some((k, i) => k !== sorted[i])) {
      const missing = sorted.filter((k) => !Object.hasOwn(record, k));
      const extra = gotKeys.filter((k) => !wantedKeys.includes(k));
      return `${shortPath(path)}: ${missing.length > 0 ? `missing the keys ${show(missing)}` : ""}${missing.length > 0 && extra.length > 0 ? ", " : ""}${extra.length > 0 ? `unexpected keys ${show(extra)}` : ""}`;
    }
    value = (key) => record[key];
  } else {
    return `${shortPath(path)}: expected an object, got ${show(got)}`;
  }
  for (const [key, v] of wanted) {
    const d = dataDifference(v, value(key), reading, childPath(path, key));
    if (d !== undefined) return d;
  }
  return undefined;
}

/** The members of an expected object, in order. */
export function entriesOf(o: ReadonlyMap<string, ExpectedData> | { readonly [key: string]: ExpectedData }): (readonly [string, ExpectedData])[] {
  return o instanceof Map ? [...(o as ReadonlyMap<string, ExpectedData>).entries()] : Object.entries(o);
}

function isArray(x: ExpectedData): x is readonly ExpectedData[] {
  return Array.isArray(x);
}

function childPath(path: string, key: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

/** Deep paths are shortened in messages (the deep shapes nest 100 levels). */
function shortPath(path: string): string {
  return path.length > 120 ? `${path.slice(0, 20)}…${path.slice(-80)}` : path;
}

/** Short printable form of any value (bigints marked with `n`). */
export function show(v: unknown): string {
  if (v === undefined) return "undefined";
  if (typeof v === "bigint") return `${v}n`;
  if (typeof v === "number") return Object.is(v, -0) ? "-0" : String(v);
  if (v instanceof Map) return `Map(${v.size})`;
  try {
    const s = JSON.stringify(v, (_k, x: unknown) => (typeof x === "bigint" ? `${x}n` : x instanceof Map ? Object.fromEntries(x) : x));
    if (s === undefined) return Object.prototype.toString.call(v);
    return s.length > 100 ? s.slice(0, 100) + "…" : s;
  } catch {
    return Object.prototype.toString.call(v);
  }
}
