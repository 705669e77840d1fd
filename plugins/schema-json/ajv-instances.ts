/**
 * ajv instances, one per dialect, configured for untrusted schemas:
 * `allErrors`, `strict: false`, logger off, ajv-formats, the linear-time
 * regex engine, the `$jsson_format` keywords and the collapse markers.
 * No `loadSchema` is ever set, so ajv cannot fetch anything.
 *
 * An ajv instance keeps every schema it compiled (and their regexes and
 * functions) in internal scopes for its whole life. A long-running server
 * compiling many different schemas would grow without bound, so an instance
 * is retired after {@link COMPILES_PER_INSTANCE} compiles; validators already
 * compiled keep working (they hold what they need).
 */
import type { Ajv, AnySchema, KeywordDefinition, Options, ValidateFunction } from "ajv";
import { addFormatsPlugin, ajv2019Module, ajv2020Module, ajvModule } from "./lazy-modules.js";
import { linearRegExp } from "./linear-regexp.js";
import { CollapseState, collapseKeywords } from "./collapse-keywords.js";
import { JSSON_FORMAT_KEYWORDS, jssonFormatFailure } from "./jsson-formats.js";
import { firstDuplicate } from "./duplicate-items.js";
import { isMultipleOf } from "./multiple-of.js";
import type { SchemaDialect } from "./schema-dialect.js";

/** Compiles before an instance is replaced by a fresh one. */
export const COMPILES_PER_INSTANCE = 200;

/**
 * Subschema count above which a schema is compiled without ajv's code
 * optimisation passes: they cost more than twice the rest of compiling on
 * big schemas (2,000 properties: ~0.6 s → ~0.25 s, warm), while the
 * validator they produce is only slightly faster.
 */
export const LARGE_SCHEMA = 200;

/** Schema nodes one compile may re-generate to count `oneOf` matches exactly (see collapse-keywords.ts). */
export const ONE_OF_COUNT_BUDGET = 500;

const OPTIONS: Options = {
  allErrors: true,
  strict: false,
  logger: false,
  validateFormats: true,
  // Long enum/required lists are checked in a loop instead of unrolled code (a 1 MB enum stays small).
  loopEnum: 16,
  loopRequired: 16,
  ownProperties: true,
  code: { regExp: linearRegExp },
};

/** The `$jsson_format` / `jssonFormat` keyword definitions (string instances only). */
function jssonFormatKeywords(): KeywordDefinition[] {
  return JSSON_FORMAT_KEYWORDS.map((keyword) => ({
    keyword,
    type: "string",
    schemaType: "string",
    errors: true,
    compile(name: string) {
      const validate = (data: string): boolean => {
        const message = jssonFormatFailure(name, data);
        if (message === undefined) return true;
        validate.errors = [{ keyword, message, params: { format: name } }];
        return false;
      };
      validate.errors = null as null | { keyword: string; message: string; params: { format: string } }[];
      return validate;
    },
  })) as KeywordDefinition[];
}

/** A linear-time `uniqueItems` replacing ajv's quadratic one (same message and params). */
function uniqueItemsKeyword(): KeywordDefinition {
  return {
    keyword: "uniqueItems",
    type: "array",
    schemaType: "boolean",
    errors: true,
    compile(unique: boolean) {
      const validate = (data: unknown[]): boolean => {
        const dup = unique ? firstDuplicate(data) : undefined;
        if (dup === undefined) return true;
        validate.errors = [{ keyword: "uniqueItems", message: `must NOT have duplicate items (items ## ${dup.j} and ${dup.i} are identical)`, params: dup }];
        return false;
      };
      validate.errors = null as null | { keyword: string; message: string; params: { i: number; j: number } }[];
      return validate;
    },
  } as KeywordDefinition;
}

/** `multipleOf` with ajv's message and params, tolerant of binary floating point, refusing a quotient that overflows (multiple-of.ts). */
function multipleOfKeyword(): KeywordDefinition {
  return {
    keyword: "multipleOf",
    type: "number",
    schemaType: "number",
    errors: true,
    compile(divisor: number) {
      const validate = (data: number): boolean => {
        if (isMultipleOf(data, divisor)) return true;
        validate.errors = [{ keyword: "multipleOf", message: `must be multiple of ${divisor}`, params: { multipleOf: divisor } }];
        return false;
      };
      validate.errors = null as null | { keyword: string; message: string; params: { multipleOf: number } }[];
      return validate;
    },
  } as KeywordDefinition;
}

/** One ajv instance and the state its collapse markers keep while it compiles. */
interface Instance {
  readonly ajv: Ajv;
  readonly collapse: CollapseState;
  compiles: number;
}

function createInstance(dialect: SchemaDialect, large: boolean): Instance {
  const options: Options = large ? { ...OPTIONS, code: { ...OPTIONS.code, optimize: false } } : OPTIONS;
  const ajv: Ajv =
    dialect === "2019-09" ? new (ajv2019Module().Ajv2019)(options) : dialect === "2020-12" ? new (ajv2020Module().Ajv2020)(options) : new (ajvModule().Ajv)(options);
  addFormatsPlugin()(ajv);
  ajv.removeKeyword("uniqueItems");
  ajv.addKeyword(uniqueItemsKeyword());
  ajv.removeKeyword("multipleOf");
  ajv.addKeyword(multipleOfKeyword());
  for (const def of jssonFormatKeywords()) ajv.addKeyword(def);
  const collapse = new CollapseState();
  for (const def of collapseKeywords(collapse)) ajv.addKeyword(def);
  return { ajv, collapse, compiles: 0 };
}

/** The ajv instances of one validator (index.ts), one per dialect and size class, each retired after {@link COMPILES_PER_INSTANCE} compiles. */
export class AjvInstances {
  private readonly pool = new Map<string, Instance>();

  /** Compile `schema` (already prepared) for `dialect`; `large` skips code optimisation. ajv's exceptions propagate. */
  compile(schema: AnySchema, dialect: SchemaDialect, large: boolean): ValidateFunction {
    const key = `${dialect}${large ? ":large" : ""}`;
    let entry = this.pool.get(key);
    if (!entry || entry.compiles >= COMPILES_PER_INSTANCE) {
      entry = createInstance(dialect, large);
      this.pool.set(key, entry);
    }
    entry.compiles++;
    const { ajv } = entry;
    entry.collapse.oneOfCountBudget = ONE_OF_COUNT_BUDGET;
    try {
      return ajv.compile(schema);
    } finally {
      // Forget the schema (and its $id) so equal $ids in later, different documents do not clash.
      removeQuietly(ajv, schema);
    }
  }
}

function removeQuietly(ajv: Ajv, schema: AnySchema): void {
  try {
    if (typeof schema === "object") ajv.removeSchema(schema);
  } catch {
    // A schema that failed half-way may not be registered; nothing to forget.
  }
}
