/**
 * Schema text → compiled validator, or the reason the schema is unusable.
 * Every step is bounded (size, depth, node count, subschema count) and
 * every failure — parse, cap, remote `$ref`, ajv compile error, even a stack
 * overflow inside ajv — becomes a problem message, never an exception.
 */
import type { ValidateFunction } from "ajv";
import { parseSchemaText, sniffSchemaFormat, type SchemaFormat } from "./schema-document.js";
import { copySchemaTree } from "./schema-tree.js";
import { prepareSchema } from "./schema-prepare.js";
import { CANONICAL_SCHEMA_URI, schemaDialect } from "./schema-dialect.js";
import { LARGE_SCHEMA, type AjvInstances } from "./ajv-instances.js";
import { SchemaProblem } from "./schema-problem.js";
import { isRecord } from "./own-record.js";
import type { SchemaLimits } from "./limits.js";
import { fillMessage, SCHEMA_MESSAGES } from "../../core/plugin/index.js";

/** A usable schema or the reason it is not. */
export type CompiledSchema =
  | { readonly ok: true; readonly format: SchemaFormat; readonly validate: ValidateFunction; readonly subschemas: number }
  | { readonly ok: false; readonly format?: SchemaFormat; readonly problem: string };

/** Read, check and compile a schema text (`format` undefined = sniff) with the instances `ajv`. */
export function compileSchemaText(text: string, format: SchemaFormat | undefined, limits: SchemaLimits, ajv: AjvInstances): CompiledSchema {
  let used: SchemaFormat | undefined = format;
  try {
    const bytes = Buffer.byteLength(text, "utf8");
    if (bytes > limits.maxSchemaBytes) throw new SchemaProblem(fillMessage(SCHEMA_MESSAGES.textTooLarge, bytes, limits.maxSchemaBytes));
    used ??= sniffSchemaFormat(text);
    const doc = parseSchemaText(text, used);
    if (typeof doc !== "boolean" && !isRecord(doc)) throw new SchemaProblem(fillMessage(SCHEMA_MESSAGES.notObject, describe(doc)));
    const tree = copySchemaTree(doc, limits);
    const dialect = schemaDialect(tree);
    if (isRecord(tree) && tree["$schema"] !== undefined) tree["$schema"] = CANONICAL_SCHEMA_URI[dialect];
    const subschemas = prepareSchema(tree, limits);
    const validate = ajv.compile(tree as object | boolean, dialect, subschemas > LARGE_SCHEMA);
    return { ok: true, format: used, validate, subschemas };
  } catch (e) {
    const problem = e instanceof SchemaProblem ? e.message : compileFailure(e);
    return used === undefined ? { ok: false, problem } : { ok: false, format: used, problem };
  }
}

function describe(v: unknown): string {
  if (v === null || v === undefined) return "null";
  if (Array.isArray(v)) return "an array";
  return `a ${typeof v}`;
}

/** ajv's (or the engine's) exception as one line. */
function compileFailure(e: unknown): string {
  if (e instanceof RangeError) return fillMessage(SCHEMA_MESSAGES.tooComplex);
  const msg = e instanceof Error ? e.message : String(e);
  return msg.replace(/\s*\n\s*/g, " ").trim();
}
