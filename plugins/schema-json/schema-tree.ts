/**
 * Copy a parsed schema document into a fresh JSON tree, within the depth
 * and node caps. The copy is what ajv compiles: ordinary objects with own
 * keys only, numbers instead of bigints (TOML/YAML big integers), dates as
 * strings, and every shared (aliased) YAML node expanded.
 *
 * Expansion is where a YAML alias bomb would explode (js-yaml returns
 * aliases as shared objects, so ten lines can describe 10^9 nodes), so the
 * expanded size and depth are measured first, memoised per shared object —
 * linear in the text — and the copy is only made when both fit.
 */
import { SchemaProblem } from "./schema-problem.js";
import { setOwn, type JsonRecord } from "./own-record.js";
import { fillMessage, SCHEMA_MESSAGES } from "../../core/plugin/index.js";

/** Caps for {@link copySchemaTree}. */
export interface TreeCaps {
  readonly maxDepth: number;
  readonly maxNodes: number;
}

/** Copy `doc`; throws {@link SchemaProblem} when a cap is exceeded or a value is not JSON-like. */
export function copySchemaTree(doc: unknown, caps: TreeCaps): unknown {
  measure(doc, caps);
  return copy(doc);
}

/** Expanded node count and depth of `doc`, checked against the caps (memoised per object). */
function measure(doc: unknown, caps: TreeCaps): void {
  /** Per container: expanded node count and height (levels of containers, itself included). */
  const known = new Map<object, { readonly nodes: number; readonly height: number }>();
  const onPath = new Set<object>();
  const tooDeep = (): SchemaProblem => new SchemaProblem(fillMessage(SCHEMA_MESSAGES.nestingTooDeep, caps.maxDepth));
  const visit = (v: unknown, depth: number): { nodes: number; height: number } => {
    if (typeof v !== "object" || v === null || v instanceof Date) return { nodes: 1, height: 0 };
    if (depth >= caps.maxDepth) throw tooDeep();
    const memo = known.get(v);
    if (memo !== undefined) {
      if (depth + memo.height > caps.maxDepth) throw tooDeep();
      return memo;
    }
    if (onPath.has(v)) throw new SchemaProblem(fillMessage(SCHEMA_MESSAGES.refersToItself));
    onPath.add(v);
    let nodes = 1;
    let height = 1;
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      const c = visit(child, depth + 1);
      nodes += c.nodes;
      height = Math.max(height, c.height + 1);
      if (nodes > caps.maxNodes) throw new SchemaProblem(fillMessage(SCHEMA_MESSAGES.documentTooLarge, caps.maxNodes));
    }
    onPath.delete(v);
    const result = { nodes, height };
    known.set(v, result);
    return result;
  };
  visit(doc, 0);
}

function copy(v: unknown): unknown {
  if (v === null || typeof v === "string" || typeof v === "boolean") return v;
  if (typeof v === "number") {
    if (!Number.isFinite(v)) throw new SchemaProblem(fillMessage(SCHEMA_MESSAGES.nonFiniteNumber, String(v)));
    return v;
  }
  if (typeof v === "bigint") return Number(v);
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? String(v) : v.toISOString();
  if (typeof v !== "object") throw new SchemaProblem(fillMessage(SCHEMA_MESSAGES.unsupportedValue, typeof v));
  if (Array.isArray(v)) return v.map(copy);
  const out: JsonRecord = {};
  for (const key of Object.keys(v)) setOwn(out, key, copy((v as JsonRecord)[key]));
  return out;
}
