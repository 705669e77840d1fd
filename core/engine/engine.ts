/**
 * The engine: a registry of plugins (registry.ts) and the pipeline they
 * tap (pipeline.ts; an evaluation continues in evaluation.ts), parse → merge includes → evaluate → emit → validate. Set up
 * once (plugins applied; the hooks freeze at the first run), then run any
 * number of times; runs share no state.
 *
 * {@link Engine.evaluate} is the one evaluation every caller builds on: its
 * {@link Evaluation} is checked against a schema and written, buffered or
 * streamed, without parsing or evaluating again. The other run methods are
 * shorthands over it.
 */
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { LineIndex } from "../source/line-index.js";
import { ProgramValue } from "../values/program-value.js";
import type { ObjectValue } from "../values/values.js";
import type { OutputFormat, SchemaResult, TextSink } from "../plugin/index.js";
import type { RunOptions } from "./options.js";
import { PluginRegistry, type FormatInfo } from "./registry.js";
import { Pipeline } from "./pipeline.js";
import type { Evaluation } from "./evaluation.js";
import type { EvaluateResult, RunFailure, SchemaOptions, SyntaxCheck, TranspileResult } from "./run-result.js";

export { PluginError, type FormatInfo } from "./registry.js";
export type { Evaluation } from "./evaluation.js";
export type { DataCheck, EvaluateResult, RunFailure, RunSuccess, SchemaCheck, SchemaOptions, SyntaxCheck, TranspileResult } from "./run-result.js";

/** Reads an engine's private registry and pipeline: set once, by its static block; internal.ts is its one reader. */
export let engineInside: (engine: Engine) => { readonly registry: PluginRegistry; readonly pipeline: Pipeline };

/** The JSSON engine. */
export class Engine {
  // private in JavaScript too (#): neither a property nor a symbol of an engine leads to the hooks or the pipeline
  readonly #registry = new PluginRegistry();
  readonly #pipeline = new Pipeline(this.#registry);

  static {
    engineInside = (engine) => ({ registry: engine.#registry, pipeline: engine.#pipeline });
  }

  /** Apply plugins, in order. Refusals throw {@link PluginError} with a message naming the plugin. */
  constructor(plugins: readonly unknown[] = []) {
    for (const p of plugins) this.use(p);
  }

  /**
   * Apply one plugin. Its shape and API version are checked first; what its
   * `apply` registers takes effect only once `apply` has returned, so a
   * refused plugin leaves the engine as it was. Refusals throw
   * {@link PluginError} with one line naming the plugin (and `origin`); so
   * does a plugin applied after the engine's first run.
   * @param origin where the plugin came from, for refusals (e.g. `"./x.js" from --plugin`)
   */
  use(candidate: unknown, origin?: string): this {
    this.#registry.use(candidate, origin);
    return this;
  }

  /** End set-up now rather than at the first run: no plugin can be applied and no hook tapped after this. */
  freeze(): this {
    this.#registry.freeze();
    return this;
  }

  /** The loaded plugins, in load order. */
  get loadedPlugins(): readonly { name: string; version: string }[] {
    return this.#registry.loadedPlugins;
  }

  /** The registered formats, in registration order. */
  listFormats(): FormatInfo[] {
    return this.#registry.listFormats();
  }

  /** The format registered under `nameOrAlias` (case-insensitive). */
  findFormat(nameOrAlias: string): OutputFormat | undefined {
    return this.#registry.findFormat(nameOrAlias)?.format;
  }

  /** Names of the registered schema types. */
  listSchemaTypes(): string[] {
    return this.#registry.listSchemaTypes();
  }

  /** Syntax check only (lexical and syntax errors, no evaluation). */
  check(source: string, options: Pick<RunOptions, "limits" | "file"> = {}): readonly Diagnostic[] {
    return this.checkWithWarnings(source, options).diagnostics;
  }

  /** Syntax check with the warnings a parse finds (LANGUAGE.md §16.5: W3–W6, no evaluation): one parse for both. */
  checkWithWarnings(source: string, options: Pick<RunOptions, "limits" | "file" | "strict"> = {}): SyntaxCheck {
    this.#registry.freeze();
    return this.#pipeline.check(source, options);
  }

  /**
   * Parse and evaluate `source` into a value tree, once. The result is
   * checked ({@link Evaluation.validate}) and written
   * ({@link Evaluation.output}, {@link Evaluation.write}) from this one
   * evaluation, under one time limit.
   */
  evaluate(source: string, options: RunOptions = {}): Evaluation | RunFailure {
    this.#registry.freeze();
    return this.#pipeline.evaluate(source, options);
  }

  /**
   * Transpile to text (buffered). Lazy parts of the tree are evaluated while
   * emitting; an error there discards the partial text.
   */
  transpile(source: string, options: RunOptions = {}): TranspileResult {
    const evaluated = this.evaluate(source, options);
    return evaluated.ok ? evaluated.output() : evaluated;
  }

  /** Transpile, writing the output to `sink` (see {@link Evaluation.write}). */
  transpileTo(source: string, sink: TextSink, options: RunOptions = {}): EvaluateResult {
    const evaluated = this.evaluate(source, options);
    return evaluated.ok ? evaluated.write(sink) : evaluated;
  }

  /**
   * Emit an evaluated tree. A tree from {@link Engine.evaluate} is written
   * as part of the run that made it: its time limit counts from the start of
   * evaluation, and output errors are placed with its source's lines. For
   * any other tree, `source` (default empty) places them.
   */
  emit(value: ObjectValue, sink: TextSink, options: RunOptions = {}, source = ""): EvaluateResult {
    this.#registry.freeze();
    const run = value instanceof ProgramValue ? value.run : undefined;
    const r = this.#pipeline.emit(value, sink, options, run ?? { beginPass: () => {}, startedAt: Date.now(), meter: undefined, lines: new LineIndex(source) });
    return r.ok ? { ok: true, format: r.format, value } : r;
  }

  /** Validate plain data against a schema text with a registered schema type (default `json-schema`). */
  validate(data: unknown, schemaText: string, options: SchemaOptions = {}): SchemaResult {
    this.#registry.freeze();
    return this.#pipeline.validate(data, schemaText, options);
  }

  /** Canonical name for a format option (default `json`); unknown names are returned lower-cased. */
  canonicalFormat(name: string | undefined): string {
    return this.#pipeline.canonicalFormat(name);
  }
}
