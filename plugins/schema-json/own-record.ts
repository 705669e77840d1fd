/**
 * Plain-object helpers that are safe with any key, including `__proto__`:
 * assigning `o["__proto__"] = v` on an ordinary object would change its
 * prototype instead of adding a key.
 */

/** A JSON-like object record. */
export type JsonRecord = Record<string, unknown>;

/** Set an own, enumerable, writable property whatever its name. */
export function setOwn(target: JsonRecord, key: string, value: unknown): void {
  if (key === "__proto__") Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/** True when `v` is a non-null, non-array object. */
export function isRecord(v: unknown): v is JsonRecord {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Own property lookup (never the prototype chain). */
export function getOwn(o: JsonRecord, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(o, key) ? o[key] : undefined;
}
