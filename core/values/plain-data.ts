import { isFloatValue, isLazyArray, isObjectValue, type Value } from "./values.js";

/** Plain JSON-like data: what schema validators and data consumers read. */
export type PlainData =
  | null
  | boolean
  | number
  | bigint
  | string
  | PlainData[]
  | { [key: string]: PlainData };

/**
 * Convert a value tree to plain data. Objects become null-prototype records
 * (so `__proto__` is an ordinary key) whose key order is the value's order
 * (integer-like keys aside, which JS objects always put first).
 */
export function toPlainData(v: Value): PlainData {
  if (v === null || typeof v !== "object") return v;
  if (isFloatValue(v)) return v.value;
  if (isObjectValue(v)) {
    const out: { [key: string]: PlainData } = Object.create(null) as { [key: string]: PlainData };
    const { keys, values } = v;
    for (let i = 0; i < keys.length; i++) out[keys[i] as string] = toPlainData(values[i] as Value);
    return out;
  }
  const out: PlainData[] = [];
  if (isLazyArray(v)) for (const item of v) out.push(toPlainData(item));
  else for (const item of v) out.push(toPlainData(item));
  return out;
}
