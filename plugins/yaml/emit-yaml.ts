/**
 * The YAML emitter (LANGUAGE.md §10.3): block style, two-space indentation,
 * mapping and sequence items that start on the dash line, `{}`/`[]` for
 * empty containers. Text is accumulated locally and handed to the sink in
 * chunks of about {@link TEXT_CHUNK} code units.
 */
import { OutputError, OUTPUT_MESSAGES, fillMessage, isFloatValue, isLazyArray, isObjectValue, type LazyArray, type ObjectValue, TextWriter, kindOf, numberText, type TextSink, type Value } from "../../core/plugin/index.js";
import { blockChomping, yamlFloat, yamlString } from "./yaml-scalar.js";

/** Longest implicit key YAML allows, in characters (YAML 1.2 §7.4.2, also in 1.1). */
const MAX_IMPLICIT_KEY = 1024;

/** Options of the YAML format. */
export interface YamlOptions {
  /** The value (an array) written as a stream: one document per element, separated by `---` lines. */
  readonly documents?: boolean;
  /** Multi-line strings as literal block scalars (`|`, `|-`, `|+`) wherever they read back exactly. */
  readonly blockStrings?: boolean;
}

/** Write `value` (the root object, or any value a selection picked) as a YAML document — or, with `documents`, a stream — to `sink`. */
export function emitYaml(value: Value, sink: TextSink, options: YamlOptions = {}): void {
  const w = new YamlWriter(sink, options.blockStrings === true);
  if (options.documents === true) {
    if (!(Array.isArray(value) || isLazyArray(value))) {
      const kind = kindOf(value);
      throw new OutputError(fillMessage(OUTPUT_MESSAGES.yamlDocumentsNeedArray, `${/^[aeiou]/.test(kind) ? "an" : "a"} ${kind}`));
    }
    let first = true;
    for (const item of value) {
      if (!first) w.write("---\n");
      first = false;
      w.writeDocument(item);
    }
  } else w.writeDocument(value);
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
      if (isFloatValue(v)) return yamlFloat(v.value);
      return undefined;
  }
}

/** One emission run: pending text, the sink, and an indentation cache that lives only as long as the run. */
class YamlWriter extends TextWriter {
  constructor(
    sink: TextSink,
    /** Write multi-line strings as block scalars where they read back exactly. */
    private readonly blockStrings: boolean,
  ) {
    super(sink);
  }

  /** One document: a mapping or sequence from the left margin, `{}` / `[]`, or a scalar line. */
  writeDocument(v: Value): void {
    const text = scalarText(v);
    if (text !== undefined) this.write(text + "\n");
    else if (isObjectValue(v)) {
      if (v.size === 0) this.write("{}\n");
      else this.writeMapping(v, 0, false);
    } else {
      const arr = v as Value[] | LazyArray;
      if (arr.length === 0) this.write("[]\n");
      else this.writeSequence(arr, 0, false);
    }
    this.flushIfFull();
  }

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
      else this.write(ind);
      this.write(this.keyText(key, ind));
      this.writeNode(item, depth, false);
      this.flushIfFull();
    }
  }

  /**
   * ` |` (with its chomping indicator) and the lines of `s` one level deeper
   * than `depth`, when a literal block reads back as exactly `s`; false
   * (nothing written) otherwise. Empty lines carry no indentation.
   */
  private writeBlock(s: string, depth: number): boolean {
    const chomping = blockChomping(s);
    if (chomping === undefined) return false;
    const ind = this.indent(depth + 1);
    const body = chomping === "-" ? s : s.slice(0, -1);
    this.write(" |" + chomping + "\n");
    for (const line of body.split("\n")) this.write(line === "" ? "\n" : ind + line + "\n");
    return true;
  }

  /** A non-empty sequence whose dashes sit at `depth`. */
  private writeSequence(arr: Value[] | LazyArray, depth: number, onDashLine: boolean): void {
    const ind = this.indent(depth);
    let first = onDashLine;
    for (const item of arr) {
      if (first) first = false;
      else this.write(ind);
      this.write("-");
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
    if (this.blockStrings && typeof v === "string" && this.writeBlock(v, depth)) return;
    const text = scalarText(v);
    if (text !== undefined) {
      this.write(" " + text + "\n");
      return;
    }
    if (isObjectValue(v)) {
      if (v.size === 0) this.write(" {}\n");
      else {
        this.write(afterDash ? " " : "\n");
        this.writeMapping(v, depth + 1, afterDash);
      }
      return;
    }
    const arr = v as Value[] | LazyArray; // neither a scalar nor an object
    if (arr.length === 0) this.write(" []\n");
    else {
      this.write(afterDash ? " " : "\n");
      this.writeSequence(arr, depth + 1, afterDash);
    }
  }
}
