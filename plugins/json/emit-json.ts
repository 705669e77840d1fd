/**
 * The JSON emitter (LANGUAGE.md §10.2): `JSON.stringify(value, null, 2)`
 * layout plus a final newline, with integers beyond 2^53 written exactly and
 * floats in ECMAScript number text, written by the shared {@link JsonLayoutWriter}, which
 * hands the text to the sink in chunks, so memory stays
 * flat however large the document is.
 */
import { JsonLayoutWriter, type TextSink, type Value } from "../../core/plugin/index.js";

/** Options of the JSON format. */
export interface JsonOptions {
  /** No whitespace between tokens (`JSON.stringify(value)` layout); the output still ends with a newline. */
  readonly compact?: boolean;
}

/** `"key": `, as the canonical layout writes a member's key. */
function canonicalLabel(key: string): string {
  return JSON.stringify(key) + ": ";
}

/** `"key":`, as the compact layout writes it. */
function compactLabel(key: string): string {
  return JSON.stringify(key) + ":";
}

/** Write `value` (the root object, or any value a selection picked) as JSON text to `sink`. */
export function emitJson(value: Value, sink: TextSink, options: JsonOptions = {}): void {
  const compact = options.compact === true;
  const w = new JsonLayoutWriter(sink, { compact, keyLabel: compact ? compactLabel : canonicalLabel, formatName: "JSON" });
  w.writeValue(value, 0);
  w.write("\n");
  w.flush();
}
