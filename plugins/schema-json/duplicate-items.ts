/**
 * `uniqueItems`, linear. ajv's own implementation compares every pair when
 * the item type is not a declared scalar — O(n²), so a 100,000-item array
 * (or a 1 MB `enum`, which the meta-schema requires to be unique) would pin
 * a core for a minute. Here equality is JSON Schema's (deep, key order
 * ignored, `1` equals `1.0`), computed through a canonical text per item.
 *
 * The reference reports every item equal to an earlier one, at the
 * duplicate's index; {@link duplicateIndexes} gives those.
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

/** The first duplicate: `i` the later index, `j` the earlier one (ajv's error params); undefined when all are unique. */
export function firstDuplicate(items: readonly unknown[]): { i: number; j: number } | undefined {
  const seen = new Map<string, number>();
  for (let i = 0; i < items.length; i++) {
    const key = canonical(items[i]);
    const j = seen.get(key);
    if (j !== undefined) return { i, j };
    seen.set(key, i);
  }
  return undefined;
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
