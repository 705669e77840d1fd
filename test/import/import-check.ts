/**
 * The importer's round trip on one document: import it, transpile the JSSON
 * back to the same format, and read both documents with the exact data
 * readers; the two value trees must be equal (kinds, 64-bit integers, key
 * order). Also: the imported text formats to itself (it is already canonical).
 */
import { createEngine, type Engine } from "../../index.js";
import { standaloneBudget } from "../../core/data/data-budget.js";
import { readDataObject } from "../../core/data/data-document.js";
import { formatSource } from "../../core/format/format-source.js";
import { importDocument, IMPORT_MAX_DEPTH, type ImportFormat } from "../../core/import/import-document.js";
import { DEFAULT_LIMITS } from "../../core/index.js";
import { valueDifference } from "../support/same-data.js";
import { FloatValue, ObjectValue, normalizeInt, type Value } from "../../core/values/values.js";

const engine: Engine = createEngine();
const budget = () => standaloneBudget({ maxDepth: IMPORT_MAX_DEPTH, maxRangeItems: DEFAULT_LIMITS.maxRangeItems, maxItems: DEFAULT_LIMITS.maxItems });
const read = (format: ImportFormat, text: string) => readDataObject(format, text, "doc", budget(), "not an object");

/** A value as JSON output holds it: an integral float below 1e21 is written as an integer, -0.0 as 0 (LANGUAGE.md §10.1). */
function asJsonWritesIt(v: Value): Value {
  if (v instanceof FloatValue) return Number.isInteger(v.value) && Math.abs(v.value) < 1e21 ? normalizeInt(BigInt(v.value)) : v;
  if (v instanceof ObjectValue) return new ObjectValue(v.keys.map((k, i) => [k, asJsonWritesIt(v.values[i] as Value)] as const));
  if (Array.isArray(v)) return v.map(asJsonWritesIt);
  return v;
}

/** The first broken property, or undefined. */
export function importProblem(text: string, format: ImportFormat): string | undefined {
  const r = importDocument(text, format);
  if (!r.ok) return `refused: ${r.message}`;
  const original = read(format, text);
  // The JSSON holds exactly the data: kinds, every integer bit, -0.0, key order.
  // Strict: the imported text raises no warning either (a bare word near a name would, §16.5 W1).
  const evaluated = engine.evaluate(r.text, { strict: true });
  if (!evaluated.ok) return `the imported JSSON fails: ${evaluated.diagnostics[0]?.message}\n${r.text}`;
  const held = valueDifference(original, evaluated.value);
  if (held !== undefined) return `${held}\n--- JSSON\n${r.text}`;
  // And transpiling it back gives the same document, as the format writes numbers (LANGUAGE.md §10.1: JSON writes 3.0 as 3, but 1e21 as a float).
  const out = engine.transpile(r.text, { format });
  if (!out.ok) return `the imported JSSON fails: ${out.diagnostics[0]?.message}\n${r.text}`;
  const expected = format === "json" ? asJsonWritesIt(original) : original;
  const difference = valueDifference(expected, read(format, out.output));
  if (difference !== undefined) return `${difference}\n--- JSSON\n${r.text}\n--- ${format}\n${out.output}`;
  const formatted = formatSource(r.text);
  if (!formatted.ok || formatted.text !== r.text) return `the imported text is not in the canonical layout:\n${r.text}\n---\n${formatted.ok ? formatted.text : ""}`;
  return undefined;
}
