/**
 * JSON text for response fields built from plain data: like JSON.stringify,
 * but integers beyond 2^53 (bigint) are written exactly, objects may have a
 * null prototype (so `__proto__` is an ordinary key), and values JSON cannot
 * hold (non-finite numbers, undefined) become `null`.
 */

/** Serialise plain data (objects, arrays, strings, numbers, bigints, booleans, null, Dates) as compact JSON. */
export function jsonText(data: unknown): string {
  const parts: string[] = [];
  write(data, parts);
  return parts.join("");
}

function write(v: unknown, out: string[]): void {
  if (typeof v === "bigint") out.push(v.toString());
  else if (typeof v === "string" || typeof v === "boolean") out.push(JSON.stringify(v));
  else if (typeof v === "number") out.push(Number.isFinite(v) ? JSON.stringify(v) : "null");
  else if (v === null || typeof v !== "object") out.push("null");
  else if (v instanceof Date) out.push(Number.isNaN(v.getTime()) ? "null" : JSON.stringify(v.toISOString()));
  else if (Array.isArray(v)) {
    out.push("[");
    for (let i = 0; i < v.length; i++) {
      if (i > 0) out.push(",");
      write(v[i], out);
    }
    out.push("]");
  } else {
    out.push("{");
    let first = true;
    for (const key of Object.keys(v)) {
      if (!first) out.push(",");
      first = false;
      out.push(JSON.stringify(key), ":");
      write((v as Record<string, unknown>)[key], out);
    }
    out.push("}");
  }
}

/** A duration in ms rounded to microseconds, as JSON number text. */
export function msText(ms: number): string {
  return String(Math.round(ms * 1000) / 1000);
}
