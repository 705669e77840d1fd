/**
 * The YAML emitter (LANGUAGE.md §10.3): block style, two-space indentation,
 * mapping and sequence items that start on the dash line, `{}`/`[]` for
 * empty containers. Text is accumulated locally and handed to the sink in
 * chunks of about {@link CHUNK_SIZE} code units.
 */
import { FloatValue, LazyArray, ObjectValue, numberText, type TextSink, type Value } from "../../core/plugin.js";
import { yamlFloat, yamlString } from "./yaml-scalar.js";

/** Flush threshold, in UTF-16 code units. */
const CHUNK_SIZE = 32 * 1024;

/** Longest implicit key YAML allows, in characters (YAML 1.2 §7.4.2, also in 1.1). */
const MAX_IMPLICIT_KEY = 1024;

/** Most distinct keys remembered per run (keeps the cache small when keys are all different). */
const KEY_CACHE_LIMIT = 4096;

/** Write `root` as a YAML document to `sink`. */
export function emitYaml(root: ObjectValue, sink: TextSink): void {
  const w = new YamlWriter(sink);
  if (root.size === 0) w.out = "{}\n";
  else w.writeMapping(root, 0, false);
  w.flush();
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
class YamlWriter {
  out = "";
  private readonly indents: string[] = [""];
  /** Key texts seen in this run: generated data repeats the same few keys millions of times. */
  private readonly keys = new Map<string, string>();

  constructor(private readonly sink: TextSink) {}

  flush(): void {
    const chunk = this.out;
    if (chunk.length === 0) return;
    this.out = "";
    // `chunk` is a rope of many small pieces. Reading a character makes V8
    // flatten it once, here; a sink that keeps chunks (a buffered run) would
    // otherwise hold thousands of rope nodes per chunk and slow GC badly.
    chunk.charCodeAt(0);
    this.sink.write(chunk);
  }

  private indent(depth: number): string {
    let s = this.indents[depth];
    if (s === undefined) {
      s = "  ".repeat(depth);
      this.indents[depth] = s;
    }
    return s;
  }

  /**
   * What starts a mapping entry whose key sits at indentation `ind`: `key:`,
   * or for a key too long to be an implicit key (YAML allows at most 1024
   * characters there) the explicit form `? key` newline `:`.
   */
  private keyText(key: string, ind: string): string {
    let text = this.keys.get(key);
    if (text === undefined) {
      const k = yamlString(key);
      if (k.length > MAX_IMPLICIT_KEY && [...k].length > MAX_IMPLICIT_KEY) return "? " + k + "\n" + ind + ":";
      text = k + ":";
      if (this.keys.size < KEY_CACHE_LIMIT) this.keys.set(key, text);
    }
    return text;
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
      if (this.out.length >= CHUNK_SIZE) this.flush();
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
      if (this.out.length >= CHUNK_SIZE) this.flush();
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
