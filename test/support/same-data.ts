/**
 * The one place tests compare data. Every function takes what was expected
 * first and what came back second, and returns `undefined` when they agree,
 * else the first difference with its path (`$.a[2]: expected 1, got 2`).
 *
 * - {@link dataDifference}: a value tree against the data a reader got back
 *   from emitted text, as strictly as that reader allows ({@link Reading});
 * - {@link valueDifference}: two value trees, strictly;
 * - {@link plainDataDifference}: two plain data trees (parsed JSON/YAML/TOML,
 *   `toPlainData` output), object key order ignored, numbers by value.
 *
 * Readings of {@link dataDifference}:
 *
 * - `exact-json` (objects as Maps, integers as bigint): key order, and every
 *   integer exactly; a float may come back as an integer when it is integral
 *   (JSON writes `3.0` as `3`, LANGUAGE.md §10.1);
 * - `toml` (integers as bigint): integers exact and int/float types kept;
 *   table entries whose value is null are absent (§10.4);
 * - `js-numbers` (js-yaml, evaluated TypeScript): numbers as JS numbers, so
 *   integers outside ±2^53 compare after rounding; key order is not compared.
 *
 * `-0.0` and `0.0` are the same float (both are written `0`).
 */
import { type Value } from "../../core/plugin/index.js";
import { FloatValue, LazyArray, ObjectValue } from "../../core/values/values.js";

/** How a reader gives data back (see {@link dataDifference}). */
export type Reading = "exact-json" | "js-numbers" | "toml";

/** The first difference between `expected` and `got`, described with its path; `undefined` when they agree. */
export function dataDifference(expected: Value, got: unknown, reading: Reading, path = "$"): string | undefined {
  const differ = (what: string): string => `${path}: ${what}`;
  if (expected === null || typeof expected === "boolean" || typeof expected === "string") {
    return Object.is(expected, got) ? undefined : differ(`expected ${show(expected)}, got ${show(got)}`);
  }
  if (typeof expected === "number" || typeof expected === "bigint") {
    if (reading === "js-numbers") return got === Number(expected) ? undefined : differ(`expected integer ${expected}, got ${show(got)}`);
    return typeof got === "bigint" && got === BigInt(expected) ? undefined : differ(`expected integer ${expected}, got ${show(got)}`);
  }
  if (expected instanceof FloatValue) {
    const x = expected.value;
    if (typeof got === "number" && (got === x || (got === 0 && x === 0))) return undefined;
    if (reading === "exact-json" && typeof got === "bigint" && Number.isInteger(x) && Number(got) === x) return undefined;
    return differ(`expected float ${String(x)}, got ${show(got)}`);
  }
  if (expected instanceof ObjectValue) return objectDifference(expected, got, reading, path);
  const items: Value[] = expected instanceof LazyArray ? [...expected] : expected;
  if (!Array.isArray(got)) return differ(`expected an array of ${items.length}, got ${show(got)}`);
  if (got.length !== items.length) return differ(`expected ${items.length} items, got ${got.length}`);
  for (let i = 0; i < items.length; i++) {
    const d = dataDifference(items[i] as Value, got[i], reading, `${path}[${i}]`);
    if (d !== undefined) return d;
  }
  return undefined;
}

function objectDifference(expected: ObjectValue, got: unknown, reading: Reading, path: string): string | undefined {
  const wanted = [...expected.entries].filter(([, v]) => !(reading === "toml" && v === null));
  if (reading === "exact-json") {
    if (!(got instanceof Map)) return `${path}: expected an object, got ${show(got)}`;
    const gotKeys = [...got.keys()];
    const wantedKeys = wanted.map(([k]) => k);
    if (gotKeys.length !== wantedKeys.length || gotKeys.some((k, i) => k !== wantedKeys[i]))
      return `${path}: expected keys ${show(wantedKeys)} in this order, got ${show(gotKeys)}`;
    for (const [k, v] of wanted) {
      const d = dataDifference(v, got.get(k), reading, childPath(path, k));
      if (d !== undefined) return d;
    }
    return undefined;
  }
  if (typeof got !== "object" || got === null || Array.isArray(got) || got instanceof Date)
    return `${path}: expected an object, got ${show(got)}`;
  const record = got as Record<string, unknown>;
  const gotKeys = Object.keys(record).sort();
  const wantedKeys = wanted.map(([k]) => k).sort();
  if (gotKeys.length !== wantedKeys.length || gotKeys.some((k, i) => k !== wantedKeys[i]))
    return `${path}: expected keys ${show(wantedKeys)}, got ${show(gotKeys)}`;
  for (const [k, v] of wanted) {
    const d = dataDifference(v, record[k], reading, childPath(path, k));
    if (d !== undefined) return d;
  }
  return undefined;
}

function childPath(path: string, key: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

/** Short printable form of any value (bigints marked with `n`). */
function show(v: unknown): string {
  if (v === undefined) return "undefined";
  if (typeof v === "bigint") return `${v}n`;
  if (typeof v === "number") return Object.is(v, -0) ? "-0" : String(v);
  if (v instanceof Map) return `Map(${v.size})`;
  if (v instanceof Date) return `Date(${v.toISOString()})`;
  try {
    const s = JSON.stringify(v, (_k, x: unknown) => (typeof x === "bigint" ? `${x}n` : x));
    return s === undefined ? String(v) : s.length > 120 ? s.slice(0, 120) + "…" : s;
  } catch {
    return Object.prototype.toString.call(v);
  }
}

/**
 * The first difference between two value trees, strictly: kinds (integer vs
 * float), integer values, key order, array lengths. Lazy and eager arrays
 * with the same items are equal.
 */
export function valueDifference(expected: Value, got: Value, path = "$"): string | undefined {
  const differ = (what: string): string => `${path}: ${what}`;
  if (expected instanceof FloatValue) {
    if (!(got instanceof FloatValue)) return differ(`expected float ${String(expected.value)}, got ${showValue(got)}`);
    return got.value === expected.value ? undefined : differ(`expected float ${String(expected.value)}, got float ${String(got.value)}`);
  }
  if (typeof expected === "number" || typeof expected === "bigint") {
    if (typeof got !== "number" && typeof got !== "bigint") return differ(`expected integer ${expected}, got ${showValue(got)}`);
    if (typeof got !== typeof expected) return differ(`integer ${expected} is held as a ${typeof got} (not canonical)`);
    return got === expected ? undefined : differ(`expected integer ${expected}, got ${got}`);
  }
  if (expected === null || typeof expected === "boolean" || typeof expected === "string")
    return Object.is(expected, got) ? undefined : differ(`expected ${show(expected)}, got ${showValue(got)}`);
  if (expected instanceof ObjectValue) {
    if (!(got instanceof ObjectValue)) return differ(`expected an object, got ${showValue(got)}`);
    const ek = [...expected.entries.keys()];
    const gk = [...got.entries.keys()];
    if (ek.length !== gk.length || ek.some((k, i) => k !== gk[i])) return differ(`expected keys ${show(ek)}, got ${show(gk)}`);
    for (const [k, v] of expected.entries) {
      const d = valueDifference(v, got.entries.get(k) as Value, childPath(path, k));
      if (d !== undefined) return d;
    }
    return undefined;
  }
  const items: Value[] = expected instanceof LazyArray ? [...expected] : expected;
  if (!Array.isArray(got) && !(got instanceof LazyArray)) return differ(`expected an array, got ${showValue(got)}`);
  const gotItems: Value[] = got instanceof LazyArray ? [...got] : got;
  if (gotItems.length !== items.length) return differ(`expected ${items.length} items, got ${gotItems.length}`);
  for (let i = 0; i < items.length; i++) {
    const d = valueDifference(items[i] as Value, gotItems[i] as Value, `${path}[${i}]`);
    if (d !== undefined) return d;
  }
  return undefined;
}

function showValue(v: Value): string {
  if (v instanceof FloatValue) return `float ${String(v.value)}`;
  if (v instanceof ObjectValue) return `object(${v.size})`;
  if (v instanceof LazyArray) return `lazy array(${v.length})`;
  return show(v);
}

/** Options of {@link plainDataDifference}. */
export interface PlainDataOptions {
  /** Treat a `null` member of `expected`'s objects as absent (TOML drops them). */
  readonly nullsInObjectsDropped?: boolean;
  /** Compare numbers as doubles (a parser that reads big integers into doubles). */
  readonly lossyNumbers?: boolean;
  /** A bigint never equals a number, whatever their values (a reader that keeps integers and floats apart). */
  readonly strictNumbers?: boolean;
}

/**
 * The first difference between two plain data trees: object key order
 * ignored, numbers by numeric value (`3` = `3.0`, a bigint equals a number of
 * the same value; with `lossyNumbers`, both as doubles; with `strictNumbers`,
 * only the same type and value). Very deep paths are shortened in the message.
 */
export function plainDataDifference(expected: unknown, actual: unknown, options: PlainDataOptions = {}, path = "$"): string | undefined {
  const differ = (what: string): string => `${path.length > 200 ? "…" + path.slice(-200) : path}: ${what}`;
  if (isNumeric(actual) && isNumeric(expected)) {
    const equal = options.lossyNumbers
      ? Number(actual) === Number(expected)
      : options.strictNumbers
        ? typeof actual === typeof expected && (actual === expected || (Number.isNaN(actual) && Number.isNaN(expected)))
        : numericEqual(actual, expected);
    return equal ? undefined : differ(`expected ${show(expected)}, got ${show(actual)}`);
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return differ(`expected an array, got ${show(actual)}`);
    if (actual.length !== expected.length) return differ(`expected ${expected.length} items, got ${actual.length}`);
    for (let i = 0; i < expected.length; i++) {
      const d = plainDataDifference(expected[i], actual[i], options, `${path}[${i}]`);
      if (d !== undefined) return d;
    }
    return undefined;
  }
  if (isRecord(expected)) {
    if (!isRecord(actual)) return differ(`expected an object, got ${show(actual)}`);
    const keep = (o: Record<string, unknown>) => Object.keys(o).filter((k) => !(options.nullsInObjectsDropped && o[k] === null));
    const e = keep(expected).sort();
    const a = keep(actual).sort();
    if (a.join("\0") !== e.join("\0")) return differ(`expected keys ${show(e)}, got ${show(a)}`);
    for (const k of e) {
      const d = plainDataDifference(expected[k], actual[k], options, childPath(path, k));
      if (d !== undefined) return d;
    }
    return undefined;
  }
  return Object.is(actual, expected) || actual === expected ? undefined : differ(`expected ${show(expected)}, got ${show(actual)}`);
}

function isNumeric(v: unknown): v is number | bigint {
  return typeof v === "number" || typeof v === "bigint";
}

function numericEqual(a: number | bigint, b: number | bigint): boolean {
  if (typeof a === typeof b) return a === b || (typeof a === "number" && Number.isNaN(a) && Number.isNaN(b as number));
  const [big, num] = typeof a === "bigint" ? [a, b as number] : [b as bigint, a];
  return Number.isInteger(num) && BigInt(num) === big;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
