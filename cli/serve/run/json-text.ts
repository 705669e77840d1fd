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
  switch (typeof v) {
    case "string":
      out.push(JSON.stringify(v));
      return;
    case "number":
      out.push(Number.isFinite(v) ? JSON.stringify(v) : "null");
      return;
    case "bigint":
      out.push(v.toString());
      return;
    case "boolean":
      out.push(v ? "true" : "false");
      return;
    case "object":
      break;
    default:
      out.push("null");
      return;
  }
  if (v === null) {
    out.push("null");
    return;
  }
  if (Array.isArray(v)) {
    out.push("[");
    for (let i = 0; i < v.length; i++) {
      if (i > 0) out.push(",");
      write(v[i], out);
    }
    out.push("]");
    return;
  }
  if (v instanceof Date) {
    out.push(Number.isNaN(v.getTime()) ? "null" : JSON.stringify(v.toISOString()));
    return;
  }
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

/** A duration in ms rounded to microseconds, as JSON number text. */
export function msText(ms: number): string {
  return String(Math.round(ms * 1000) / 1000);
}
