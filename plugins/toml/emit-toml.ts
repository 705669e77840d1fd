/**
 * The TOML emitter (LANGUAGE.md §10.4). In every table the plain entries
 * come first, then sub-tables and arrays of tables in insertion order, each
 * under a `[path]` / `[[path]]` header preceded by a blank line. Nulls in
 * tables are omitted; a null array element and an unpaired surrogate are
 * refused by the format's pre-flight check (toml-check.ts).
 * Text is accumulated locally and handed to the sink in chunks of about
 * {@link TEXT_CHUNK} code units.
 */
import { OutputError, OUTPUT_MESSAGES, fillMessage, isFloatValue, isLazyArray, isObjectValue, type LazyArray, type ObjectValue, TextWriter, numberText, type TextSink, type Value } from "../../core/plugin/index.js";
import { checkToml } from "./toml-check.js";
import { isArrayOfTables } from "./toml-shape.js";
import { UnpairedSurrogateError, tomlFloat, tomlKey, tomlString } from "./toml-text.js";

/** Write `root` as a TOML document to `sink` (empty root → empty output). */
export function emitToml(root: ObjectValue, sink: TextSink): void {
  const w = new TomlWriter(root, sink);
  try {
    w.writeTable(root, "");
  } catch (e) {
    if (e instanceof UnpairedSurrogateError) {
      // Only reachable when the pre-flight check was skipped: let it name the place.
      checkToml(root);
      throw new OutputError(fillMessage(OUTPUT_MESSAGES.tomlUnpairedSurrogateWriting), w.topKey);
    }
    throw e;
  }
  w.flush();
}

/** One emission run. */
class TomlWriter extends TextWriter {
  /** The top-level key being written, named in errors. */
  topKey: string | undefined = undefined;
  /** True once anything was written: every later header gets a blank line before it. */
  private started = false;

  constructor(
    private readonly root: ObjectValue,
    sink: TextSink,
  ) {
    super(sink);
  }

  private keyText(key: string): string {
    return this.cachedKey(key, tomlKey);
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
      if (isObjectValue(v) || ((Array.isArray(v) || isLazyArray(v)) && isArrayOfTables(v))) {
        (later ??= []).push(key, v);
        continue;
      }
      this.write(this.keyText(key) + " = ");
      this.writeInline(v);
      this.write("\n");
      this.started = true;
      this.flushIfFull();
    }
    if (later === undefined) return;
    for (let i = 0; i < later.length; i += 2) {
      const key = later[i] as string;
      const v = later[i + 1] as ObjectValue | Value[] | LazyArray;
      if (isRoot) this.topKey = key;
      const sub = path === "" ? this.keyText(key) : path + "." + this.keyText(key);
      if (isObjectValue(v)) {
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
    this.write(this.started ? "\n" + text : text);
    this.started = true;
    this.flushIfFull();
  }

  /** A value on the right of `=`, or inside an inline array or table. */
  private writeInline(v: Value): void {
    switch (typeof v) {
      case "string":
        this.write(tomlString(v));
        return;
      case "number":
      case "bigint":
        this.write(numberText(v));
        return;
      case "boolean":
        this.write(v ? "true" : "false");
        return;
    }
    if (v === null) {
      // Only reachable when the pre-flight check was skipped: let it name the place.
      checkToml(this.root);
      throw new OutputError(fillMessage(OUTPUT_MESSAGES.tomlNullInArrayWriting), this.topKey);
    }
    if (isFloatValue(v)) this.write(tomlFloat(v.value));
    else if (isObjectValue(v)) this.writeInlineTable(v);
    else this.writeInlineArray(v);
  }

  private writeInlineArray(arr: Value[] | LazyArray): void {
    let sep = "[";
    for (const item of arr) {
      this.write(sep);
      this.writeInline(item);
      this.flushIfFull();
      sep = ", ";
    }
    this.write(sep === "[" ? "[]" : "]");
  }

  private writeInlineTable(obj: ObjectValue): void {
    let sep = "{ ";
    for (let i = 0, keys = obj.keys, values = obj.values; i < keys.length; i++) {
      const key = keys[i] as string;
      const item = values[i] as Value;
      if (item === null) continue;
      this.write(sep + this.keyText(key) + " = ");
      this.writeInline(item);
      this.flushIfFull();
      sep = ", ";
    }
    this.write(sep === "{ " ? "{}" : " }");
  }
}
