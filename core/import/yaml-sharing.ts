/**
 * A YAML document's anchors as JSSON variables (docs/import.md, "Anchors,
 * aliases and merge keys"). Every anchored node that an alias or a merge key
 * uses becomes a `:=` variable named after its anchor; the anchor's own place
 * and each alias use the name; a merge key (`<<: *a`, `<<: [*a, *b]`)
 * becomes spreads before the mapping's own members, in the order YAML 1.1
 * applies them, so the JSSON evaluates to the data PyYAML reads.
 *
 * The walk visits nodes in document order. A variable is declared when its
 * node is complete, so one that holds others comes after them. Values and
 * the node each alias names come from the reader ({@link YamlNodes}):
 * nothing is read twice, and the document was already checked against
 * every limit.
 */
import type { Node, Scalar } from "yaml";
import { yamlModule } from "../data/data-modules.js";
import { isMergeKey, scalarKeyName, type YamlNodes } from "../data/read-yaml-data.js";
import { ObjectValue, type Value } from "../values/values.js";
import { KEYWORDS } from "../syntax/tokens.js";
import { SharedArray, SpreadObject, VariableUse, isPlain, type Declaration, type Shape, type SharedDocument } from "./shared-shape.js";

/** Words a variable is not named: keywords, and words special in some places (§16.3 `if`/`else`, §9 `preset`/`use`). */
const AVOIDED: ReadonlySet<string> = new Set([...KEYWORDS, "if", "else", "preset", "use"]);

/**
 * The document with its sharing, or undefined when nothing is shared (no
 * alias uses an anchor): then the data is written as it is.
 * @param keys every key of the document: a variable named like a key could be shadowed by it (§4.2), so none is
 */
export function yamlSharing(nodes: YamlNodes, keys: ReadonlySet<string>): SharedDocument | undefined {
  const used = new Set(nodes.targets.values());
  if (used.size === 0) return undefined;
  const walk = new SharingWalk(nodes, used, keys);
  const root = walk.shape(nodes.root, []);
  if (!(root instanceof ObjectValue || root instanceof SpreadObject)) throw new Error("the importer's YAML top level is not a mapping");
  return { root, declarations: walk.declarations };
}

class SharingWalk {
  readonly declarations: Declaration[] = [];
  /** The variable of each anchored node declared so far. */
  private readonly variables = new Map<unknown, VariableUse>();
  /** Names a new variable may not take. */
  private readonly taken: Set<string>;
  /** How many names each sanitised anchor name has tried. */
  private readonly suffixes = new Map<string, number>();
  private readonly y = yamlModule();

  constructor(
    private readonly nodes: YamlNodes,
    private readonly used: ReadonlySet<unknown>,
    keys: ReadonlySet<string>,
  ) {
    this.taken = new Set([...keys, ...AVOIDED]);
  }

  /** The value the reader read from `node`. */
  private value(node: unknown): Value {
    if (node === null || node === undefined) return null;
    const v = this.nodes.values.get(node);
    if (v === undefined) throw new Error("the importer's YAML walk met a node the reader did not read");
    return v;
  }

  shape(node: unknown, path: readonly string[]): Shape {
    const { isAlias, isMap, isSeq } = this.y;
    if (node === null || node === undefined) return null;
    if (isAlias(node)) return this.aliasUse(node, path);
    const n = node as Node;
    const inner = isMap(n) ? this.mapping(n.items, n, path) : isSeq(n) ? this.sequence(n.items, n, path) : this.value(n);
    return n.anchor !== undefined && this.used.has(n) ? this.declare(n, n.anchor, inner, path) : inner;
  }

  private sequence(items: readonly unknown[], node: unknown, path: readonly string[]): Shape {
    const shapes = items.map((item, i) => this.shape(item, [...path, String(i)]));
    return shapes.every(isPlain) ? this.value(node) : new SharedArray(shapes);
  }

  private mapping(pairs: readonly { key: unknown; value: unknown }[], node: unknown, path: readonly string[]): Shape {
    const { isScalar } = this.y;
    const spreads: Shape[] = [];
    const keys: string[] = [];
    const values: Shape[] = [];
    for (const pair of pairs) {
      const key = pair.key;
      if (isMergeKey(key)) {
        spreads.push(...this.mergeSources(pair.value, [...path, "<<"]));
        continue;
      }
      const name = isScalar(key) ? scalarKeyName(key) : "";
      keys.push(name);
      values.push(this.shape(pair.value, [...path, name]));
    }
    if (spreads.length === 0 && values.every(isPlain)) return this.value(node);
    return new SpreadObject(spreads, keys, values);
  }

  /**
   * The spreads of one merge key, in the order they apply (a later one
   * wins): `<<: [*a, *b]` lets `a` win, so `b` is spread first.
   */
  private mergeSources(node: unknown, path: readonly string[]): Shape[] {
    const { isAlias, isMap, isSeq } = this.y;
    if (isAlias(node)) {
      const target = this.nodes.targets.get(node);
      // A list of mappings named by one alias: each mapping as it is named, or as the data it holds.
      if (isSeq(target)) return target.items.map((item) => this.sourceOf(item)).reverse();
      return [this.aliasUse(node, path)];
    }
    if (isSeq(node)) {
      const items = node.items.map((item, i) => this.shape(item, [...path, String(i)]));
      if (node.anchor !== undefined && this.used.has(node)) this.declare(node, node.anchor, items.every(isPlain) ? this.value(node) : new SharedArray(items), path);
      return [...items].reverse();
    }
    if (isMap(node)) return [this.shape(node, path)];
    return [this.value(node)]; // refused by the reader before this: a merge key takes mappings
  }

  /** An item of an aliased list of merged mappings, already walked: its variable, or its data. */
  private sourceOf(item: unknown): Shape {
    const node = this.nodes.targets.get(item) ?? item;
    return this.variables.get(node) ?? this.value(node);
  }

  private aliasUse(alias: { readonly source: string }, path: readonly string[]): VariableUse {
    const target = this.nodes.targets.get(alias);
    const known = this.variables.get(target);
    if (known !== undefined) return known;
    // An anchored key (`&k name: …`) is declared where an alias first uses it, with the value the alias reads.
    return this.declare(target, alias.source, this.value(target as Scalar), path);
  }

  private declare(node: unknown, anchor: string, shape: Shape, path: readonly string[]): VariableUse {
    const name = this.nameFor(anchor);
    const use = new VariableUse(name, this.declarations.length);
    this.declarations.push({ name, shape, path });
    this.variables.set(node, use);
    return use;
  }

  /** The anchor's name as an identifier (other characters as `_`), unique and unlike any key or keyword. */
  private nameFor(anchor: string): string {
    let base = anchor.replace(/[^\p{L}\p{Nd}_]+/gu, "_");
    if (!/^[\p{L}_]/u.test(base)) base = `_${base}`;
    // Tries go on from the last suffix given for this base: many anchors of one name cost one try each,
    // and the other tries pass taken names, as many as the document has keys and anchors.
    let i = this.suffixes.get(base) ?? 0;
    let name = base;
    for (; this.taken.has(name); i++) name = i === 0 ? `${base}_anchor` : `${base}_anchor_${i + 1}`;
    this.suffixes.set(base, i);
    this.taken.add(name);
    return name;
  }
}
