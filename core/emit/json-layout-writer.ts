/**
 * The value writer of every format that uses the JSON layout (JSON itself,
 * and the values of the TypeScript format): strings and keys quoted as
 * `JSON.stringify` does, integers exact, floats in ECMAScript number text,
 * objects and arrays one item per line (or compact). One copy, exported
 * through the plugin API, so a format differs from JSON only in what it
 * says it is: its key labels, its layout and its name in errors.
 */
import { OutputError } from "./output-error.js";
import { TextWriter } from "./text-writer.js";
import type { TextSink } from "./text-sink.js";
import { numberText } from "../eval/number-text.js";
import { FloatValue, ObjectValue, type LazyArray, type Value } from "../eval/values.js";

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

/** Writes values in the JSON layout; subclass or use as it is. */
export class JsonLayoutWriter extends TextWriter {
  /** The top-level key being written, named in errors (set by the caller, or by the writer when it writes the root object). */
  topKey: string | undefined = undefined;
  private readonly keyLabel: (key: string) => string;
  private readonly formatName: string;
  private readonly namesTopKeys: boolean;
  /** Layout pieces, made once: canonical (two-space indentation, one item per line) or compact (no white space). */
  private readonly newline: string;
  private readonly comma: string;
  private readonly openObject: string;
  private readonly openArray: string;

  constructor(sink: TextSink, options: JsonLayoutOptions) {
    const compact = options.compact === true;
    super(sink, compact ? "" : "  ");
    this.keyLabel = options.keyLabel;
    this.formatName = options.formatName;
    this.namesTopKeys = options.namesTopKeys !== false;
    this.newline = compact ? "" : "\n";
    this.comma = compact ? "," : ",\n";
    this.openObject = compact ? "{" : "{\n";
    this.openArray = compact ? "[" : "[\n";
  }

  /** Write `v` as a value nested `depth` levels deep. */
  writeValue(v: Value, depth: number): void {
    switch (typeof v) {
      case "string":
        this.write(JSON.stringify(v));
        return;
      case "number":
      case "bigint":
        this.write(numberText(v));
        return;
      case "boolean":
        this.write(v ? "true" : "false");
        return;
      default:
        if (v === null) this.write("null");
        else if (v instanceof FloatValue) this.writeFloat(v.value);
        else if (v instanceof ObjectValue) this.writeObject(v, depth);
        else this.writeArray(v, depth);
    }
  }

  private writeFloat(n: number): void {
    // The evaluator never produces these (R19); a third-party tree might.
    if (!Number.isFinite(n)) throw new OutputError(`${this.formatName} cannot represent the number ${String(n)}`, this.topKey);
    this.write(numberText(n));
  }

  private writeObject(obj: ObjectValue, depth: number): void {
    if (obj.size === 0) {
      this.write("{}");
      return;
    }
    const inner = this.indent(depth + 1);
    const comma = this.comma;
    const label = this.keyLabel;
    const namesKeys = depth === 0 && this.namesTopKeys;
    let sep = this.openObject;
    for (let i = 0, keys = obj.keys, values = obj.values; i < keys.length; i++) {
      const key = keys[i] as string;
      if (namesKeys) this.topKey = key;
      this.write(sep + inner + this.cachedKey(key, label));
      this.writeValue(values[i] as Value, depth + 1);
      this.flushIfFull();
      sep = comma;
    }
    this.write(this.newline + this.indent(depth) + "}");
  }

  private writeArray(arr: readonly Value[] | LazyArray, depth: number): void {
    if (arr.length === 0) {
      this.write("[]");
      return;
    }
    const inner = this.indent(depth + 1);
    const comma = this.comma;
    let sep = this.openArray;
    for (const item of arr) {
      this.write(sep + inner);
      this.writeValue(item, depth + 1);
      this.flushIfFull();
      sep = comma;
    }
    this.write(this.newline + this.indent(depth) + "]");
  }
}
