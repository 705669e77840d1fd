/** The CLI's schema validation report (LANGUAGE.md §12.3), written to stderr. */
import { extname } from "node:path";
import type { CheckedAgainstSchema } from "../../core/index.js";
import { placeWithNotes } from "./diagnostic-report.js";
import type { DiagnosticSources } from "./diagnostic-sources.js";

const SCHEMA_FORMATS: ReadonlyMap<string, string> = new Map([
  [".json", "json"],
  [".yaml", "yaml"],
  [".yml", "yaml"],
  [".toml", "toml"],
]);

/** `json`, `yaml` or `toml` from a schema file's extension; `undefined` lets the schema type sniff the text. */
export function schemaFormatOf(path: string): string | undefined {
  return SCHEMA_FORMATS.get(extname(path).toLowerCase());
}

/**
 * The report text for a check's verdict. A failure line whose place the
 * check found (§12.3) is followed by it as diagnostics show theirs
 * (`--> file:line:column`, the source line, a caret, from `sources`), then
 * each related place (the `@use` of a preset, a data file) after a `note:` line.
 */
export function schemaReport(checked: CheckedAgainstSchema, schemaFormat: string | undefined, sources: DiagnosticSources): string {
  const { result, places } = checked;
  const label = schemaFormat ?? "auto-detected";
  const bullets = result.errors
    .map((e, i) => {
      const place = places?.[i];
      // a place and its related places, indented under their failure line
      return `  • ${e}\n` + (place === undefined ? "" : placeWithNotes(place, sources).replace(/^/gm, "  ").replace(/ {2}$/, ""));
    })
    .join("");
  if (result.schemaError) return `❌ Invalid schema (${label} format):\n${bullets}`;
  if (!result.valid) return `❌ Validation failed against schema (${label} format):\n${bullets}`;
  return "✓ Validation passed against schema\n";
}
