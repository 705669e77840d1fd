/**
 * Instance locations: ajv reports JSON Pointers (`/db/pool/max`); messages
 * use the reference's JSONPath-like form (§12.3): `$`, `$.key`,
 * `$["my key"]`, `$.items[3]`.
 */
import { getOwn, isRecord } from "./own-record.js";

/** Key written as `.key`: a JSSON identifier (§2.3). */
const IDENTIFIER = /^[\p{L}_][\p{L}\p{Nd}_]*$/u;

/** The segments of a JSON Pointer (`""` → none). */
export function pointerSegments(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/** One path step: `[3]` inside arrays, `.key` or `["key"]` inside objects. */
export function pathStep(container: unknown, segment: string): string {
  if (Array.isArray(container) && /^(0|[1-9][0-9]*)$/.test(segment)) return `[${segment}]`;
  return IDENTIFIER.test(segment) ? `.${segment}` : `[${JSON.stringify(segment)}]`;
}

/** A located value: the rendered path and the value found there (undefined when the pointer leaves the data). */
export interface Located {
  readonly path: string;
  readonly value: unknown;
}

/** Render `pointer` against `root` and fetch the value it designates. */
export function locate(root: unknown, pointer: string): Located {
  let path = "$";
  let value: unknown = root;
  for (const seg of pointerSegments(pointer)) {
    path += pathStep(value, seg);
    value = Array.isArray(value) ? value[Number(seg)] : isRecord(value) ? getOwn(value, seg) : undefined;
  }
  return { path, value };
}
