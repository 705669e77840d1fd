/**
 * The pass over a copied schema tree that runs before ajv sees it. It visits
 * every subschema (only keyword positions that hold schemas, so a property
 * named `type` or a `const` value is never touched) and:
 *
 * - turns a comma-separated `type` string into a list (`"string,null"` →
 *   `["string","null"]`, the reference's extension, §12.2);
 * - adds the marker keys that trim composite-keyword noise (collapse-keywords.ts);
 * - counts subschemas against the cap;
 * - checks every `$ref` (and `$dynamicRef` / `$recursiveRef`): a reference
 *   that leaves the document is refused *before* compiling, so nothing is
 *   ever fetched and the message names the URI as written.
 */
import { SchemaProblem } from "./schema-problem.js";
import { getOwn, isRecord, type JsonRecord } from "./own-record.js";
import { isMetaSchemaUri } from "./schema-dialect.js";
import { addCollapseMarkers } from "./collapse-keywords.js";
import { fillMessage, SCHEMA_MESSAGES } from "../../core/plugin/index.js";

/** Keywords whose value is one subschema. */
const SINGLE = ["additionalItems", "additionalProperties", "contains", "propertyNames", "not", "if", "then", "else", "unevaluatedItems", "unevaluatedProperties", "contentSchema"] as const;
/** Keywords whose value is a list of subschemas (`items` may also be single). */
const LISTS = ["allOf", "anyOf", "oneOf", "prefixItems", "items"] as const;
/** Keywords whose value maps names to subschemas (`dependencies` values may also be name lists). */
const MAPS = ["properties", "patternProperties", "definitions", "$defs", "dependentSchemas", "dependencies"] as const;
/** Reference keywords. */
const REFS = ["$ref", "$dynamicRef", "$recursiveRef"] as const;

/** Base for documents without `$id`: relative references resolve under it and match no `$id`. */
const DOCUMENT_BASE = "jsson-schema://document/root.json";

/** Caps for {@link prepareSchema}. */
export interface PrepareCaps {
  readonly maxSubschemas: number;
}

/** Rewrite `schema` in place as described above; returns the number of subschemas. Throws {@link SchemaProblem}. */
export function prepareSchema(schema: unknown, caps: PrepareCaps): number {
  let count = 0;
  const ids = new Set<string>();
  const refs: { ref: string; base: string }[] = [];

  const visit = (node: unknown, base: string): void => {
    if (++count > caps.maxSubschemas) throw new SchemaProblem(fillMessage(SCHEMA_MESSAGES.tooManySubschemas, caps.maxSubschemas));
    if (!isRecord(node)) return;
    const id = getOwn(node, "$id");
    if (typeof id === "string" && !id.startsWith("#")) {
      base = resolveUri(id, base, "$id");
      ids.add(withoutFragment(base));
    }
    splitTypeList(node);
    addCollapseMarkers(node);
    for (const k of REFS) {
      const ref = getOwn(node, k);
      if (typeof ref === "string") refs.push({ ref, base });
    }
    for (const k of SINGLE) {
      const sub = getOwn(node, k);
      if (isSchema(sub)) visit(sub, base);
    }
    for (const k of LISTS) {
      const sub = getOwn(node, k);
      if (Array.isArray(sub)) for (const s of sub) visit(s, base);
      else if (k === "items" && isSchema(sub)) visit(sub, base);
    }
    for (const k of MAPS) {
      const map = getOwn(node, k);
      if (!isRecord(map)) continue;
      for (const name of Object.keys(map)) {
        const sub = map[name];
        if (isSchema(sub)) visit(sub, base);
      }
    }
  };

  visit(schema, DOCUMENT_BASE);
  ids.add(withoutFragment(DOCUMENT_BASE));
  for (const { ref, base } of refs) {
    if (ref.startsWith("#")) continue;
    const target = withoutFragment(resolveUri(ref, base, "$ref"));
    if (ids.has(target) || isMetaSchemaUri(target)) continue;
    throw new SchemaProblem(fillMessage(SCHEMA_MESSAGES.remoteRef, ref));
  }
  return count;
}

function isSchema(v: unknown): v is JsonRecord | boolean {
  return typeof v === "boolean" || isRecord(v);
}

/** `"string, null"` → `["string","null"]` (duplicates and blanks dropped). */
function splitTypeList(node: JsonRecord): void {
  const type = getOwn(node, "type");
  if (typeof type !== "string" || !type.includes(",")) return;
  const names = [...new Set(type.split(",").map((t) => t.trim()).filter((t) => t !== ""))];
  node["type"] = names.length === 1 ? names[0] : names;
}

function resolveUri(ref: string, base: string, keyword: string): string {
  try {
    return new URL(ref, base).href;
  } catch {
    throw new SchemaProblem(fillMessage(SCHEMA_MESSAGES.invalidUri, keyword, ref));
  }
}

function withoutFragment(uri: string): string {
  const i = uri.indexOf("#");
  return i < 0 ? uri : uri.slice(0, i);
}
