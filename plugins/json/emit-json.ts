/**
 * The JSON emitter (LANGUAGE.md §10.2): `JSON.stringify(value, null, 2)`
 * layout plus a final newline, with integers beyond 2^53 written exactly and
 * floats in ECMAScript number text. Text is accumulated locally and handed to
 * the sink in chunks of about {@link TEXT_CHUNK} code units, so memory stays
 * flat however large the document is.
 */
import {
  FloatValue,
  LazyArray,
  ObjectValue,
  OutputError,
  TextWriter,
  numberText,
  type TextSink,
  type Value,
} from "../../core/plugin.js";

/** Options of the JSON format. */
export interface JsonOptions {
  /** No whitespace between tokens (`JSON.stringify(value)` layout); the output still ends with a newline. */
  readonly compact?: boolean;
}

/** Write `value` (the root object, or any value a selection picked) as JSON text to `sink`. */
export function emitJson(value: Value, sink: TextSink, options: JsonOptions = {}): void {
  const w = new JsonWriter(sink, options.compact === true);
  w.writeValue(value, 0);
  w.out += "\n";
  w.flush();
}

/** One emission run: the pending text, the sink and an indentation cache that lives only as long as the run. */
class JsonWriter extends TextWriter {
  /** The top-level key being written, named in errors. */
  private topKey: string | undefined = undefined;
  /** Layout pieces, made once: canonical (two-space indentation, one item per line) or compact (no white space). */
  private readonly newline: string;
  private readonly colon: string;
  private readonly comma: string;
  private readonly openObject: string;
  private readonly openArray: string;

  constructor(sink: TextSink, compact: boolean) {
    super(sink, compact ? "" : "  ");
    this.newline = compact ? "" : "\n";
    this.colon = compact ? ":" : ": ";
    this.comma = compact ? "," : ",\n";
    this.openObject = compact ? "{" : "{\n";
    this.openArray = compact ? "[" : "[\n";
  }

  private key(key: string): string {
    return this.cachedKey(key, JSON.stringify);
  }

  writeValue(v: Value, depth: number): void {
    switch (typeof v) {
      case "string":
        this.out += JSON.stringify(v);
        return;
      case "number":
      case "bigint":
        this.out += numberText(v);
        return;
      case "boolean":
        this.out += v ? "true" : "false";
        return;
      default:
        if (v === null) this.out += "null";
        else if (v instanceof FloatValue) this.writeFloat(v.value);
        else if (v instanceof ObjectValue) this.writeObject(v, depth);
        else this.writeArray(v, depth);
    }
  }

  private writeFloat(n: number): void {
    // The evaluator never produces these (R19); a third-party tree might.
    if (!Number.isFinite(n)) throw new OutputError(`JSON cannot represent the number ${String(n)}`, this.topKey);
    this.out += numberText(n);
  }

  private writeObject(obj: ObjectValue, depth: number): void {
    if (obj.size === 0) {
      this.out += "{}";
      return;
    }
    const inner = this.indent(depth + 1);
    const colon = this.colon;
    const comma = this.comma;
    let sep = this.openObject;
    for (let i = 0, keys = obj.keys, values = obj.values; i < keys.length; i++) {
      const key = keys[i] as string;
      const item = values[i] as Value;
      if (depth === 0) this.topKey = key;
      this.out += sep + inner + this.key(key) + colon;
      this.writeValue(item, depth + 1);
      this.flushIfFull();
      sep = comma;
    }
    this.out += this.newline + this.indent(depth) + "}";
  }

  private writeArray(arr: Value[] | LazyArray, depth: number): void {
    if (arr.length === 0) {
      this.out += "[]";
      return;
    }
    const inner = this.indent(depth + 1);
    const comma = this.comma;
    let sep = this.openArray;
    for (const item of arr) {
      this.out += sep + inner;
      this.writeValue(item, depth + 1);
      this.flushIfFull();
      sep = comma;
    }
    this.out += this.newline + this.indent(depth) + "]";
  }
}
