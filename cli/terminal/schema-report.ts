/** The CLI's schema validation report (LANGUAGE.md §12.3), written to stderr. */
import { extname } from "node:path";
import { CODES, type Diagnostic, type SchemaResult, type SourcePlace, type ValuePlace } from "../../core/index.js";
import { diagnosticReport } from "./diagnostic-report.js";
import { terminalText } from "./terminal-text.js";
import { shownPath } from "./shown-path.js";

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

/** How the report names the files of source places. */
export interface PlaceNames {
  /** The root source as the user named it (`config.jsson`, `<stdin>`). */
  readonly root: string;
  /** The folder other files are shown relative to (when they lie inside it). */
  readonly cwd: string;
}

/**
 * The report text for a validation result. With `places` (one per line of
 * `errors`, LANGUAGE.md §12.3), each failure line is followed by its place:
 * `--> file:line:column`, the source line and a caret, and the related
 * place (the `@use` of a preset, a data file) the same way.
 */
export function schemaReport(result: SchemaResult, schemaFormat: string | undefined, places?: readonly (ValuePlace | undefined)[], names?: PlaceNames): string {
  const label = schemaFormat ?? "auto-detected";
  const bullets = result.errors
    .map((e, i) => {
      const place = places?.[i];
      return `  • ${e}\n` + (place === undefined || names === undefined ? "" : placeLines(place, names));
    })
    .join("");
  if (result.schemaError) return `❌ Invalid schema (${label} format):\n${bullets}`;
  if (!result.valid) return `❌ Validation failed against schema (${label} format):\n${bullets}`;
  return "✓ Validation passed against schema\n";
}

/** `--> file:line:column` and the excerpt, indented under a failure line; then the related place, if any. */
function placeLines(place: ValuePlace, names: PlaceNames): string {
  let out = excerpt(place, names);
  if (place.related !== undefined) out += `    note: ${place.related.message}\n` + excerpt(place.related.place, names);
  return out;
}

function excerpt(place: SourcePlace, names: PlaceNames): string {
  const where = `    --> ${terminalText(placeFileName(place.file, names))}:${place.line}:${place.column}\n`;
  // the excerpt lines of a diagnostic report (its first line, `Line <n>: …`, is the failure line here)
  const d: Diagnostic = { code: CODES.O_OUTPUT, message: "", start: place.start, end: place.end, line: place.line, column: place.column, endLine: place.endLine, endColumn: place.endColumn };
  const lines = diagnosticReport(d, place.text).split("\n").slice(1, -1);
  return where + lines.map((l) => `    ${l}\n`).join("");
}

/** A file as the report names it: the root as given, others relative to `cwd` when inside it. */
function placeFileName(file: string | undefined, names: PlaceNames): string {
  return file === undefined ? names.root : shownPath(file, names.cwd);
}
