/** The CLI's schema validation report (LANGUAGE.md §12.3), written to stderr. */
import { extname } from "node:path";
import type { SchemaResult } from "../../core/plugin.js";

/** `json`, `yaml` or `toml` from a schema file's extension; `undefined` lets the schema type sniff the text. */
export function schemaFormatOf(path: string): string | undefined {
  switch (extname(path).toLowerCase()) {
    case ".json":
      return "json";
    case ".yaml":
    case ".yml":
      return "yaml";
    case ".toml":
      return "toml";
    default:
      return undefined;
  }
}

/** The report text for a validation result. */
export function schemaReport(result: SchemaResult, schemaFormat: string | undefined): string {
  const label = schemaFormat ?? "auto-detected";
  const bullets = result.errors.map((e) => `  • ${e}\n`).join("");
  if (result.schemaError) return `❌ Invalid schema (${label} format):\n${bullets}`;
  if (!result.valid) return `❌ Validation failed against schema (${label} format):\n${bullets}`;
  return "✓ Validation passed against schema\n";
}
