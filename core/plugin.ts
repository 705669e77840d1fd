/**
 * The public plugin API of jsson (`import … from "jsson/plugin"`).
 *
 * A plugin is a named, versioned object whose `apply(engine)` registers what
 * it adds: output formats ({@link defineFormat}) and schema types
 * ({@link defineSchemaType}). The built-in formats (json, yaml, toml,
 * typescript) and the JSON Schema validator are plugins written only against
 * this module, exactly as a third-party plugin would be.
 */
import type { ObjectValue, Value } from "./eval/values.js";

export {
  FloatValue,
  ObjectValue,
  LazyArray,
  IntRange,
  BigIntRange,
  StringRange,
  kindOf,
  isArrayValue,
  isRangeValue,
  normalizeInt,
} from "./eval/values.js";
export type { Value, ValueKind } from "./eval/values.js";
export { numberText, floatText } from "./eval/number-text.js";

/** The plugin API version this build of jsson implements. */
export const API_VERSION = 1;

/** Where an emitter writes its text. A buffered run concatenates; a streamed run flushes with backpressure. */
export interface TextSink {
  write(chunk: string): void;
}

/** Options passed to an emitter: format-specific options given by the caller. */
export interface EmitContext {
  /** Options for this format (from the CLI / HTTP request); empty when none. */
  readonly options: Readonly<Record<string, unknown>>;
}

/**
 * Thrown by an emitter when the value tree cannot be written in its format
 * (e.g. TOML and `null` in an array). The engine turns it into a
 * `Line <n>:` diagnostic at the statement that defined top-level key `key`.
 */
export class OutputError extends Error {
  constructor(
    message: string,
    /** The top-level key whose value could not be written. */
    readonly key?: string,
  ) {
    super(message);
    this.name = "OutputError";
  }
}

/** An output format contract. */
export interface OutputFormat {
  /** Canonical name, lower case (`json`, `yaml`, `dotenv`). */
  readonly name: string;
  /** Other accepted names (`yml`, `ts`). */
  readonly aliases?: readonly string[];
  /** File extensions without the dot, the first being the usual one. */
  readonly extensions: readonly string[];
  /** Media type of the output text. */
  readonly mediaType: string;
  /** One-line description for help texts and `/formats`. */
  readonly description?: string;
  /**
   * Optional pre-flight check over the whole tree, run before the first byte
   * is written (so a streamed run never commits to success and then fails).
   * Throw {@link OutputError} to refuse.
   */
  check?(root: ObjectValue, ctx: EmitContext): void;
  /**
   * Write `root` to `sink`. Must write the same bytes however the sink
   * flushes. Throw {@link OutputError} for values the format cannot represent.
   */
  emit(root: ObjectValue, sink: TextSink, ctx: EmitContext): void;
}

/** The result of validating data against a schema. */
export interface SchemaResult {
  /** True when the data satisfies the schema. */
  readonly valid: boolean;
  /** `<path>: <message>` lines for data failures, or `schema: …` lines when the schema itself is unusable. */
  readonly errors: readonly string[];
  /** True when `errors` describe the schema, not the data. */
  readonly schemaError?: boolean;
}

/** Options for a schema validation. */
export interface SchemaValidateOptions {
  /** `json`, `yaml` or `toml`; sniffed from the text when absent. */
  readonly schemaFormat?: string;
}

/** A schema type (e.g. `json-schema`): validates plain data against a schema text. */
export interface SchemaType {
  readonly name: string;
  readonly description?: string;
  /**
   * Validate `data` (plain JSON-like data: objects, arrays, strings, numbers
   * — integers beyond 2^53 as bigint —, booleans, null) against `schemaText`.
   */
  validate(data: unknown, schemaText: string, options: SchemaValidateOptions): SchemaResult;
}

/** What a plugin's `apply` receives. */
export interface PluginHost {
  /** The API version of the host. */
  readonly apiVersion: number;
  /** Register an output format; a name or alias already taken is refused. */
  registerFormat(format: OutputFormat): void;
  /** Register a schema type; a name already taken is refused. */
  registerSchemaType(schemaType: SchemaType): void;
}

/** A jsson plugin. A plugin module default-exports one. */
export interface JssonPlugin {
  readonly name: string;
  readonly version: string;
  /** Must equal the host's {@link API_VERSION}. */
  readonly apiVersion: number;
  apply(host: PluginHost): void;
}

/** Identity helper that type-checks a plugin definition. */
export function definePlugin(plugin: JssonPlugin): JssonPlugin {
  return plugin;
}

/** Identity helper that type-checks an output format definition. */
export function defineFormat(format: OutputFormat): OutputFormat {
  return format;
}

/** Identity helper that type-checks a schema type definition. */
export function defineSchemaType(schemaType: SchemaType): SchemaType {
  return schemaType;
}

/** Convert a value tree to plain data (objects as null-prototype records in key order, ranges expanded, floats as numbers, big integers as bigint). */
export { toPlainData } from "./eval/plain-data.js";
export type { PlainData } from "./eval/plain-data.js";
