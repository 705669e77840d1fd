/**
 * Data documents (LANGUAGE.md §16.1, §16.2): which paths are data, and
 * reading one as an object of engine values, exactly, within a budget.
 */
import { CODES, fill, MESSAGES } from "../diagnostics/catalogue.js";
import { LineIndex } from "../source/line-index.js";
import { ObjectValue, type Value } from "../values/values.js";
import type { DataBudget } from "./data-budget.js";
import { readJsonData } from "./read-json-data.js";
import { readTomlData } from "./read-toml-data.js";
import { readYamlData, type YamlNodes } from "./read-yaml-data.js";
import { ValueBuilder } from "./value-builder.js";
import { DataError } from "./data-error.js";

/** The formats a data document may be written in. */
export type DataFormat = "json" | "yaml" | "toml";

/** The data format a path names by its extension (`.json`, `.yaml`, `.yml`, `.toml`, any case), or undefined. */
export function dataFormatOf(path: string): DataFormat | undefined {
  const ext = /\.(json|ya?ml|toml)$/i.exec(path)?.[1]?.toLowerCase();
  return ext === "yml" ? "yaml" : (ext as DataFormat | undefined);
}

/** Read `text` as a data document holding any value (`--var-json`); throws like {@link readDataObject}. */
export function readDataValue(format: DataFormat, text: string, label: string, budget: DataBudget, yamlNodes?: YamlNodes): Value {
  const b = new ValueBuilder(budget, label);
  // Hosts keep a byte-order mark (the lexer skips it for JSSON); a data file may carry one too.
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  try {
    return format === "json" ? readJsonData(text, b) : format === "yaml" ? readYamlData(text, b, yamlNodes) : readTomlData(text, b);
  } catch (e) {
    // A depth limit set beyond what the stack holds (`--max-depth 1000000`): still a clear error.
    if (e instanceof RangeError && /call stack/i.test(e.message)) throw new DataError(fill(MESSAGES.nestingTooDeep, budget.maxDepth), 1);
    throw e;
  }
}

/**
 * Read `text` as a data document whose top level must be an object.
 * @param label how messages name the document (the path as written)
 * @param notObject the message when the top level is not an object
 * @param yamlNodes `jsson import`'s: receives a YAML document's node tree and the value of each node (see readYamlData)
 * @throws {@link DataError} with the line of the problem in `text`; the budget's own time/cancel errors pass through
 */
export function readDataObject(format: DataFormat, text: string, label: string, budget: DataBudget, notObject: string, yamlNodes?: YamlNodes): ObjectValue {
  const value = readDataValue(format, text, label, budget, yamlNodes);
  if (!(value instanceof ObjectValue)) throw new DataError({ code: CODES.I5_DATA_NOT_OBJECT, message: notObject }, firstContentLine(text));
  return value;
}

/** Line of the first character that is not white space (the top-level value). */
function firstContentLine(text: string): number {
  const at = text.search(/[^\s\uFEFF]/);
  return at < 0 ? 1 : new LineIndex(text).line(at);
}
