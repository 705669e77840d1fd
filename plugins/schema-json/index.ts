/**
 * The `json-schema` schema type (LANGUAGE.md §12, HTTP.md §7): validates
 * plain data against a JSON Schema written as JSON, YAML or TOML, with ajv
 * (draft-07 by default, 2019-09 / 2020-12 by `$schema`), hardened for
 * untrusted schemas. Written only against the public plugin API.
 */
import { API_VERSION, definePlugin, defineSchemaType, fillMessage, SCHEMA_MESSAGES, type SchemaFailure, type SchemaResult, type SchemaValidateOptions } from "../../core/plugin/index.js";
import { CompileCache, type CacheStats } from "./compile-cache.js";
import { compileSchemaText, type CompiledSchema } from "./compiled-schema.js";
import { schemaFormatName, type SchemaFormat } from "./schema-document.js";
import { asPlainData, checkedCopy } from "./checked-data.js";
import { failureLine, renderErrors } from "./error-messages.js";
import { locate, pointerSegments } from "./instance-path.js";
import { SCHEMA_LIMITS } from "./limits.js";
import { AjvInstances } from "./ajv-instances.js";

export { sniffSchemaFormat, schemaFormatName, type SchemaFormat } from "./schema-document.js";
export { SCHEMA_LIMITS, type SchemaLimits } from "./limits.js";
export type { CacheStats } from "./compile-cache.js";

/** A {@link SchemaResult} that also says which format the schema was read as (when known). */
export interface JsonSchemaResult extends SchemaResult {
  readonly schemaFormat?: SchemaFormat;
}

/**
 * Validates data against JSON Schema texts. Owns what it reuses: the
 * compiled schemas (a bounded LRU, compile-cache.ts) and the ajv instances
 * that compile them. The plugin makes one per engine it is applied to.
 */
export class JsonSchemaValidator {
  private readonly ajv = new AjvInstances();
  private readonly cache = new CompileCache<CompiledSchema>(SCHEMA_LIMITS.cacheEntries, SCHEMA_LIMITS.cacheSubschemas, (c) => (c.ok ? c.subschemas : 1));

  /** Compile-cache counters (compiles, hits, size): equal schema texts compile once. */
  cacheStats(): CacheStats {
    return this.cache.stats();
  }

  /** Empty the compile cache and zero its counters (tests, benchmarks). */
  clearCache(): void {
    this.cache.clear();
  }

  /** Validate `data` against `schemaText` (see the module comment). Never throws. */
  validate(data: unknown, schemaText: string, options: SchemaValidateOptions = {}): JsonSchemaResult {
    if (typeof schemaText !== "string") return schemaError(fillMessage(SCHEMA_MESSAGES.notText));
    let explicit: SchemaFormat | undefined;
    if (options.schemaFormat !== undefined && options.schemaFormat !== "") {
      explicit = schemaFormatName(options.schemaFormat);
      if (explicit === undefined) return schemaError(fillMessage(SCHEMA_MESSAGES.unknownSchemaFormat, options.schemaFormat));
    }
    const compiled = this.cache.getOrBuild(CompileCache.key(schemaText, explicit ?? "sniff"), () => compileSchemaText(schemaText, explicit, SCHEMA_LIMITS, this.ajv));
    if (!compiled.ok) return schemaError(compiled.problem, compiled.format);

    let plain: unknown;
    let checked: unknown;
    try {
      plain = asPlainData(data);
      checked = checkedCopy(plain);
    } catch (e) {
      if (e instanceof RangeError) {
        const failure: SchemaFailure = { path: "$", message: fillMessage(SCHEMA_MESSAGES.dataTooDeep), keyword: "", schemaPath: "", target: "value" };
        return { valid: false, errors: [failureLine(failure)], failures: [failure], schemaFormat: compiled.format };
      }
      throw e;
    }
    const { validate } = compiled;
    let ok: boolean;
    try {
      ok = validate(checked);
    } catch (e) {
      // A `$ref` loop that consumes no data (`{"$ref": "#"}`) recurses until the stack runs out.
      const why = e instanceof RangeError ? fillMessage(SCHEMA_MESSAGES.noProgress) : fillMessage(SCHEMA_MESSAGES.validationFailed, e instanceof Error ? e.message : String(e));
      return schemaError(why, compiled.format);
    }
    if (ok) return { valid: true, errors: [], schemaFormat: compiled.format };
    const raw = validate.errors ?? [];
    let failures = renderErrors(raw, plain, checked);
    if (failures.length === 0) {
      failures = raw.map((e) => ({ path: locate(plain, e.instancePath).path, message: e.message ?? e.keyword, keyword: e.keyword, schemaPath: e.schemaPath, instance: pointerSegments(e.instancePath), target: "value" }));
    }
    if (failures.length > SCHEMA_LIMITS.maxErrors) {
      const more = failures.length - SCHEMA_LIMITS.maxErrors;
      failures = [...failures.slice(0, SCHEMA_LIMITS.maxErrors), { path: "$", message: fillMessage(SCHEMA_MESSAGES.moreErrors, more), keyword: "", schemaPath: "", target: "value" }];
    }
    return { valid: false, errors: failures.map(failureLine), failures, schemaFormat: compiled.format };
  }
}

function schemaError(message: string, format?: SchemaFormat): JsonSchemaResult {
  const r = { valid: false, errors: [`schema: ${message}`], schemaError: true } as const;
  return format === undefined ? r : { ...r, schemaFormat: format };
}

/** The plugin: registers the `json-schema` schema type. */
export default definePlugin({
  name: "schema-json",
  version: "1.0.0",
  apiVersion: API_VERSION,
  apply(host) {
    const validator = new JsonSchemaValidator();
    host.registerSchemaType(
      defineSchemaType({
        name: "json-schema",
        description: "JSON Schema (draft-07, 2019-09, 2020-12) via ajv; schemas in JSON, YAML or TOML",
        validate: (data, schemaText, options) => validator.validate(data, schemaText, options),
      }),
    );
  },
});
