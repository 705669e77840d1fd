/**
 * The importer's round trip on one document: import it, transpile the JSSON
 * back to the same format, and read both documents with the exact data
 * readers; the two value trees must be equal (kinds, 64-bit integers, key
 * order). Also: the imported text formats to itself (it is already canonical).
 */
import { createEngine, type Engine } from "../../core/index.js";
import { standaloneBudget } from "../../core/data/data-budget.js";
import { readDataObject } from "../../core/data/data-document.js";
import { formatSource } from "../../core/format/format-source.js";
import { importDocument, IMPORT_MAX_DEPTH, type ImportFormat } from "../../core/import/import-document.js";
import { DEFAULT_LIMITS } from "../../core/index.js";
import { valueDifference } from "../fuzz/same-data.js";

const engine: Engine = createEngine();
const budget = () => standaloneBudget({ maxDepth: IMPORT_MAX_DEPTH, maxRangeItems: DEFAULT_LIMITS.maxRangeItems, maxItems: DEFAULT_LIMITS.maxItems });
const read = (format: ImportFormat, text: string) => readDataObject(format, text, "doc", budget(), "not an object");

/** The first broken property, or undefined. */
export function importProblem(text: string, format: ImportFormat): string | undefined {
  const r = importDocument(text, format);
  if (!r.ok) return `refused: ${r.message}`;
  const out = engine.transpile(r.text, { format });
  if (!out.ok) return `the imported JSSON fails: ${out.diagnostics[0]?.message}\n${r.text}`;
  const difference = valueDifference(read(format, text), read(format, out.output));
  if (difference !== undefined) return `${difference}\n--- JSSON\n${r.text}\n--- ${format}\n${out.output}`;
  const formatted = formatSource(r.text);
  if (!formatted.ok || formatted.text !== r.text) return `the imported text is not in the canonical layout:\n${r.text}\n---\n${formatted.ok ? formatted.text : ""}`;
  return undefined;
}
