/**
 * Compare two plain data trees (parsed JSON/YAML/TOML, `toPlainData`
 * output) as data: object key order ignored, numbers by numeric value
 * (`3` = `3.0`, a bigint equals a number of the same value).
 */

/** Options of {@link dataDifference}. */
export interface SameDataOptions {
  /** Treat a `null` member of `expected`'s objects as absent (TOML drops them). */
  readonly nullsInObjectsDropped?: boolean;
  /** Compare numbers as doubles (a parser that reads big integers into doubles). */
  readonly lossyNumbers?: boolean;
}

/** `undefined` when equal, else where and how they first differ (`$.a[2]: 1 ≠ 2`). */
export function dataDifference(actual: unknown, expected: unknown, options: SameDataOptions = {}, path = "$"): string | undefined {
  if (isNumeric(actual) && isNumeric(expected)) {
    const equal = options.lossyNumbers ? Number(actual) === Number(expected) : numericEqual(actual, expected);
    return equal ? undefined : `${path}: ${String(actual)} ≠ ${String(expected)}`;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return `${path}: expected an array, got ${describe(actual)}`;
    if (actual.length !== expected.length) return `${path}: ${actual.length} items ≠ ${expected.length}`;
    for (let i = 0; i < expected.length; i++) {
      const d = dataDifference(actual[i], expected[i], options, `${path}[${i}]`);
      if (d) return d;
    }
    return undefined;
  }
  if (isRecord(expected)) {
    if (!isRecord(actual) || Array.isArray(actual)) return `${path}: expected an object, got ${describe(actual)}`;
    const keep = (o: Record<string, unknown>) => Object.keys(o).filter((k) => !(options.nullsInObjectsDropped && o[k] === null));
    const a = keep(actual).sort();
    const e = keep(expected).sort();
    if (a.join("\0") !== e.join("\0")) return `${path}: keys [${a.join(", ")}] ≠ [${e.join(", ")}]`;
    for (const k of e) {
      const d = dataDifference(actual[k], expected[k], options, `${path}.${k}`);
      if (d) return d;
    }
    return undefined;
  }
  return Object.is(actual, expected) || actual === expected ? undefined : `${path}: ${describe(actual)} ≠ ${describe(expected)}`;
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

function describe(v: unknown): string {
  if (typeof v === "bigint") return `${v}n`;
  if (v instanceof Date) return `date ${v.toISOString()}`;
  return JSON.stringify(v) ?? String(v);
}
