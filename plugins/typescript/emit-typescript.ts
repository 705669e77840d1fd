/**
 * The TypeScript emitter (LANGUAGE.md §10.5): one `export const <key> =
 * <value> as const;` per top-level key (`= null;` for a top-level null), then a `// Generated types` block
 * with `export type <Key> = typeof <key>;` lines. Values use the JSON layout
 * with unquoted identifier keys. Text is accumulated locally and handed to
 * the sink in chunks of about {@link TEXT_CHUNK} code units.
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
import { isIdentifierName, typeName } from "./ts-names.js";

/**
 * Write `root` as a TypeScript module to `sink`. Top-level keys are assumed
 * to have passed `checkTypescript` (the format's pre-flight check).
 */
export function emitTypescript(root: ObjectValue, sink: TextSink): void {
  const w = new TsWriter(sink);
  for (let i = 0, keys = root.keys, values = root.values; i < keys.length; i++) {
    const key = keys[i] as string;
    const v = values[i] as Value;
    w.topKey = key;
    w.out += "export const " + key + " = ";
    w.writeValue(v, 0);
    // TypeScript refuses `null as const` (TS1355); a plain `null` declares the same type (LANGUAGE.md §10.5).
    w.out += v === null ? ";\n\n" : " as const;\n\n";
    w.flushIfFull();
  }
  w.out += "// Generated types\n";
  for (const key of root.keys) {
    w.out += "export type " + typeName(key) + " = typeof " + key + ";\n";
    w.flushIfFull();
  }
  w.flush();
}

/**
 * A property name: unquoted when it is an identifier name, else a string
 * literal. `__proto__` is written computed, because `__proto__: v` (quoted
 * or not) in an object literal sets the prototype instead of a property.
 */
function propertyName(key: string): string {
  if (key === "__proto__") return '["__proto__"]';
  return isIdentifierName(key) ? key : JSON.stringify(key);
}

/** `name: ` as written before a property value. */
function propertyLabel(key: string): string {
  return propertyName(key) + ": ";
}

/** One emission run: pending text, the sink, and an indentation cache that lives only as long as the run. */
class TsWriter extends TextWriter {
  /** The top-level key being written, named in errors. */
  topKey: string | undefined = undefined;

  private key(key: string): string {
    return this.cachedKey(key, propertyLabel);
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
    if (!Number.isFinite(n)) throw new OutputError(`TypeScript output cannot represent the number ${String(n)}`, this.topKey);
    this.out += numberText(n);
  }

  private writeObject(obj: ObjectValue, depth: number): void {
    if (obj.size === 0) {
      this.out += "{}";
      return;
    }
    const inner = this.indent(depth + 1);
    let sep = "{\n";
    for (let i = 0, keys = obj.keys, values = obj.values; i < keys.length; i++) {
      const key = keys[i] as string;
      const item = values[i] as Value;
      this.out += sep + inner + this.key(key);
      this.writeValue(item, depth + 1);
      this.flushIfFull();
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
      this.flushIfFull();
      sep = ",\n";
    }
    this.out += "\n" + this.indent(depth) + "]";
  }
}
