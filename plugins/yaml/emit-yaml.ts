/**
 * The YAML emitter (LANGUAGE.md §10.3): block style, two-space indentation,
 * mapping and sequence items that start on the dash line, `{}`/`[]` for
 * empty containers. Text is accumulated locally and handed to the sink in
 * chunks of about {@link TEXT_CHUNK} code units.
 */
import { FloatValue, LazyArray, ObjectValue, TextWriter, numberText, type TextSink, type Value } from "../../core/plugin.js";
import { yamlFloat, yamlString } from "./yaml-scalar.js";

/** Longest implicit key YAML allows, in characters (YAML 1.2 §7.4.2, also in 1.1). */
const MAX_IMPLICIT_KEY = 1024;

/** Write `root` as a YAML document to `sink`. */
export function emitYaml(root: ObjectValue, sink: TextSink): void {
  const w = new YamlWriter(sink);
  if (root.size === 0) w.out = "{}\n";
  else w.writeMapping(root, 0, false);
  w.flush();
}

/**
 * `key:` as an implicit key, or "" when the key is too long to be one (then
 * the explicit form is written). Length in UTF-16 code units: YAML's limit is
 * 1024 characters, and parsers that count code units (not code points) would
 * refuse a key of astral characters that a code-point count lets through.
 */
function implicitKey(key: string): string {
  const k = yamlString(key);
  return k.length > MAX_IMPLICIT_KEY ? "" : k + ":";
}

/** The text of a scalar value, or undefined for a container. */
function scalarText(v: Value): string | undefined {
  switch (typeof v) {
    case "string":
      return yamlString(v);
    case "number":
    case "bigint":
      return numberText(v);
    case "boolean":
      return v ? "true" : "false";
    default:
      if (v === null) return "null";
      if (v instanceof FloatValue) return yamlFloat(v.value);
      return undefined;
  }
}

/** One emission run: pending text, the sink, and an indentation cache that lives only as long as the run. */
class YamlWriter extends TextWriter {

  /**
   * What starts a mapping entry whose key sits at indentation `ind`: `key:`,
   * or for a key too long to be an implicit key (YAML allows at most 1024
   * characters there) the explicit form `? key` newline `:`.
   */
  private keyText(key: string, ind: string): string {
    const text = this.cachedKey(key, implicitKey);
    return text === "" ? "? " + yamlString(key) + "\n" + ind + ":" : text;
  }

  /**
   * A non-empty mapping whose keys sit at `depth`. With `onDashLine` the
   * first key follows a `- ` already written.
   */
  writeMapping(obj: ObjectValue, depth: number, onDashLine: boolean): void {
    const ind = this.indent(depth);
    let first = onDashLine;
    for (let i = 0, keys = obj.keys, values = obj.values; i < keys.length; i++) {
      const key = keys[i] as string;
      const item = values[i] as Value;
      if (first) first = false;
      else this.out += ind;
      this.out += this.keyText(key, ind);
      this.writeNode(item, depth, false);
      this.flushIfFull();
    }
  }

  /** A non-empty sequence whose dashes sit at `depth`. */
  private writeSequence(arr: Value[] | LazyArray, depth: number, onDashLine: boolean): void {
    const ind = this.indent(depth);
    let first = onDashLine;
    for (const item of arr) {
      if (first) first = false;
      else this.out += ind;
      this.out += "-";
      this.writeNode(item, depth, true);
      this.flushIfFull();
    }
  }

  /**
   * The rest of a line after `key:` or `-` at `depth`: ` scalar`, ` {}`,
   * ` []`, or a nested block one level deeper — below the key for a mapping
   * entry, on the dash line for a sequence item.
   */
  private writeNode(v: Value, depth: number, afterDash: boolean): void {
    const text = scalarText(v);
    if (text !== undefined) {
      this.out += " " + text + "\n";
      return;
    }
    if (v instanceof ObjectValue) {
      if (v.size === 0) this.out += " {}\n";
      else {
        this.out += afterDash ? " " : "\n";
        this.writeMapping(v, depth + 1, afterDash);
      }
      return;
    }
    const arr = v as Value[] | LazyArray; // neither a scalar nor an object
    if (arr.length === 0) this.out += " []\n";
    else {
      this.out += afterDash ? " " : "\n";
      this.writeSequence(arr, depth + 1, afterDash);
    }
  }
}
