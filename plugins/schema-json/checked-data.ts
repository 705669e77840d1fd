/**
 * The copy of the caller's data that ajv validates. Plain data from
 * `toPlainData` has null-prototype objects (some ajv helpers, e.g. the deep
 * equality behind `uniqueItems`/`enum`/`const`, call `valueOf` on objects)
 * and integers beyond ±2^53 as bigint, which ajv's generated checks
 * (`typeof x == "number"`) do not recognise. The copy has ordinary objects
 * (own keys only, `__proto__` kept as a key) and converts bigints to the
 * nearest double: `type: integer` still holds, and `minimum`/`maximum`
 * compare at double precision. Messages read values from the original, so
 * they print big integers exactly.
 */
import { isFloatValue, isLazyArray, isObjectValue, toPlainData, type Value } from "../../core/plugin/index.js";
import { setOwn, type JsonRecord } from "./own-record.js";

/** Accept a value tree too (a convenience for API users): convert it to plain data first. */
export function asPlainData(data: unknown): unknown {
  if (isObjectValue(data) || isFloatValue(data) || isLazyArray(data)) return toPlainData(data as Value);
  return data;
}

/** The normalised copy described above. */
export function checkedCopy(v: unknown): unknown {
  if (v === null || typeof v === "string" || typeof v === "boolean" || typeof v === "number") return v;
  if (v === undefined) return null;
  if (typeof v === "bigint") return Number(v);
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v)) return v.map(checkedCopy);
  if (typeof v === "object") {
    const out: JsonRecord = {};
    for (const key of Object.keys(v)) {
      const item = (v as JsonRecord)[key];
      if (item !== undefined) setOwn(out, key, checkedCopy(item));
    }
    return out;
  }
  return String(v);
}
