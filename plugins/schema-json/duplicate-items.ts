/**
 * `uniqueItems` failures, one per duplicate: ajv names only the first pair,
 * the reference reports every item equal to an earlier one, at the
 * duplicate's index. Equality is JSON Schema's (deep, key order ignored,
 * `1` equals `1.0`), computed through a canonical text so the check stays
 * linear in the array size.
 */

/** Indexes of the items equal to an earlier item, ascending. */
export function duplicateIndexes(items: readonly unknown[]): number[] {
  const seen = new Set<string>();
  const out: number[] = [];
  items.forEach((item, i) => {
    const key = canonical(item);
    if (seen.has(key)) out.push(i);
    else seen.add(key);
  });
  return out;
}

/** A text equal for equal JSON values: object keys sorted, numbers in JS number text. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
  if (typeof v === "object" && v !== null) {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(",")}}`;
  }
  if (typeof v === "bigint") return String(v);
  return JSON.stringify(v) ?? "null";
}
