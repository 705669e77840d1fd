/**
 * The engine: a tapable hook pipeline parse → evaluate (merging includes) →
 * emit → validate, through which every output format and schema type is
 * registered as a plugin. Set up once (plugins applied), then run any number
 * of times; runs share no state.
 */
import { HookMap, SyncBailHook, SyncHook, SyncWaterfallHook } from "tapable";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { CODES } from "../diagnostics/catalogue.js";
import { LineIndex } from "../source/line-index.js";
import { parseProgram, type ParseResult } from "../syntax/parser.js";
import type { Program } from "../syntax/ast.js";
import { evaluateProgram } from "../eval/evaluator.js";
import { EvalError } from "../eval/eval-error.js";
import { forceLazy } from "../eval/lazy-map.js";
import type { CostMeter } from "../eval/cost-meter.js";
import { ObjectValue, type Value } from "../eval/values.js";
import { ProgramValue } from "../eval/key-origins.js";
import {
  API_VERSION,
  OutputError,
  type EmitContext,
  type JssonPlugin,
  type OutputFormat,
  type PluginHost,
  type SchemaResult,
  type SchemaType,
  type TextSink,
} from "../plugin.js";
import { DEFAULT_LIMITS, type Limits } from "../eval/limits.js";
import { DEFAULT_STREAM_THRESHOLD, type RunOptions } from "./options.js";
import { LimitedSink, OutputLimitError } from "./limited-sink.js";
import { makeDiagnostic, type RawDiagnostic } from "../diagnostics/make-diagnostic.js";
import type { ParseCache } from "./parse-cache.js";
import { checkFormatOptions } from "./format-options.js";
import { kindPhrase, selectPathText, selectValue } from "./select-value.js";
import { sortedView } from "./sorted-view.js";
import { apiVersionProblem, formatShapeProblem, isThenable, pluginLabel, pluginShapeProblem, schemaTypeShapeProblem, thrownLine } from "./plugin-shape.js";

/** Raised when a plugin cannot be loaded; the message names the plugin. */
export class PluginError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PluginError";
  }
}

/** A successful run. */
export interface RunSuccess {
  readonly ok: true;
  /** Canonical format name. */
  readonly format: string;
  /** The evaluated value tree (large maps inside it are lazy: reading them evaluates them). */
  readonly value: ObjectValue;
}

/** A successful evaluation, with the control the engine needs to traverse lazy parts. */
interface Evaluated extends RunSuccess {
  readonly beginPass: () => void;
  readonly hasLazy: boolean;
  /** When the run began (`Date.now()`): the time limit covers evaluation and writing together. */
  readonly startedAt: number;
  /** The run's cost meter: traversals and writing of the tree are charged to it. */
  readonly meter: CostMeter;
}

/** A failed run: the first problem (LANGUAGE.md §13: processing stops at the first error). */
export interface RunFailure {
  readonly ok: false;
  readonly format: string;
  readonly diagnostics: readonly Diagnostic[];
}

/** Outcome of {@link Engine.transpile}. */
export type TranspileResult = (RunSuccess & { readonly output: string }) | RunFailure;

/** Outcome of {@link Engine.evaluate}. */
export type EvaluateResult = RunSuccess | RunFailure;

/** The hooks of the pipeline (frozen after plugins are applied). */
export interface EngineHooks {
  /** After parsing a root or included source. */
  readonly parsed: SyncHook<[Program, { readonly file: string | undefined }]>;
  /** After evaluation (includes merged): may replace the value tree. */
  readonly evaluated: SyncWaterfallHook<[ObjectValue]>;
  /** Emitters by canonical format name. */
  readonly emit: HookMap<SyncBailHook<[ObjectValue, TextSink, EmitContext], true | undefined>>;
  /** Schema validators by schema type name. */
  readonly validate: HookMap<SyncBailHook<[unknown, string, { schemaFormat?: string }], SchemaResult | undefined>>;
}

/** Describes a registered format, for listings (`jsson formats`, `/formats`). */
export interface FormatInfo {
  readonly name: string;
  readonly aliases: readonly string[];
  readonly extensions: readonly string[];
  readonly mediaType: string;
  readonly description: string;
  /** The plugin that registered it. */
  readonly plugin: string;
}

/** The JSSON engine. */
export class Engine {
  readonly hooks: EngineHooks = {
    parsed: new SyncHook(["program", "info"]),
    evaluated: new SyncWaterfallHook(["value"]),
    emit: new HookMap(() => new SyncBailHook(["value", "sink", "context"])),
    validate: new HookMap(() => new SyncBailHook(["data", "schema", "options"])),
  };
  private readonly formatsByName = new Map<string, { format: OutputFormat; plugin: string }>();
  private readonly schemaTypes = new Map<string, { schemaType: SchemaType; plugin: string }>();
  private readonly plugins: { name: string; version: string }[] = [];
  private parseCache: ParseCache | undefined;

  /** Apply plugins, in order. Refusals throw {@link PluginError} with a message naming the plugin. */
  constructor(plugins: readonly unknown[] = []) {
    for (const p of plugins) this.use(p);
  }

  /**
   * Apply one plugin. Its shape and API version are checked first; what its
   * `apply` registers takes effect only once `apply` has returned, so a
   * refused plugin leaves the engine as it was. Refusals throw
   * {@link PluginError} with one line naming the plugin (and `origin`).
   * @param origin where the plugin came from, for refusals (e.g. `"./x.js" from --plugin`)
   */
  use(candidate: unknown, origin?: string): this {
    const who = pluginLabel(candidate, origin);
    const refuse = (why: string): PluginError => new PluginError(`plugin ${who}: ${why}`);
    const shape = pluginShapeProblem(candidate);
    if (shape !== undefined) throw refuse(shape);
    const p = candidate as JssonPlugin;
    const version = apiVersionProblem(p.apiVersion);
    if (version !== undefined) throw refuse(version);
    if (this.plugins.some((q) => q.name === p.name)) throw refuse("a plugin with this name is already loaded");
    const staged = this.hostFor(p.name, refuse);
    let returned: unknown;
    try {
      returned = p.apply.call(p, staged.host);
    } catch (e) {
      if (e instanceof PluginError) throw e;
      throw refuse(`apply failed: ${thrownLine(e)}`);
    }
    if (isThenable(returned)) {
      Promise.resolve(returned).catch(() => {}); // refused anyway; its outcome must not surface as an unhandled rejection
      throw refuse("apply returned a promise; it must register its formats synchronously");
    }
    staged.commit();
    this.plugins.push({ name: p.name, version: p.version });
    return this;
  }

  /** The host a plugin's `apply` sees: registrations are checked at once and staged until {@link Engine.use} commits them. */
  private hostFor(pluginName: string, refuse: (why: string) => PluginError): { host: PluginHost; commit(): void } {
    const formats: { format: OutputFormat; names: string[] }[] = [];
    const schemaTypes: SchemaType[] = [];
    const host: PluginHost = {
      apiVersion: API_VERSION,
      registerFormat: (format: OutputFormat) => {
        const problem = formatShapeProblem(format);
        if (problem !== undefined) throw refuse(problem);
        const names = [...new Set([format.name, ...(format.aliases ?? [])].map((n) => n.toLowerCase()))];
        for (const n of names) {
          const taken = this.formatsByName.get(n)?.plugin ?? (formats.some((f) => f.names.includes(n)) ? pluginName : undefined);
          if (taken !== undefined) throw refuse(`format name "${n}" is already registered by plugin ${taken}`);
        }
        formats.push({ format, names });
      },
      registerSchemaType: (schemaType: SchemaType) => {
        const problem = schemaTypeShapeProblem(schemaType);
        if (problem !== undefined) throw refuse(problem);
        const taken = this.schemaTypes.get(schemaType.name)?.plugin ?? (schemaTypes.some((t) => t.name === schemaType.name) ? pluginName : undefined);
        if (taken !== undefined) throw refuse(`schema type "${schemaType.name}" is already registered by plugin ${taken}`);
        schemaTypes.push(schemaType);
      },
    };
    const commit = (): void => {
      for (const { format, names } of formats) {
        const entry = { format, plugin: pluginName };
        for (const n of names) this.formatsByName.set(n, entry);
        this.hooks.emit.for(format.name.toLowerCase()).tap(pluginName, (value, sink, ctx) => {
          format.emit(value, sink, ctx);
          return true;
        });
      }
      for (const schemaType of schemaTypes) {
        this.schemaTypes.set(schemaType.name, { schemaType, plugin: pluginName });
        this.hooks.validate.for(schemaType.name).tap(pluginName, (data, text, options) => schemaType.validate(data, text, options));
      }
    };
    return { host, commit };
  }

  /** The loaded plugins, in load order. */
  get loadedPlugins(): readonly { name: string; version: string }[] {
    return this.plugins;
  }

  /** The registered formats, in registration order. */
  listFormats(): FormatInfo[] {
    const seen = new Set<OutputFormat>();
    const out: FormatInfo[] = [];
    for (const { format, plugin } of this.formatsByName.values()) {
      if (seen.has(format)) continue;
      seen.add(format);
      out.push({
        name: format.name.toLowerCase(),
        aliases: (format.aliases ?? []).map((a) => a.toLowerCase()),
        extensions: format.extensions,
        mediaType: format.mediaType,
        description: format.description ?? "",
        plugin,
      });
    }
    return out;
  }

  /** The format registered under `nameOrAlias` (case-insensitive). */
  findFormat(nameOrAlias: string): OutputFormat | undefined {
    return this.formatsByName.get(nameOrAlias.toLowerCase())?.format;
  }

  /** Names of the registered schema types. */
  listSchemaTypes(): string[] {
    return [...this.schemaTypes.keys()];
  }

  /** Syntax check only (lexical and syntax errors, no evaluation). */
  check(source: string, options: Pick<RunOptions, "limits" | "file"> = {}): readonly Diagnostic[] {
    const limits = resolveLimits(options.limits);
    const parsed = this.parse(source, options.file, limits);
    return parsed.diagnostic ? [makeDiagnostic(parsed.diagnostic, parsed.lines, options.file)] : [];
  }

  /** Parse and evaluate `source` into a value tree. */
  evaluate(source: string, options: RunOptions = {}): EvaluateResult {
    const r = this.evaluateInternal(source, options);
    if (!r.ok) return r;
    // Emitting this tree later continues this run: one deadline, one meter (a field, not a
    // WeakMap: a WeakMap entry per request makes every garbage collection dearer).
    if (r.value instanceof ProgramValue) r.value.run = { startedAt: r.startedAt, meter: r.meter, beginPass: r.beginPass };
    return { ok: true, format: r.format, value: r.value };
  }

  private evaluateInternal(source: string, options: RunOptions): Evaluated | RunFailure {
    const startedAt = Date.now();
    const format = this.canonicalFormat(options.format);
    const limits = resolveLimits(options.limits);
    const parsed = this.parse(source, options.file, limits);
    if (parsed.diagnostic) return { ok: false, format, diagnostics: [makeDiagnostic(parsed.diagnostic, parsed.lines, options.file)] };
    const result = evaluateProgram(parsed.program, {
      file: options.file,
      host: options.host,
      includeMerge: options.includeMerge ?? "keep",
      limits,
      signal: options.signal,
      parse: (text, file) => this.parse(text, file, limits),
      // a traced run builds everything eagerly, so every element is a recorded child
      lazyThreshold: options.trace !== undefined ? Infinity : (options.streamThreshold ?? DEFAULT_STREAM_THRESHOLD),
      vars: options.vars,
      startedAt,
      trace: options.trace,
    });
    if (!result.ok) return { ok: false, format, diagnostics: [makeDiagnostic(result.diagnostic, parsed.lines, options.file)] };
    const value = this.hooks.evaluated.call(result.value);
    return { ok: true, format, value, beginPass: result.beginPass, hasLazy: result.hasLazy, startedAt, meter: result.meter };
  }

  /**
   * Transpile to text (buffered). Lazy parts of the tree are evaluated while
   * emitting; an error there discards the partial text.
   */
  transpile(source: string, options: RunOptions = {}): TranspileResult {
    const chunks: string[] = [];
    const evaluated = this.evaluateInternal(source, options);
    if (!evaluated.ok) return evaluated;
    const result = this.emitPasses(evaluated.value, { write: (c) => void chunks.push(c) }, options, source, evaluated);
    return result.ok ? { ...result, output: chunks.join("") } : result;
  }

  /**
   * Transpile, writing the output to `sink`. Every error the source can raise
   * is found before the first byte is written: evaluation, then (for a
   * streamed run, whose tree may hold lazy parts) a verify pass over the
   * lazy parts, then the format's check. Only the output-size limit, the
   * timeout and cancellation can still end a run once writing has begun.
   */
  transpileTo(source: string, sink: TextSink, options: RunOptions = {}): EvaluateResult {
    const evaluated = this.evaluateInternal(source, options);
    if (!evaluated.ok) return evaluated;
    if (evaluated.hasLazy && options.verifyBeforeWrite !== false) {
      try {
        forceLazy(evaluated.value, evaluated.meter);
      } catch (e) {
        const d = evalDiagnostic(e);
        if (d) return { ok: false, format: evaluated.format, diagnostics: [makeDiagnostic(d, new LineIndex(source), options.file)] };
        throw e;
      }
    }
    return this.emitPasses(evaluated.value, sink, options, source, evaluated);
  }

  /**
   * Emit an evaluated tree. `source` is used to place output errors on the
   * defining line. A tree from {@link Engine.evaluate} is written as part of
   * the run that made it: its time limit counts from the start of evaluation.
   */
  emit(value: ObjectValue, sink: TextSink, options: RunOptions = {}, source = ""): EvaluateResult {
    const run = value instanceof ProgramValue ? value.run : undefined;
    return this.emitPasses(value, sink, options, source, run ?? { beginPass: () => {}, startedAt: Date.now() });
  }

  /** Emit; `run.beginPass` is called before each traversal (format check, emit) so lazy parts are counted once per pass. */
  private emitPasses(value: ObjectValue, sink: TextSink, options: RunOptions, source: string, run: Pick<Evaluated, "beginPass" | "startedAt"> & { readonly meter?: CostMeter }): EvaluateResult {
    const beginPass = run.beginPass;
    const format = this.canonicalFormat(options.format);
    const entry = this.formatsByName.get(format);
    const fail = (raw: RawDiagnostic): RunFailure => ({ ok: false, format, diagnostics: [makeDiagnostic(raw, new LineIndex(source), options.file)] });
    if (!entry) return fail({ code: CODES.O_OUTPUT, message: `unknown format "${options.format ?? ""}"`, start: 0, end: 0 });
    const limits = resolveLimits(options.limits);
    const checked = checkFormatOptions(entry.format, options.formatOptions);
    if (!checked.ok) return fail({ code: CODES.O_OUTPUT, message: checked.message, start: 0, end: 0 });
    const ctx: EmitContext = { options: checked.options };
    const select = options.select ?? [];
    // Output errors name a top-level key; with a selection, the one the path starts at.
    const errorKey = (key: string | undefined): string | undefined => (select.length > 0 && typeof select[0] === "string" ? select[0] : key);
    let target: Value = value;
    if (select.length > 0) {
      const selected = selectValue(value, select);
      if (!selected.ok) {
        const span = keySpan(value, errorKey(undefined));
        return fail({ code: CODES.O_OUTPUT, message: selected.message, start: span.start, end: span.end });
      }
      target = selected.value;
    }
    if (options.sortKeys === true) target = sortedView(target);
    if (!(target instanceof ObjectValue) && entry.format.emitValue === undefined) {
      const span = keySpan(value, errorKey(undefined));
      const what = `the selected value (${selectPathText(select)}) is ${kindPhrase(target)}`;
      return fail({ code: CODES.O_OUTPUT, message: `${format} output needs an object at the top; ${what}`, start: span.start, end: span.end });
    }
    const limited = new LimitedSink(sink, {
      maxOutput: limits.maxOutputBytes,
      deadline: limits.timeoutMs > 0 ? run.startedAt + limits.timeoutMs : Infinity,
      timeoutMs: limits.timeoutMs,
      signal: options.signal,
      // Limits reached while writing name what was last being evaluated or expanded.
      where: run.meter === undefined ? undefined : () => run.meter?.current ?? 0,
    });
    try {
      // A pre-flight check exists so nothing is written before a refusal. A
      // caller whose sink discards failed output does not need it: the
      // emitter refuses while writing, and the check then only names the place.
      const root = target instanceof ObjectValue ? target : undefined;
      const preflight = root !== undefined && entry.format.check !== undefined && options.verifyBeforeWrite !== false;
      if (preflight) {
        beginPass();
        entry.format.check?.(root, ctx);
      }
      beginPass();
      try {
        if (root !== undefined) this.hooks.emit.for(format).call(root, limited, ctx);
        else entry.format.emitValue?.(target, limited, ctx);
      } catch (e) {
        if (!preflight && root !== undefined && e instanceof OutputError && entry.format.check) {
          beginPass();
          entry.format.check(root, ctx);
        }
        throw e;
      }
    } catch (e) {
      if (e instanceof OutputError) {
        const span = keySpan(value, errorKey(e.key));
        return fail({ code: CODES.O_OUTPUT, message: e.message, start: span.start, end: span.end });
      }
      if (e instanceof OutputLimitError) {
        return fail({ code: e.code, message: e.message, start: e.at, end: e.at + 1 });
      }
      const d = evalDiagnostic(e);
      if (d) return fail(d);
      throw e;
    } finally {
      run.meter?.finish();
    }
    return { ok: true, format, value };
  }

  /** Validate plain data against a schema text with a registered schema type (default `json-schema`). */
  validate(data: unknown, schemaText: string, options: { schemaFormat?: string; schemaType?: string } = {}): SchemaResult {
    const type = options.schemaType ?? "json-schema";
    const hook = this.hooks.validate.get(type);
    const result = hook?.call(data, schemaText, options.schemaFormat === undefined ? {} : { schemaFormat: options.schemaFormat });
    if (!result) return { valid: false, errors: [`schema: no schema type "${type}" is registered`], schemaError: true };
    return result;
  }

  /** Canonical name for a format option (default `json`); unknown names are returned lower-cased. */
  canonicalFormat(name: string | undefined): string {
    const n = (name ?? "json").toLowerCase();
    return this.formatsByName.get(n)?.format.name.toLowerCase() ?? n;
  }

  /**
   * Keep parsed programs of sources seen again, in `cache` (see
   * parse-cache.ts), for a long-lived engine such as a server's; `undefined`
   * turns caching off. Results are the same with or without it. A plugin
   * that taps `hooks.parsed` sees every parse, so while one does, the cache
   * is not used.
   */
  useParseCache(cache: ParseCache | undefined): this {
    this.parseCache = cache;
    return this;
  }

  private parse(source: string, file: string | undefined, limits: Limits): ParseResult {
    const run = (): ParseResult => {
      const parsed = parseProgram(source, { maxDepth: limits.maxDepth, maxSourceLength: limits.maxSourceLength });
      if (!parsed.diagnostic) this.hooks.parsed.call(parsed.program, { file });
      return parsed;
    };
    if (this.parseCache === undefined || this.hooks.parsed.isUsed()) return run();
    return this.parseCache.parse(source, `${file ?? ""}\0${limits.maxDepth}\0${limits.maxSourceLength}`, run);
  }
}

/** The diagnostic of an error raised while evaluating lazy parts of a tree (or a stack overflow there). */
function evalDiagnostic(e: unknown): RawDiagnostic | undefined {
  if (e instanceof EvalError) return e.diagnostic;
  if (e instanceof RangeError && /call stack/i.test(e.message)) return { code: CODES.LIMIT_DEPTH, message: "nesting too deep", start: 0, end: 0 };
  return undefined;
}

/** Where the statement that defined a top-level key starts (for output errors); recorded by the evaluator. */
function keySpan(value: ObjectValue, key: string | undefined): { start: number; end: number } {
  if (key === undefined) return { start: 0, end: 0 };
  return (value instanceof ProgramValue ? value.origins.get(key) : undefined) ?? { start: 0, end: 0 };
}


/** Limits objects made by {@link resolveLimits} (frozen: they can be handed back as they are). */
const RESOLVED = new WeakSet<Limits>([DEFAULT_LIMITS]);

/**
 * Fill unset limits with the defaults. The result is frozen; passing it
 * back (a server resolves its limits once for every run) costs nothing.
 */
export function resolveLimits(partial: Partial<Limits> | undefined): Limits {
  if (partial === undefined) return DEFAULT_LIMITS;
  if (RESOLVED.has(partial as Limits)) return partial as Limits;
  const limits = Object.freeze({ ...DEFAULT_LIMITS, ...stripUndefined(partial) });
  RESOLVED.add(limits);
  return limits;
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  return out;
}
