/**
 * The TOML emitter (LANGUAGE.md §10.4). In every table the plain entries
 * come first, then sub-tables and arrays of tables in insertion order, each
 * under a `[path]` / `[[path]]` header preceded by a blank line. Nulls in
 * tables are omitted; a null array element and an unpaired surrogate are
 * refused by the format's pre-flight check (toml-check.ts).
 * Text is accumulated locally and handed to the sink in chunks of about
 * {@link CHUNK_SIZE} code units.
 */
import { FloatValue, LazyArray, ObjectValue, OutputError, numberText, type TextSink, type Value } from "../../core/plugin.js";
import { checkToml } from "./toml-check.js";
import { isArrayOfTables } from "./toml-shape.js";
import { UnpairedSurrogateError, tomlFloat, tomlKey, tomlString } from "./toml-text.js";

/** Flush threshold, in UTF-16 code units. */
const CHUNK_SIZE = 32 * 1024;

/** Most distinct keys remembered per run (keeps the cache small when keys are all different). */
const KEY_CACHE_LIMIT = 4096;

/** Write `root` as a TOML document to `sink` (empty root → empty output). */
export function emitToml(root: ObjectValue, sink: TextSink): void {
  const w = new TomlWriter(root, sink);
  try {
    w.writeTable(root, "");
  } catch (e) {
    if (e instanceof UnpairedSurrogateError) {
      // Only reachable when the pre-flight check was skipped: let it name the place.
      checkToml(root);
      throw new OutputError("TOML cannot represent a string with an unpaired UTF-16 surrogate", w.topKey);
    }
    throw e;
  }
  w.flush();
}

/** One emission run. */
class TomlWriter {
  out = "";
  /** The top-level key being written, named in errors. */
  topKey: string | undefined = undefined;
  /** True once anything was written: every later header gets a blank line before it. */
  private started = false;
  /** Key texts seen in this run: generated data repeats the same few keys millions of times. */
  private readonly keys = new Map<string, string>();

  constructor(
    private readonly root: ObjectValue,
    private readonly sink: TextSink,
  ) {}

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

  private keyText(key: string): string {
    let text = this.keys.get(key);
    if (text === undefined) {
      text = tomlKey(key);
      if (this.keys.size < KEY_CACHE_LIMIT) this.keys.set(key, text);
    }
    return text;
  }

  /** The body of a table whose header path is `path` (`""` for the root table). */
  writeTable(table: ObjectValue, path: string): void {
    const isRoot = table === this.root;
    // Tables and arrays of tables, kept as key, value pairs for the second pass.
    let later: (string | Value)[] | undefined;
    for (let i = 0, keys = table.keys, values = table.values; i < keys.length; i++) {
      const key = keys[i] as string;
      const v = values[i] as Value;
      if (v === null) continue;
      if (isRoot) this.topKey = key;
      if (v instanceof ObjectValue || ((Array.isArray(v) || v instanceof LazyArray) && isArrayOfTables(v))) {
        (later ??= []).push(key, v);
        continue;
      }
      this.out += this.keyText(key) + " = ";
      this.writeInline(v);
      this.out += "\n";
      this.started = true;
      if (this.out.length >= CHUNK_SIZE) this.flush();
    }
    if (later === undefined) return;
    for (let i = 0; i < later.length; i += 2) {
      const key = later[i] as string;
      const v = later[i + 1] as ObjectValue | Value[] | LazyArray;
      if (isRoot) this.topKey = key;
      const sub = path === "" ? this.keyText(key) : path + "." + this.keyText(key);
      if (v instanceof ObjectValue) {
        this.header("[" + sub + "]\n");
        this.writeTable(v, sub);
      } else {
        const header = "[[" + sub + "]]\n";
        for (const item of v) {
          this.header(header);
          this.writeTable(item as ObjectValue, sub);
        }
      }
    }
  }

  private header(text: string): void {
    this.out += this.started ? "\n" + text : text;
    this.started = true;
    if (this.out.length >= CHUNK_SIZE) this.flush();
  }

  /** A value on the right of `=`, or inside an inline array or table. */
  private writeInline(v: Value): void {
    switch (typeof v) {
      case "string":
        this.out += tomlString(v);
        return;
      case "number":
      case "bigint":
        this.out += numberText(v);
        return;
      case "boolean":
        this.out += v ? "true" : "false";
        return;
    }
    if (v === null) {
      // Only reachable when the pre-flight check was skipped: let it name the place.
      checkToml(this.root);
      throw new OutputError("TOML cannot represent null (in an array)", this.topKey);
    }
    if (v instanceof FloatValue) this.out += tomlFloat(v.value);
    else if (v instanceof ObjectValue) this.writeInlineTable(v);
    else this.writeInlineArray(v);
  }

  private writeInlineArray(arr: Value[] | LazyArray): void {
    let sep = "[";
    for (const item of arr) {
      this.out += sep;
      this.writeInline(item);
      if (this.out.length >= CHUNK_SIZE) this.flush();
      sep = ", ";
    }
    this.out += sep === "[" ? "[]" : "]";
  }

  private writeInlineTable(obj: ObjectValue): void {
    let sep = "{ ";
    for (let i = 0, keys = obj.keys, values = obj.values; i < keys.length; i++) {
      const key = keys[i] as string;
      const item = values[i] as Value;
      if (item === null) continue;
      this.out += sep + this.keyText(key) + " = ";
      this.writeInline(item);
      if (this.out.length >= CHUNK_SIZE) this.flush();
      sep = ", ";
    }
    this.out += sep === "{ " ? "{}" : " }";
  }
}
