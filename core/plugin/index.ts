/**
 * The public plugin API of jsson (`import … from "jsson/plugin"`).
 *
 * A plugin is a named, versioned object whose `apply(host)` registers what
 * it adds: output formats ({@link defineFormat}) and schema types
 * ({@link defineSchemaType}), and taps the stages of the pipeline it wants
 * to take part in ({@link PluginHooks}: parse, merge includes, evaluate,
 * emit, validate). The built-in formats (json, yaml, toml,
 * typescript) and the JSON Schema validator are plugins written only against
 * this module, exactly as a third-party plugin would be.
 *
 * ```ts
 * import { API_VERSION, definePlugin, defineFormat, kindOf } from "jsson/plugin";
 *
 * export default definePlugin({
 *   name: "jsson-plugin-keys",
 *   version: "1.0.0",
 *   apiVersion: API_VERSION,
 *   apply(host) {
 *     host.registerFormat(defineFormat({
 *       name: "keys",
 *       extensions: ["txt"],
 *       mediaType: "text/plain",
 *       emit(root, sink) {
 *         for (const [key, value] of root.entries) sink.write(`${key}: ${kindOf(value)}\n`);
 *       },
 *     }));
 *   },
 * });
 * ```
 *
 * A plugin needs no class identity with the jsson that runs it (a project
 * may hold its own copy of jsson beside a global one): values are told apart
 * by their `kind` ({@link kindOf} and the `is…` guards), an
 * {@link OutputError} by its name, and a plugin that builds values (a value
 * transform) builds them with {@link PluginHost.values}, the running jsson's
 * own. The guide is `docs/plugins.md`.
 */
import type { FloatValue, ObjectValue, Value } from "../values/values.js";
import type { TextSink } from "../emit/text-sink.js";

export type { Value, ValueKind, ObjectValue, FloatValue, LazyArray } from "../values/values.js";
export { kindOf, isArrayValue, isLazyArray, isRangeValue, isObjectValue, isFloatValue } from "../values/values.js";
export { numberText, floatText } from "../values/number-text.js";
export { TextWriter } from "../emit/text-writer.js";
export type { TextSink } from "../emit/text-sink.js";
export { OutputError } from "../emit/output-error.js";
export { OUTPUT_MESSAGES, SCHEMA_MESSAGES, fillMessage } from "../diagnostics/catalogue.js";
export type { MessageTemplate } from "../diagnostics/catalogue.js";
export { JsonLayoutWriter } from "../emit/json-layout-writer.js";
export type { JsonLayoutOptions } from "../emit/json-layout-writer.js";

/**
 * The plugin API version this build of jsson implements; it changes only when
 * this module changes incompatibly. A plugin declares the version it was
 * written for in {@link JssonPlugin.apiVersion}; a plugin whose version
 * differs is refused on load (a version-2 plugin with a message that says
 * what to change: docs/plugins.md, "From API 2 to 3").
 */
export const API_VERSION = 3;

/**
 * What an emitter is told besides the tree: format-specific options given by
 * the caller. Only options the format declares in {@link OutputFormat.options}
 * ever reach it, each of the declared type (the engine refuses any other
 * before emitting); an option the caller did not give is absent.
 */
export interface EmitContext {
  /** Options for this format (from the CLI, e.g. `--compact`); empty when none. */
  readonly options: Readonly<Record<string, FormatOptionValue>>;
}

/** The value of a format option. */
export type FormatOptionValue = boolean | string | number;

/**
 * An option a format understands, as it declares it in
 * {@link OutputFormat.options} (e.g. JSON's `compact`, YAML's `documents`).
 */
export interface FormatOptionSpec {
  /** The type of its value; a value of another type is refused before emitting. */
  readonly type: "boolean" | "string" | "number";
  /** One line for help texts and `docs/plugins.md`. */
  readonly description: string;
}

/**
 * An output format contract. The engine evaluates the source once into an
 * ordered value tree (an {@link ObjectValue} root) and hands it to `emit`;
 * the format only serialises. Emitting is streaming by construction: the
 * same `emit` serves buffered runs (the sink concatenates) and streamed runs
 * (the sink forwards chunks), so a format has no separate streaming entry
 * point. Arrays may be {@link LazyArray}s (ranges): iterate them with
 * `for…of` rather than expanding them into memory.
 */
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
  /**
   * Optional: write any value at the top, not only an object — what a
   * caller's selection (CLI `--select a.b[2]`) hands over when the selected
   * value is an array or a scalar. A format without it (TOML, TypeScript:
   * their documents are tables / modules) refuses such a selection with a
   * clear error; an object is always written through {@link emit}.
   */
  emitValue?(value: Value, sink: TextSink, ctx: EmitContext): void;
  /**
   * The options this format understands, by name (`{ compact: { type:
   * "boolean", description: "…" } }`). A run given an option its format
   * does not declare is refused (the CLI: a usage error naming the formats
   * that have it), so an option is never silently ignored.
   */
  readonly options?: Readonly<Record<string, FormatOptionSpec>>;
  /**
   * Optional: the data a consumer of this format reads from `text`, an
   * output of this format written with `ctx`, as plain data (see
   * {@link SchemaType.validate}). Schema validation (LANGUAGE.md §12.1)
   * checks this data for a format that has it — YAML and TOML read their
   * text back, so TOML's dropped nulls are seen — and the evaluated tree as
   * plain data for a format that has not (JSON, TypeScript). Throw when the
   * text cannot be read: it is a bug of the emitter.
   */
  readBack?(text: string, ctx: EmitContext): unknown;
}

/** The result of validating data against a schema ({@link SchemaType.validate}). */
export interface SchemaResult {
  /** True when the data satisfies the schema. */
  readonly valid: boolean;
  /** `<path>: <message>` lines for data failures, or `schema: …` lines when the schema itself is unusable. */
  readonly errors: readonly string[];
  /** True when `errors` describe the schema, not the data. */
  readonly schemaError?: boolean;
  /**
   * For data failures, one entry per line of `errors`, in the same order,
   * structured (LANGUAGE.md §12.3, HTTP.md §7): the host places each in
   * the source. Optional: a schema type without it gets no places.
   */
  readonly failures?: readonly SchemaFailure[];
}

/** One data failure of a schema check (a line of {@link SchemaResult.errors}, structured). */
export interface SchemaFailure {
  /** The `<path>` of the line (`$.servers[0].port`). */
  readonly path: string;
  /** The `<message>` of the line. */
  readonly message: string;
  /** The schema keyword that failed (`maximum`, `required`, …); empty for a line about the check itself. */
  readonly keyword: string;
  /** Where that keyword is in the schema, as a JSON Pointer fragment (`#/properties/port/maximum`); empty when none. */
  readonly schemaPath: string;
  /**
   * The value the failure is about, as path segments from the validated
   * data's root (keys, and array indexes as decimal strings); absent for a
   * line that names no value ("more errors not shown").
   */
  readonly instance?: readonly string[];
  /** What the source place names: the value, the object a property is missing from, or a property's key. */
  readonly target: "value" | "object" | "key";
}

/** The formats a schema document may be written in (LANGUAGE.md §12.2); `yml` is accepted for `yaml`. */
export const SCHEMA_FORMATS = ["json", "yaml", "toml"] as const;

/** One of {@link SCHEMA_FORMATS}. */
export type SchemaFormat = (typeof SCHEMA_FORMATS)[number];

/** Options for a schema validation. */
export interface SchemaValidateOptions {
  /** One of {@link SCHEMA_FORMATS} (any case, or `yml`); sniffed from the text when absent. */
  readonly schemaFormat?: string;
}

/** A schema type (e.g. `json-schema`): validates plain data against a schema text. */
export interface SchemaType {
  /** Name used to select it (`json-schema`); unique across loaded plugins. */
  readonly name: string;
  /** One-line description. */
  readonly description?: string;
  /**
   * Validate `data` (plain JSON-like data: objects, arrays, strings, numbers
   * — integers beyond 2^53 as bigint —, booleans, null) against `schemaText`.
   */
  validate(data: unknown, schemaText: string, options: SchemaValidateOptions): SchemaResult;
}

/** What a `parsed` tap is told about a source parsed without error (a root source, or an included JSSON file). */
export interface ParseInfo {
  /** The file or host id of the source; `undefined` for a root source given without a file (stdin, HTTP). */
  readonly file: string | undefined;
  /** The text parsed. */
  readonly text: string;
}

/** An include the run is about to read, as a `resolveInclude` tap sees it. */
export interface IncludeRequest {
  /** The path as written in `include "…"`. */
  readonly path: string;
  /** The id of the including file; `undefined` for a root source given without a file. */
  readonly from: string | undefined;
}

/**
 * A `resolveInclude` tap's answer: the include's id (used for cycle
 * detection, messages and as `from` of the includes inside it) and its
 * text, or why it cannot be read (`detail` ends the I2 message
 * `could not read include file "x" (<detail>)`). A path ending in `.json`,
 * `.yaml`, `.yml` or `.toml` is a data include (LANGUAGE.md §16.1) and its
 * text is read as such.
 */
export type IncludeSource = { readonly ok: true; readonly id: string; readonly text: string } | { readonly ok: false; readonly detail: string };

/** How a tap is named and ordered (as in tapable: lower `stage` runs first; `before` names a tap to run before). */
export interface TapOptions {
  /** Shown in errors; usually the plugin's name. */
  readonly name: string;
  readonly stage?: number;
  readonly before?: string;
}

/** One hook of the pipeline as a plugin sees it: something to tap during `apply`. */
export interface Tappable<A extends unknown[], R> {
  /** Add `fn` to the hook. Only while the plugin's `apply` runs: later, the hooks are frozen and this throws. */
  tap(options: string | TapOptions, fn: (...args: A) => R): void;
}

/**
 * The stages of the pipeline every run goes through, parse → merge
 * includes → evaluate → emit → validate, as hooks a plugin taps in its
 * `apply` (see docs/plugins.md, "Hooks"). Taps run synchronously, in every
 * run, in the CLI and in every worker of the HTTP service; a throw from a
 * tap is a bug of the plugin (the CLI reports an internal error, the server
 * a 500). Formats and schema types are taps too: {@link PluginHost.registerFormat}
 * taps `emit`, {@link PluginHost.registerSchemaType} taps `validate`.
 */
export interface PluginHooks {
  /** Parse: called once per source parsed without error — the root, and each JSSON file it includes. */
  readonly parsed: Tappable<[ParseInfo], void>;
  /**
   * Merge includes: asked first for each `include` (JSSON or data); the
   * first tap to answer with an {@link IncludeSource} provides the file, and
   * `undefined` leaves it to the run's include host (the CLI's file system,
   * the server's request `files`). The answer's keys are merged into the
   * includer by the run's merge mode like those of any included file.
   */
  readonly resolveInclude: Tappable<[IncludeRequest], IncludeSource | undefined>;
  /**
   * Evaluate: called once per run with the evaluated root (includes
   * merged); each tap returns the tree to go on with (the same one, or
   * another {@link ObjectValue}): a value transform.
   */
  readonly evaluated: Tappable<[ObjectValue], ObjectValue>;
  /** Emit, per canonical format name: the first tap to return `true` has written the output. */
  readonly emit: { for(format: string): Tappable<[ObjectValue, TextSink, EmitContext], true | undefined> };
  /** Validate, per schema type name: the first tap to return a result gives the verdict. */
  readonly validate: { for(schemaType: string): Tappable<[unknown, string, SchemaValidateOptions], SchemaResult | undefined> };
}

/**
 * What a plugin's `apply` receives. Registrations and taps are checked at
 * once (a malformed format, or a name or alias another plugin already took,
 * throws and the plugin is refused) and take effect only when `apply`
 * returns; after the engine's set-up (its first run) the hooks are frozen.
 */
export interface PluginHost {
  /** The API version of the host ({@link API_VERSION}). */
  readonly apiVersion: number;
  /** Register an output format; a name or alias already taken (case-insensitive) is refused. */
  registerFormat(format: OutputFormat): void;
  /** Register a schema type; a name already taken is refused. */
  registerSchemaType(schemaType: SchemaType): void;
  /** The pipeline's hooks, to tap. */
  readonly hooks: PluginHooks;
  /** Builds values of the running jsson (what an `evaluated` tap returns). */
  readonly values: ValueFactory;
}

/**
 * Makes the value objects of the jsson that runs the plugin ({@link PluginHost.values}):
 * a tree a plugin hands back (a value transform) must be made of these.
 * Other values are themselves: `null`, booleans, strings, integers (a
 * `number` when safe, else a `bigint`), arrays of values.
 */
export interface ValueFactory {
  /** An ordered object with `entries` in order (a later duplicate key replaces the value, keeping the first position). */
  object(entries?: Iterable<readonly [string, Value]>): ObjectValue;
  /** A float (`3.0` stays a float). */
  float(value: number): FloatValue;
}

/**
 * A jsson plugin: named, versioned data with an `apply` function. A plugin
 * module default-exports one (or exports it as `plugin`); packages are named
 * `jsson-plugin-<name>`.
 */
export interface JssonPlugin {
  /** Unique name, usually the package name (`jsson-plugin-dotenv`); shown in `jsson formats` and `/formats`. */
  readonly name: string;
  /** The plugin's own version (semver). */
  readonly version: string;
  /** The plugin API version it was written for; must equal the host's {@link API_VERSION}. */
  readonly apiVersion: number;
  /**
   * Register formats and schema types on `host`. Runs once per engine (the
   * HTTP server has one engine per worker thread), synchronously: returning
   * a promise is refused. A throw refuses the plugin.
   */
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
export { toPlainData } from "../values/plain-data.js";
export type { PlainData } from "../values/plain-data.js";
