/**
 * The TypeScript emitter (LANGUAGE.md §10.5): one `export const <key> =
 * <value> as const;` per top-level key (`= null;` for a top-level null), then a `// Generated types` block
 * with `export type <Key> = typeof <key>;` lines. Values use the JSON layout
 * with unquoted identifier keys, written by the shared {@link JsonLayoutWriter},
 * which hands the text to the sink in chunks.
 */
import { JsonLayoutWriter, type ObjectValue, type TextSink, type Value } from "../../core/plugin/index.js";
import { isIdentifierName, typeName } from "./ts-names.js";

/**
 * Write `root` as a TypeScript module to `sink`. Top-level keys are assumed
 * to have passed `checkTypescript` (the format's pre-flight check).
 */
export function emitTypescript(root: ObjectValue, sink: TextSink): void {
  // Top-level keys are named by this loop: the values below them are written at depth 0.
  const w = new JsonLayoutWriter(sink, { keyLabel: propertyLabel, formatName: "TypeScript output", namesTopKeys: false });
  for (let i = 0, keys = root.keys, values = root.values; i < keys.length; i++) {
    const key = keys[i] as string;
    const v = values[i] as Value;
    w.topKey = key;
    w.write("export const " + key + " = ");
    w.writeValue(v, 0);
    // TypeScript refuses `null as const` (TS1355); a plain `null` declares the same type (LANGUAGE.md §10.5).
    w.write(v === null ? ";\n\n" : " as const;\n\n");
    w.flushIfFull();
  }
  w.write("// Generated types\n");
  for (const key of root.keys) {
    w.write("export type " + typeName(key) + " = typeof " + key + ";\n");
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
