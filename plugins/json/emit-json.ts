/**
 * The JSON emitter (LANGUAGE.md §10.2): `JSON.stringify(value, null, 2)`
 * layout plus a final newline, with integers beyond 2^53 written exactly and
 * floats in ECMAScript number text. Text is accumulated locally and handed to
 * the sink in chunks of about {@link CHUNK_SIZE} code units, so memory stays
 * flat however large the document is.
 */
import {
  FloatValue,
  LazyArray,
  ObjectValue,
  OutputError,
  numberText,
  type TextSink,
  type Value,
} from "../../core/plugin.js";

/** Flush threshold, in UTF-16 code units. */
const CHUNK_SIZE = 32 * 1024;

/** Most distinct keys remembered per run (keeps the cache small when keys are all different). */
const KEY_CACHE_LIMIT = 4096;

/** Write `root` as canonical JSON text to `sink`. */
export function emitJson(root: ObjectValue, sink: TextSink): void {
  const w = new JsonWriter(sink);
  w.writeObject(root, 0);
  w.out += "\n";
  w.flush();
}

/** One emission run: the pending text, the sink and an indentation cache that lives only as long as the run. */
class JsonWriter {
  out = "";
  /** The top-level key being written, named in errors. */
  private topKey: string | undefined = undefined;
  private readonly indents: string[] = [""];
  /** Quoted keys seen in this run: generated data repeats the same few keys millions of times. */
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

  private keyText(key: string): string {
    let text = this.keys.get(key);
    if (text === undefined) {
      text = JSON.stringify(key);
      if (this.keys.size < KEY_CACHE_LIMIT) this.keys.set(key, text);
    }
    return text;
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

  writeObject(obj: ObjectValue, depth: number): void {
    if (obj.size === 0) {
      this.out += "{}";
      return;
    }
    const inner = this.indent(depth + 1);
    let sep = "{\n";
    for (let i = 0, keys = obj.keys, values = obj.values; i < keys.length; i++) {
      const key = keys[i] as string;
      const item = values[i] as Value;
      if (depth === 0) this.topKey = key;
      this.out += sep + inner + this.keyText(key) + ": ";
      this.writeValue(item, depth + 1);
      if (this.out.length >= CHUNK_SIZE) this.flush();
      sep = ",\n";
    }
    this.out += "\n" + this.indent(depth) + "}";
  }

  private writeArray(arr: Value[] | LazyArray, depth: number): void {
    if (arr.length === 0) {
      this.out += "[]";
      return;
    }
    const inner = this.indent(depth + 1);
    let sep = "[\n";
    for (const item of arr) {
      this.out += sep + inner;
      this.writeValue(item, depth + 1);
      if (this.out.length >= CHUNK_SIZE) this.flush();
      sep = ",\n";
    }
    this.out += "\n" + this.indent(depth) + "]";
  }
}
