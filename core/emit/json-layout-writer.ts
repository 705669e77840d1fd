/**
 * The value writer of every format that uses the JSON layout (JSON itself,
 * and the values of the TypeScript format): strings and keys quoted as
 * `JSON.stringify` does, integers exact, floats in ECMAScript number text,
 * objects and arrays one item per line (or compact). One copy, exported
 * through the plugin API, so a format differs from JSON only in what it
 * says it is: its key labels, its layout and its name in errors.
 */
import { fill, MESSAGES } from "../diagnostics/catalogue.js";
import { OutputError } from "./output-error.js";
import { TextWriter } from "./text-writer.js";
import type { TextSink } from "./text-sink.js";
import { numberText } from "../values/number-text.js";
import { isFloatValue, isObjectValue, type LazyArray, type ObjectValue, type Value } from "../values/values.js";

/**
 * `s` as a JSON string literal, byte-identical to `JSON.stringify(s)`. Most
 * strings of a config need no escape: those are scanned and quoted by
 * concatenation, about half the cost of the builtin call. Anything it would
 * escape (control characters, `"`, `\`, and any surrogate, since a lone one is
 * written as `\uXXXX`) goes to it.
 */
export function jsonString(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 32 || c === 34 || c === 92 || (c >= 0xd800 && c <= 0xdfff)) return JSON.stringify(s);
  }
  return '"' + s + '"';
}

/** What a {@link JsonLayoutWriter} writes besides the JSON defaults. */
export interface JsonLayoutOptions {
  /** No white space between tokens (`JSON.stringify(value)` layout). Default false: two-space indentation. */
  readonly compact?: boolean;
  /**
   * The text written before a member's value, colon and any space after it
   * included (JSON: `"key": `); depends on the key alone (it is cached).
   */
  readonly keyLabel: (key: string) => string;
  /** How errors name the output (`JSON`, `TypeScript output`). */
  readonly formatName: string;
  /** Record the key of the root object being written as {@link JsonLayoutWriter.topKey}, to name it in errors (default true). */
  readonly namesTopKeys?: boolean;
}

/**
 * The layout pieces around the items of a container whose items sit at one
 * depth, each joined once with that depth's indentation: writing an item
 * then appends two strings (separator, key label) instead of four, and every
 * `+` on the output makes a rope node for the garbage collector.
 */
interface DepthLayout {
  /** `{` or `[`, line break and indentation before the first item. */
  readonly openObject: string;
  readonly openArray: string;
  /** `,`, line break and indentation before every later item. */
  readonly comma: string;
  /** Line break and the parent's indentation, then `}` or `]`. */
  readonly closeObject: string;
  readonly closeArray: string;
}

/** Writes values in the JSON layout; subclass or use as it is. */
export class JsonLayoutWriter extends TextWriter {
  /** The top-level key being written, named in errors (set by the caller, or by the writer when it writes the root object). */
  topKey: string | undefined = undefined;
  private readonly keyLabel: (key: string) => string;
  private readonly formatName: string;
  private readonly namesTopKeys: boolean;
  /** Canonical (two-space indentation, one item per line) or compact (no white space). */
  private readonly newline: string;
  /** {@link DepthLayout} by the depth of the items. */
  private readonly layouts: DepthLayout[] = [];

  constructor(sink: TextSink, options: JsonLayoutOptions) {
    const compact = options.compact === true;
    super(sink, compact ? "" : "  ");
    this.keyLabel = options.keyLabel;
    this.formatName = options.formatName;
    this.namesTopKeys = options.namesTopKeys !== false;
    this.newline = compact ? "" : "\n";
  }

  /** The layout pieces of items at `depth`, joined with its indentation once per writer. */
  private layout(depth: number): DepthLayout {
    let l = this.layouts[depth];
    if (l === undefined) {
      const inner = this.newline + this.indent(depth);
      const outer = this.newline + this.indent(depth - 1);
      l = { openObject: "{" + inner, openArray: "[" + inner, comma: "," + inner, closeObject: outer + "}", closeArray: outer + "]" };
      this.layouts[depth] = l;
    }
    return l;
  }

  /** Write `v` as a value nested `depth` levels deep. */
  writeValue(v: Value, depth: number): void {
    if (typeof v === "string") this.write(jsonString(v));
    else if (typeof v === "number" || typeof v === "bigint") this.write(numberText(v));
    else if (typeof v === "boolean") this.write(v ? "true" : "false");
    else if (v === null) this.write("null");
    else if (isFloatValue(v)) this.writeFloat(v.value);
    else if (isObjectValue(v)) this.writeObject(v, depth);
    else this.writeArray(v, depth);
  }

  private writeFloat(n: number): void {
    // The evaluator never produces these (R19); a third-party tree might.
    if (!Number.isFinite(n)) throw new OutputError(fill(MESSAGES.numberNotRepresentable, this.formatName, String(n)).message, this.topKey);
    this.write(numberText(n));
  }

  private writeObject(obj: ObjectValue, depth: number): void {
    if (obj.size === 0) return this.write("{}");
    const layout = this.layout(depth + 1);
    const label = this.keyLabel;
    const namesKeys = depth === 0 && this.namesTopKeys;
    let sep = layout.openObject;
    for (let i = 0, keys = obj.keys, values = obj.values; i < keys.length; i++) {
      const key = keys[i] as string;
      if (namesKeys) this.topKey = key;
      this.write(sep + this.cachedKey(key, label));
      this.writeValue(values[i] as Value, depth + 1);
      this.flushIfFull();
      sep = layout.comma;
    }
    this.write(layout.closeObject);
  }

  private writeArray(arr: readonly Value[] | LazyArray, depth: number): void {
    if (arr.length === 0) return this.write("[]");
    const layout = this.layout(depth + 1);
    let sep = layout.openArray;
    for (const item of arr) {
      this.write(sep);
      this.writeValue(item, depth + 1);
      this.flushIfFull();
      sep = layout.comma;
    }
    this.write(layout.closeArray);
  }
}
