/**
 * YAML text → engine values (LANGUAGE.md §16.1): one document, YAML 1.2
 * core schema, keys in document order, integers exact (read as bigint, so
 * `1.0` — a number — is told from `1`), tags outside the core schema
 * refused, and aliases expanded by reference: each use shares the anchored
 * value and is charged its expanded size against the item limit, so a
 * "billion laughs" document stops at the limit after linear work. Each
 * anchor is resolved once, in document order, as the reader meets it (the
 * library's `Alias.resolve` walks the whole document per alias: quadratic).
 * Read with `yaml`, not js-yaml (which reads what a consumer of our output
 * reads): js-yaml keeps no node places and no exact 64-bit integers
 * (bench/RESULTS.md, "one YAML library for reading?").
 */
import type { Document, Node, Scalar } from "yaml";
import { yamlModule } from "./data-modules.js";
import { fill, fillText, MESSAGES, PHRASES } from "../diagnostics/catalogue.js";
import { LineIndex } from "../source/line-index.js";
import { ObjectValue, type Value } from "../values/values.js";
import type { ValueBuilder } from "./value-builder.js";

const CORE = "tag:yaml.org,2002:";
const SCALAR_TAGS: ReadonlySet<string> = new Set(["str", "int", "float", "bool", "null"].map((t) => CORE + t));

/**
 * A YAML document's nodes (the `yaml` library's), the value read from each
 * and the node each alias refers to: `jsson import` finds anchors, aliases
 * and merge keys in the tree and writes them as variables and spreads of
 * these values.
 */
export interface YamlNodes {
  /** The top-level node (null for an empty document). */
  root: unknown;
  /** Every node read (an alias: its target, and the alias itself), with its value. */
  readonly values: Map<unknown, Value>;
  /** Each alias, with the anchored node it refers to (resolved as the reader met it). */
  readonly targets: Map<unknown, unknown>;
}

/** The member name a scalar key gives (a key that is not a string by its text: `1`, `true`). */
export function scalarKeyName(key: Scalar): string {
  return typeof key.value === "string" ? key.value : (key.source ?? String(key.value));
}

/** A YAML 1.1 merge key: a plain `<<` (a quoted `"<<"` is an ordinary key). */
export function isMergeKey(key: unknown): boolean {
  return yamlModule().isScalar(key) && key.type === "PLAIN" && scalarKeyName(key) === "<<";
}

/**
 * Read `text` as one YAML document. Throws `DataError` (line of the problem in `text`).
 * @param nodes `jsson import`'s: receives the document's node tree and the value read from each node, and
 *   YAML 1.1 merge keys (`<<: *base`, `<<: [*a, *b]`) apply as YAML 1.1 readers (PyYAML, docker compose)
 *   apply them; data includes read YAML 1.2, where `<<` is a key.
 */
export function readYamlData(text: string, b: ValueBuilder, nodes?: YamlNodes): Value {
  const { isAlias, isMap, isScalar, isSeq, parseDocument } = yamlModule();
  const lines = new LineIndex(text);
  const invalid = (detail: string, at: number): never => b.fail(fill(MESSAGES.dataInvalid, "YAML", b.label, detail), lines.line(at));
  let doc: Document.Parsed;
  try {
    doc = parseDocument(text, { version: "1.2", schema: "core", intAsBigInt: true, uniqueKeys: false, merge: false, prettyErrors: false });
  } catch (e) {
    // The composer recurses per nesting level.
    if (e instanceof RangeError) return b.fail(fill(MESSAGES.nestingTooDeep, b.budget.maxDepth), 1);
    throw e;
  }
  // Warnings (an unresolved tag, say) would leave a value other than the one written: refused too.
  const problem = doc.errors[0] ?? doc.warnings[0];
  if (problem) {
    const at = problem.pos[0];
    if (/call stack/i.test(problem.message)) b.fail(fill(MESSAGES.nestingTooDeep, b.budget.maxDepth), lines.line(at));
    invalid(problem.code === "MULTIPLE_DOCS" ? PHRASES.moreThanOneDocument : (problem.message.split("\n")[0] as string), at);
  }

  /** Values of anchored nodes, shared by their aliases. */
  const anchored = new Map<Node, Value>();
  /**
   * The node each anchor name refers to so far: an alias refers to the last
   * node before it with that anchor (YAML 1.2 §3.2.2.2), and the reader
   * meets nodes in document order, so this map answers every alias in O(1).
   */
  const anchors = new Map<string, Node>();
  const open = new Set<Node>();

  const convert = (node: unknown, depth: number): Value => {
    const v = convertNode(node, depth);
    if (nodes !== undefined && node !== null && node !== undefined) nodes.values.set(node, v);
    return v;
  };
  const convertNode = (node: unknown, depth: number): Value => {
    if (node === null || node === undefined) return null; // `key:` with no value
    if (isAlias(node)) {
      const target = anchors.get(node.source);
      const at = node.range?.[0] ?? 0;
      if (target === undefined) return invalid(fillText(PHRASES.unknownAlias, node.source), at);
      if (open.has(target)) return invalid(fillText(PHRASES.aliasContainsItself, node.source), at);
      nodes?.targets.set(node, target);
      const shared = anchored.get(target) ?? convert(target, depth);
      // The use itself is counted by its parent; what it writes out beyond that is charged here.
      b.charge(b.weightOf(shared) - 1, () => lines.line(at));
      return shared;
    }
    const n = node as Node;
    const at = n.range?.[0] ?? 0;
    const tag = n.tag;
    // Known before its content is read: an alias inside it is then a cycle, refused below.
    if (n.anchor !== undefined) anchors.set(n.anchor, n);
    let v: Value;
    if (isScalar(n)) {
      if (tag !== undefined && !SCALAR_TAGS.has(tag)) return invalid(fillText(PHRASES.unsupportedTag, tag), at);
      const x = n.value;
      if (typeof x === "bigint") v = b.int(x, lines.line(at));
      else if (typeof x === "number") v = b.float(x, n.source ?? String(x), lines.line(at));
      else if (x === null || typeof x === "string" || typeof x === "boolean") v = x;
      else return invalid(PHRASES.unsupportedValue, at);
    } else if (isMap(n)) {
      if (tag !== undefined && tag !== CORE + "map") return invalid(fillText(PHRASES.unsupportedTag, tag), at);
      b.enter(depth, lines.line(at));
      open.add(n);
      const o = new ObjectValue();
      /**
       * Mappings merged in with `<<`, in the order PyYAML applies them (a later one wins): each merge key's in
       * turn, those of a list last to first (in `<<: [*a, *b]` the earlier one wins; of two merge keys, the later).
       */
      const merged: ObjectValue[] = [];
      for (const pair of n.items) {
        const key = pair.key as unknown;
        const keyAt = (key as Node | null)?.range?.[0] ?? at;
        let name: string;
        if (isScalar(key) && key.anchor !== undefined) anchors.set(key.anchor, key);
        if (key === null || key === undefined) name = "";
        else if (isScalar(key) && (key.tag === undefined || SCALAR_TAGS.has(key.tag))) name = scalarKeyName(key);
        else return invalid(PHRASES.keyNotScalar, keyAt);
        if (nodes !== undefined && isMergeKey(key)) {
          const value = convert(pair.value, depth + 1);
          for (const m of (Array.isArray(value) ? [...value] : [value]).reverse()) {
            if (!(m instanceof ObjectValue)) return invalid(PHRASES.mergeKeyTakes, keyAt);
            merged.push(m);
          }
          continue;
        }
        if (o.has(name)) b.duplicate(name, lines.line(keyAt));
        o.append(name, convert(pair.value, depth + 1));
      }
      let all = o;
      if (merged.length > 0) {
        // YAML 1.1 merge (as PyYAML builds it): merged keys first, a later mapping's value replacing an earlier
        // one's in place; then the node's own keys, which replace merged values in place.
        all = new ObjectValue();
        for (const m of [...merged, o]) for (let i = 0; i < m.keys.length; i++) all.set(m.keys[i] as string, m.values[i] as Value);
      }
      open.delete(n);
      v = b.object(all, () => lines.line(at));
    } else if (isSeq(n)) {
      if (tag !== undefined && tag !== CORE + "seq") return invalid(fillText(PHRASES.unsupportedTag, tag), at);
      b.enter(depth, lines.line(at));
      open.add(n);
      v = b.arrayOf(n.items, (item) => convert(item, depth + 1), () => lines.line(at));
      open.delete(n);
    } else return invalid(PHRASES.unsupportedNode, at);
    if (n.anchor !== undefined) anchored.set(n, v);
    return v;
  };
  if (nodes !== undefined) nodes.root = doc.contents;
  return convert(doc.contents, 1);
}
