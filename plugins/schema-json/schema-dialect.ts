/**
 * Which JSON Schema dialect a document asks for (`$schema`, §12.2):
 * draft-07 by default, 2019-09 and 2020-12 when named. draft-06 is accepted
 * as draft-07 (ajv's draft-07 class understands it); anything else is refused
 * rather than silently validated under different rules.
 */
import { SchemaProblem } from "./schema-problem.js";
import { getOwn, isRecord } from "./own-record.js";
import { fillMessage, SCHEMA_MESSAGES } from "../../core/plugin/index.js";

/** The dialects the plugin validates. */
export type SchemaDialect = "draft-07" | "2019-09" | "2020-12";

const DIALECTS: readonly { readonly dialect: SchemaDialect; readonly pattern: RegExp }[] = [
  { dialect: "draft-07", pattern: /^https?:\/\/json-schema\.org\/draft-0[67]\/schema#?$/ },
  { dialect: "2019-09", pattern: /^https?:\/\/json-schema\.org\/draft\/2019-09\/schema#?$/ },
  { dialect: "2020-12", pattern: /^https?:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/ },
];

/** The dialect of a (copied) schema document. */
export function schemaDialect(schema: unknown): SchemaDialect {
  if (!isRecord(schema)) return "draft-07";
  const declared = getOwn(schema, "$schema");
  if (declared === undefined) return "draft-07";
  if (typeof declared !== "string") throw new SchemaProblem(fillMessage(SCHEMA_MESSAGES.schemaNotString));
  const found = DIALECTS.find((d) => d.pattern.test(declared.trim()));
  if (!found) throw new SchemaProblem(fillMessage(SCHEMA_MESSAGES.unsupportedDialect, declared));
  return found.dialect;
}

/** True for `$schema` URIs of the drafts ajv knows without loading anything. */
export function isMetaSchemaUri(uri: string): boolean {
  return /^https?:\/\/json-schema\.org\//.test(uri);
}

/** The `$schema` URI ajv registers for each dialect (the spelling variants accepted above map to it). */
export const CANONICAL_SCHEMA_URI: Readonly<Record<SchemaDialect, string>> = {
  "draft-07": "http://json-schema.org/draft-07/schema#",
  "2019-09": "https://json-schema.org/draft/2019-09/schema",
  "2020-12": "https://json-schema.org/draft/2020-12/schema",
};
