/**
 * `jsson import`: a JSON, YAML or TOML document as idiomatic JSSON source
 * that transpiles back to the same data (docs/import.md). The document is
 * read with the exact data readers of data includes (core/data: 64-bit
 * integers, `1.0` stays a float, key order, YAML aliases expanded within the
 * item limit), then written by {@link writeJsson}; YAML anchors that are
 * used become `:=` variables and merge keys spreads ({@link yamlSharing});
 * YAML and TOML comments that sit on or above a key are carried over (best
 * effort). A YAML value YAML 1.1 readers read otherwise is named in a warning.
 */
import { DEFAULT_LIMITS } from "../values/limits.js";
import { standaloneBudget } from "../data/data-budget.js";
import { readDataObject, type DataFormat } from "../data/data-document.js";
import { DataError } from "../data/data-error.js";
import { ImportError } from "./import-error.js";
import { tomlComments, tomlDatePaths, yamlComments } from "./source-comments.js";
import { allKeys, writeJsson } from "./write-jsson.js";
import { yamlSharing } from "./yaml-sharing.js";
import { yaml11Warnings } from "./yaml11-readings.js";
import type { YamlNodes } from "../data/read-yaml-data.js";

/** The formats `jsson import` reads. */
export type ImportFormat = DataFormat;

/** Options of {@link importDocument}. */
export interface ImportOptions {
  /** How messages name the document (a path, or `<stdin>`). */
  readonly label?: string;
  /** Carry YAML/TOML comments over (default true). */
  readonly comments?: boolean;
}

/** The JSSON text and what the reader should know, or why there is none. */
export type ImportResult =
  | { readonly ok: true; readonly text: string; readonly warnings: readonly string[] }
  | { readonly ok: false; readonly message: string; readonly line: number | undefined };

/**
 * Deepest nesting imported. JSSON's parser counts an expression and a body
 * per level against its own depth limit (512), so deeper data would be
 * written but not read back.
 */
export const IMPORT_MAX_DEPTH = 100;

/** Convert `text`, a document in `format`. */
export function importDocument(text: string, format: ImportFormat, options: ImportOptions = {}): ImportResult {
  const label = options.label ?? "<input>";
  try {
    const budget = standaloneBudget({ maxDepth: IMPORT_MAX_DEPTH, maxRangeItems: DEFAULT_LIMITS.maxRangeItems, maxItems: DEFAULT_LIMITS.maxItems });
    const nodes: YamlNodes | undefined = format === "yaml" ? { root: null, values: new Map(), targets: new Map() } : undefined;
    const root = readDataObject(format, text, label, budget, `the top level of "${label}" is not an object: JSSON holds a document of keys (wrap it in a key)`, nodes);
    const shared = nodes === undefined ? undefined : yamlSharing(nodes, allKeys(root));
    const comments = options.comments === false || format === "json" ? undefined : format === "yaml" ? yamlComments(text) : tomlComments(text);
    const written = writeJsson(root, {
      maxLength: DEFAULT_LIMITS.maxSourceLength,
      ...(shared === undefined ? {} : { shared }),
      ...(comments === undefined ? {} : { commentsFor: (path: readonly string[]) => comments.get(path.join("\u0000")) }),
    });
    const warnings = nodes === undefined ? [] : yaml11Warnings(nodes.root, nodes.values);
    if (format === "toml") for (const p of tomlDatePaths(text)) warnings.push(`the TOML date/time at "${p}" became a string (JSSON has no date type)`);
    return { ok: true, text: written, warnings };
  } catch (e) {
    if (e instanceof DataError || e instanceof ImportError) return { ok: false, message: e.message, line: e.line };
    throw e;
  }
}
