/**
 * Plain YAML scalars that YAML 1.1 readers (PyYAML, docker compose) read
 * otherwise than the importer, which reads YAML 1.2 (docs/import.md): `yes`,
 * `on` (booleans to YAML 1.1, strings here), `0755` (octal 493 to YAML 1.1,
 * 755 here), `1e3` (a string to PyYAML, a number here), `22:22` (base 60).
 * The importer keeps its reading and names each such value in a warning, so
 * the user can quote it. The rules are PyYAML's implicit resolvers and
 * integer constructor (resolver.py, constructor.py).
 */
import type { Node } from "yaml";
import { yamlModule } from "../data/data-modules.js";
import { isMergeKey, scalarKeyName } from "../data/read-yaml-data.js";
import { FloatValue, type Value } from "../values/values.js";

/** Warnings named one by one; the rest are counted. */
const MAX_NAMED = 20;

const BOOL = /^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$/;
const FLOAT =
  /^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;
const INT = /^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$/;
const NULL = /^(?:~|null|Null|NULL|)$/;
const TIMESTAMP =
  /^(?:[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]|[0-9][0-9][0-9][0-9]-[0-9][0-9]?-[0-9][0-9]?(?:[Tt]|[ \t]+)[0-9][0-9]?:[0-9][0-9]:[0-9][0-9](?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9][0-9]?(?::[0-9][0-9])?))?)$/;

/** What PyYAML makes of a plain scalar's text. */
export type Yaml11Kind = "boolean" | "float" | "integer" | "null" | "date/time" | "string";

/** The type PyYAML gives a plain, untagged scalar (its resolvers, tried in PyYAML's order). */
export function yaml11Kind(text: string): Yaml11Kind {
  if (BOOL.test(text)) return "boolean";
  if (FLOAT.test(text)) return "float";
  if (INT.test(text)) return "integer";
  if (NULL.test(text)) return "null";
  if (TIMESTAMP.test(text)) return "date/time";
  return "string";
}

/** The integer PyYAML reads from `text` (which its integer resolver matched), or undefined when it has no digits. */
export function yaml11Integer(text: string): bigint | undefined {
  const sign = text.startsWith("-") ? -1n : 1n;
  const t = text.replace(/_/g, "").replace(/^[-+]/, "");
  if (t === "0") return 0n;
  const digits = t.startsWith("0b") || t.startsWith("0x") ? t.slice(2) : t;
  if (digits === "") return undefined;
  if (t.startsWith("0b")) return sign * BigInt(`0b${digits}`);
  if (t.startsWith("0x")) return sign * BigInt(`0x${digits}`);
  if (t.includes(":")) return sign * t.split(":").reduce((n, d) => n * 60n + BigInt(d), 0n);
  if (t.startsWith("0")) return sign * BigInt(`0o${t.slice(1)}`);
  return sign * BigInt(t);
}

function a(kind: Yaml11Kind): string {
  return kind === "integer" ? "an integer" : `a ${kind}`;
}

/** How the importer's value of a plain scalar differs from PyYAML's, or undefined when it does not. */
function difference(text: string, value: Value): string | undefined {
  const kind = yaml11Kind(text);
  if (typeof value === "string") return kind === "string" ? undefined : `a string here, ${a(kind)} to YAML 1.1 readers`;
  if (typeof value === "number" || typeof value === "bigint") {
    if (kind !== "integer") return `a number here, ${a(kind)} to YAML 1.1 readers`;
    // The importer's integers are 64-bit, so the text is short: its PyYAML value is cheap to compute.
    const theirs = yaml11Integer(text);
    return theirs === BigInt(value) ? undefined : `${String(value)} here, ${theirs === undefined ? "an error" : String(theirs)} to YAML 1.1 readers`;
  }
  if (value instanceof FloatValue) return kind === "float" ? undefined : `a number here, ${a(kind)} to YAML 1.1 readers`;
  return undefined; // booleans and null of YAML 1.2's core schema are PyYAML's too
}

/** A key PyYAML writes otherwise as a JSON key: a boolean (`on:` → `true`), a null, or an integer not written in decimal. */
function keyDifference(text: string): string | undefined {
  const kind = yaml11Kind(text);
  if (kind === "boolean" || kind === "null" || kind === "date/time") return `${a(kind)} to YAML 1.1 readers`;
  // Long digit strings stay unread (a key is not bounded like a 64-bit value): only short ones can be a real integer key.
  if (kind === "integer" && text.length <= 40) {
    const n = yaml11Integer(text);
    if (n !== undefined && String(n) !== text) return `${String(n)} to YAML 1.1 readers`;
  }
  return undefined;
}

/**
 * Warnings for the plain scalars of the document that YAML 1.1 readers read
 * otherwise, by path; at most {@link MAX_NAMED} named, then a count.
 * Aliases are not followed (their anchor is checked where it stands).
 */
export function yaml11Warnings(root: unknown, values: ReadonlyMap<unknown, Value>): string[] {
  const { isMap, isScalar, isSeq } = yamlModule();
  const warnings: string[] = [];
  let more = 0;
  const warn = (text: string): void => {
    if (warnings.length < MAX_NAMED) warnings.push(text);
    else more++;
  };
  const plain = (n: unknown): n is Node & { source: string } =>
    isScalar(n) && n.type === "PLAIN" && n.tag === undefined && typeof n.source === "string";
  const shown = (path: readonly string[]): string => (path.length === 0 ? "the top level" : `"${path.join(".")}"`);
  // Recursion is bounded: the reader refused the document if it nested deeper than the import's depth limit.
  const visit = (node: unknown, path: readonly string[]): void => {
    if (isMap(node)) {
      for (const pair of node.items) {
        if (isMergeKey(pair.key)) continue;
        const name = isScalar(pair.key) ? scalarKeyName(pair.key) : "";
        if (plain(pair.key)) {
          const d = keyDifference(pair.key.source);
          if (d !== undefined) warn(`the key ${pair.key.source} at ${shown([...path, name])} is a string here, ${d}: quote it in the YAML to mean the same everywhere`);
        }
        visit(pair.value, [...path, name]);
      }
    } else if (isSeq(node)) node.items.forEach((item, i) => visit(item, [...path, String(i)]));
    else if (plain(node)) {
      const value = values.get(node);
      const d = value === undefined ? undefined : difference(node.source, value);
      if (d !== undefined) warn(`${node.source} at ${shown(path)} is ${d}: quote it in the YAML to mean the same everywhere`);
    }
  };
  visit(root, []);
  if (more > 0) warnings.push(`${more} more values read otherwise by YAML 1.1 readers`);
  return warnings;
}
