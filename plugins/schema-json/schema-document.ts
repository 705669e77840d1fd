/**
 * Reading a schema document: JSON, YAML or TOML text → plain JS value
 * (LANGUAGE.md §12.2). The format is explicit or sniffed.
 */
import type * as JsYaml from "js-yaml";
import { jsYamlModule, smolTomlModule } from "./lazy-modules.js";
import { SchemaProblem } from "./schema-problem.js";
import { SCHEMA_LIMITS } from "./limits.js";
import { fillMessage, SCHEMA_FORMATS, SCHEMA_MESSAGES, type SchemaFormat } from "../../core/plugin/index.js";

export type { SchemaFormat };

/** Normalise a format name (one of {@link SCHEMA_FORMATS} or `yml`, any case); undefined when unknown. */
export function schemaFormatName(name: string): SchemaFormat | undefined {
  const n = name.trim().toLowerCase();
  return SCHEMA_FORMATS.find((f) => f === n) ?? (n === "yml" ? "yaml" : undefined);
}

/**
 * Guess the format of a schema text (§12.2): first non-blank character `{`
 * → JSON; else TOML if it parses as TOML and not as a YAML mapping; else YAML.
 */
export function sniffSchemaFormat(text: string): SchemaFormat {
  text = withoutBom(text);
  const first = /\S/.exec(text)?.[0];
  if (first === "{") return "json";
  if (!parsesAsToml(text)) return "yaml";
  return parsesAsYamlMapping(text) ? "yaml" : "toml";
}

/** Parse `text` in `format` (a leading byte-order mark is ignored); a parse failure is a {@link SchemaProblem}. */
export function parseSchemaText(text: string, format: SchemaFormat): unknown {
  text = withoutBom(text);
  if (text.trim() === "") throw new SchemaProblem(fillMessage(SCHEMA_MESSAGES.emptyDocument));
  try {
    switch (format) {
      case "json":
        return JSON.parse(text) as unknown;
      case "yaml":
        return readYaml(text);
      case "toml":
        return smolTomlModule().parse(text) as unknown;
    }
  } catch (e) {
    if (e instanceof SchemaProblem) throw e;
    if (e instanceof RangeError) throw new SchemaProblem(fillMessage(SCHEMA_MESSAGES.documentTooDeep));
    throw new SchemaProblem(fillMessage(SCHEMA_MESSAGES.invalidDocument, format.toUpperCase(), firstLine(e)));
  }
}

/**
 * YAML 1.2 core scalars (no timestamps: `2024-01-01` stays the string the
 * data will hold) plus `<<` merge keys, which YAML schemas use for reuse.
 * `types` is exported by js-yaml 4 but missing from its typings.
 */
let yamlSchema: JsYaml.Schema | undefined;
function yamlSchemaOf(jsYaml: typeof JsYaml): JsYaml.Schema {
  return (yamlSchema ??= jsYaml.CORE_SCHEMA.extend({ implicit: [(jsYaml as unknown as { types: { merge: JsYaml.Type } }).types.merge] }));
}

/**
 * js-yaml does not expand aliases — they become shared objects — so loading
 * is linear; the expansion bound is enforced when the document is copied
 * (schema-tree.ts). js-yaml ≥ 4.3 also caps merge keys (10,000 by default).
 */
function readYaml(text: string): unknown {
  // `maxDepth` (js-yaml ≥ 4.3, not in its typings yet) stops deep nesting before its recursive composer overflows.
  const jsYaml = jsYamlModule();
  const options = { schema: yamlSchemaOf(jsYaml), json: true, maxDepth: SCHEMA_LIMITS.maxDepth };
  return jsYaml.load(text, options);
}

function parsesAsToml(text: string): boolean {
  try {
    smolTomlModule().parse(text);
    return true;
  } catch {
    return false;
  }
}

function parsesAsYamlMapping(text: string): boolean {
  try {
    const v = readYaml(text);
    return typeof v === "object" && v !== null && !Array.isArray(v);
  } catch {
    return false;
  }
}

function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The first line of an error message (parsers add multi-line excerpts). */
function firstLine(e: unknown): string {
  const msg = e instanceof Error ? e.message : String(e);
  return (msg.split("\n")[0] ?? msg).trim();
}
