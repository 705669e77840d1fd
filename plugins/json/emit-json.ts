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

/** Key texts with their colon, made once per key (a module function, so the writer's key cache can hold them). */
const prettyKey = (key: string): string => JSON.stringify(key) + ": ";
const compactKey = (key: string): string => JSON.stringify(key) + ":";

/**
 * The layout pieces around the items of a container whose items sit at one
 * depth, each joined once with that depth's indentation: writing an item
 * then appends two strings (separator, key text) instead of four, and every
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

/** One emission run: the pending text, the sink and layout caches that live only as long as the run. */
class JsonWriter extends TextWriter {
  /** The top-level key being written, named in errors. */
  private topKey: string | undefined = undefined;
  private readonly compact: boolean;
  private readonly keyText: (key: string) => string;
  /** {@link DepthLayout} by the depth of the items. */
  private readonly layouts: DepthLayout[] = [];

  constructor(sink: TextSink, compact: boolean) {
    super(sink, compact ? "" : "  ");
    this.compact = compact;
    this.keyText = compact ? compactKey : prettyKey;
  }

  private layout(depth: number): DepthLayout {
    let l = this.layouts[depth];
    if (l === undefined) {
      const nl = this.compact ? "" : "\n";
      const inner = nl + this.indent(depth);
      const outer = nl + this.indent(depth - 1);
      l = { openObject: "{" + inner, openArray: "[" + inner, comma: "," + inner, closeObject: outer + "}", closeArray: outer + "]" };
      this.layouts[depth] = l;
    }
    return l;
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
    const layout = this.layout(depth + 1);
    const keyText = this.keyText;
    let sep = layout.openObject;
    for (let i = 0, keys = obj.keys, values = obj.values; i < keys.length; i++) {
      const key = keys[i] as string;
      const item = values[i] as Value;
      if (depth === 0) this.topKey = key;
      this.out += sep + this.cachedKey(key, keyText);
      this.writeValue(item, depth + 1);
      this.flushIfFull();
      sep = layout.comma;
    }
    this.out += layout.closeObject;
  }

  private writeArray(arr: Value[] | LazyArray, depth: number): void {
    if (arr.length === 0) {
      this.out += "[]";
      return;
    }
    const layout = this.layout(depth + 1);
    let sep = layout.openArray;
    for (const item of arr) {
      this.out += sep;
      this.writeValue(item, depth + 1);
      this.flushIfFull();
      sep = layout.comma;
    }
    this.out += layout.closeArray;
  }
}
