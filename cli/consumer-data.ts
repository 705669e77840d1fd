/**
 * "The data a consumer of the chosen output format would read"
 * (LANGUAGE.md §12.1): what schema validation checks, for the CLI
 * (`-schema`) and the HTTP server alike.
 *
 * - YAML and TOML: the emitted text parsed back (so TOML's dropped nulls
 *   are visible to the schema);
 * - JSON, TypeScript and any other format: the evaluated value tree as plain
 *   data (a TypeScript file is a module, not a data format).
 */
// js-yaml and smol-toml through the schema plugin's lazy loaders: only a
// run that validates YAML or TOML output reads it back, and importing them
// here would make every CLI start compile them (~130 KB)
import { jsYamlModule, smolTomlModule } from "../plugins/schema-json/lazy-modules.js";
import type { ObjectValue } from "../core/eval/values.js";
import { toPlainData } from "../core/eval/plain-data.js";
import { selectValue, type RunOptions } from "../core/index.js";

/** The data, or why the output could not be read back (a bug in an emitter). */
export type ConsumerData = { readonly ok: true; readonly data: unknown } | { readonly ok: false; readonly message: string };

/**
 * @param format canonical format name (`engine.canonicalFormat(...)`)
 * @param value  the evaluated tree of a successful run
 * @param output the emitted text of that run
 * @param options its options: a selection (`select`) is what was written, and
 *   a YAML stream (`documents`) is read back as the array of its documents
 */
export function consumerData(format: string, value: ObjectValue, output: string, options: Pick<RunOptions, "select" | "formatOptions"> = {}): ConsumerData {
  try {
    switch (format) {
      case "yaml":
        if (options.formatOptions?.["documents"] === true) return { ok: true, data: jsYamlModule().loadAll(output) };
        return { ok: true, data: jsYamlModule().load(output) ?? (options.select?.length ? null : {}) };
      case "toml":
        return { ok: true, data: smolTomlModule().parse(output, { integersAsBigInt: "asNeeded" }) };
      default: {
        const selected = selectValue(value, options.select ?? []);
        if (!selected.ok) return { ok: false, message: selected.message };
        return { ok: true, data: toPlainData(selected.value) };
      }
    }
  } catch (e) {
    return { ok: false, message: `cannot read the ${format} output back: ${e instanceof Error ? e.message : String(e)}` };
  }
}
