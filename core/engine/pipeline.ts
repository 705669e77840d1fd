/**
 * The run: one pass of the pipeline over a source — parse → evaluate
 * (merging includes) → emit → validate — through the registry's hooks.
 * {@link Pipeline.evaluate} parses and evaluates exactly once and hands back
 * an {@link Evaluation}: that one tree is then checked against a schema
 * (the validate stage) and written, buffered or streamed, without running
 * anything again. Runs share no state.
 */
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { CODES, fill, MESSAGES, type CodedMessage } from "../diagnostics/catalogue.js";
import { parseProgram, type ParseResult } from "../syntax/parser.js";
import { evaluateProgram } from "../eval/evaluator.js";
import { forceLazy } from "../eval/lazy-map.js";
import { ProgramValue, type TreeRun } from "../values/program-value.js";
import { isObjectValue, ObjectValue, type Value } from "../values/values.js";
import { isOutputError } from "../emit/output-error.js";
import type { EmitContext, OutputFormat, SchemaFailure, SchemaResult, SchemaValidateOptions, TextSink } from "../plugin.js";
import { DEFAULT_STREAM_THRESHOLD, type RunOptions } from "./options.js";
import type { Limits } from "../values/limits.js";
import { resolveLimits } from "../values/resolve-limits.js";
import { LimitedSink } from "./limited-sink.js";
import { makeDiagnostic, type RawDiagnostic } from "../diagnostics/make-diagnostic.js";
import type { RunCounter } from "./run-counter.js";
import { checkFormatOptions } from "./format-options.js";
import { kindPhrase, selectPathText, selectValue } from "./select-value.js";
import { sortedView } from "./sorted-view.js";
import { evalDiagnostic, keySpan, writeErrorDiagnostic } from "./output-error-place.js";
import { HookedIncludeHost } from "./hooked-include-host.js";
import { consumerData } from "./consumer-data.js";
import type { PluginRegistry } from "./registry.js";
import { locateFailures } from "../provenance/locate-failures.js";
import type { ValuePlace } from "../provenance/value-locator.js";

/** A successful run. */
export interface RunSuccess {
  readonly ok: true;
  /** Canonical format name. */
  readonly format: string;
  /** The evaluated value tree (large maps inside it are lazy: reading them evaluates them). */
  readonly value: ObjectValue;
  /** The source's warnings (LANGUAGE.md §16.5), in source order; severity `warning`. */
  readonly warnings?: readonly Diagnostic[];
}

/** A failed run: the first problem (LANGUAGE.md §13: processing stops at the first error). */
export interface RunFailure {
  readonly ok: false;
  readonly format: string;
  readonly diagnostics: readonly Diagnostic[];
  /**
   * Set when the failure lies in a run option rather than in the source:
   * `select` for a selection (`RunOptions.select`) whose first key the
   * document does not define, so its diagnostic has no place of its own
   * (callers name the option instead, as the CLI names `--select`).
   */
  readonly option?: "select";
  /** Warnings found before the run failed (LANGUAGE.md §16.5), in source order. */
  readonly warnings?: readonly Diagnostic[];
}

/** Outcome of the parse stage alone: its errors, and the warnings a parse finds. */
export interface SyntaxCheck {
  readonly diagnostics: readonly Diagnostic[];
  readonly warnings: readonly Diagnostic[];
}

/** Outcome of a buffered run. */
export type TranspileResult = (RunSuccess & { readonly output: string }) | RunFailure;

/** Outcome of an evaluation, or of writing one. */
export type EvaluateResult = RunSuccess | RunFailure;

/** Which schema type checks the data, and how its schema text is written. */
export interface SchemaOptions {
  /** Default `json-schema`. */
  readonly schemaType?: string;
  /** `json`, `yaml` or `toml`; sniffed when absent. */
  readonly schemaFormat?: string;
}

/** Outcome of the validate stage of a successful run: the output, the data a consumer reads, and the verdict. */
export type SchemaCheck = RunFailure | { readonly ok: true; readonly format: string; readonly output: string; readonly data: unknown; readonly result: SchemaResult };

/**
 * The check of the data against the schema, done where the caller can stop
 * it (a thread of its own: a validator counts no work), given the time the
 * run has left of its one limit (`Infinity` without one); `undefined` when
 * it did not finish within that time. Without one, the validate stage checks
 * in this thread with the registered schema type.
 */
export type DataCheck = (data: unknown, schemaText: string, options: SchemaOptions, timeLeftMs: number) => SchemaResult | undefined;

/** The run of a tree besides the tree: its clock, meter, passes and the root source's lines (for placing errors). */
interface RunState extends TreeRun {
  readonly hasLazy: boolean;
}

/** What writing a tree needs of its run; a tree that comes from no run (Engine.emit of a hand-made tree) has no meter. */
type WriteRun = Omit<TreeRun, "meter"> & { readonly meter: TreeRun["meter"] | undefined };

/** A successful emit stage: the format that wrote, and the context it wrote with. */
interface Emitted {
  readonly ok: true;
  readonly format: string;
  readonly writer: OutputFormat;
  readonly ctx: EmitContext;
}

/** The schema type used when none is named. */
const DEFAULT_SCHEMA_TYPE = "json-schema";

const NO_WARNINGS: readonly Diagnostic[] = [];
const NO_RAW: readonly RawDiagnostic[] = [];

/**
 * A source's warnings as diagnostics: those its parse found and those its
 * evaluation found, merged in source order (an included file's sit at its
 * `include`).
 */
function placeWarnings(parsed: readonly RawDiagnostic[], evaluated: readonly RawDiagnostic[], lines: RunState["lines"], file: string | undefined): readonly Diagnostic[] {
  if (parsed.length === 0 && evaluated.length === 0) return NO_WARNINGS;
  const all = [...parsed, ...evaluated].sort((a, b) => a.start - b.start);
  return all.map((w) => makeDiagnostic(w, lines, file, "warning"));
}

/** A failure that also carries the warnings found before it. */
function withWarnings(failure: RunFailure, warnings: readonly Diagnostic[]): RunFailure {
  return warnings.length === 0 ? failure : { ...failure, warnings };
}

/** Strict mode (LANGUAGE.md §16.5): the first warning, made an error. */
function strictError(warnings: readonly Diagnostic[]): Diagnostic | undefined {
  const first = warnings[0];
  return first === undefined ? undefined : { ...first, severity: "error" };
}

/** Strict mode: the run fails with {@link strictError}. */
function strictFailure(format: string, warnings: readonly Diagnostic[]): RunFailure | undefined {
  const error = strictError(warnings);
  return error === undefined ? undefined : { ok: false, format, diagnostics: [error], warnings };
}

/** The pipeline of one engine; see the file header. */
export class Pipeline {
  /** See {@link Engine.useRunCounter}. */
  runCounter: RunCounter | undefined;

  constructor(private readonly registry: PluginRegistry) {}

  /**
   * Parse stage only: the lexical and syntax errors, and the warnings found
   * without evaluation (W3–W6 of LANGUAGE.md §16.5; none when the source does
   * not parse). Under strict mode the first warning, made an error, is the
   * check's error (the warnings stay).
   */
  check(source: string, options: Pick<RunOptions, "limits" | "file" | "strict">): SyntaxCheck {
    const parsed = this.parse(source, options.file, resolveLimits(options.limits));
    if (parsed.diagnostic) return { diagnostics: parsed.diagnostics.map((d) => makeDiagnostic(d, parsed.lines, options.file)), warnings: NO_WARNINGS };
    const warnings = placeWarnings(parsed.warnings, NO_RAW, parsed.lines, options.file);
    const error = options.strict === true ? strictError(warnings) : undefined;
    return { diagnostics: error === undefined ? NO_WARNINGS : [error], warnings };
  }

  /** Parse and evaluate `source`, once. */
  evaluate(source: string, options: RunOptions): Evaluation | RunFailure {
    const startedAt = Date.now();
    const format = this.canonicalFormat(options.format);
    const limits = resolveLimits(options.limits);
    // A traced run (options.trace) is the locating pass after a failed schema check
    // (locate-failures.ts), not a run of the pipeline: it makes no output and hands out no
    // tree, so the parse and evaluated stages do not see it (a plugin counting stages sees
    // one parse and one evaluation per request); includes still resolve through the hook.
    const tracing = options.trace !== undefined;
    this.runCounter?.evaluated(tracing);
    const parsed = this.parse(source, options.file, limits, tracing);
    if (parsed.diagnostic) return { ok: false, format, diagnostics: parsed.diagnostics.map((d) => makeDiagnostic(d, parsed.lines, options.file)) };
    const hooks = this.registry.hooks;
    const result = evaluateProgram(parsed.program, {
      file: options.file,
      host: hooks.resolveInclude.isUsed() ? new HookedIncludeHost(hooks.resolveInclude, options.host) : options.host,
      includeMerge: options.includeMerge ?? "keep",
      limits,
      signal: options.signal,
      parse: (text, file) => this.parse(text, file, limits, tracing),
      // a traced run builds everything eagerly, so every element is a recorded child
      // A larger stream threshold changes when output streams, never how much is built at once:
      // what the request asks for cannot make a lazy map eager (3 M objects from a 110-byte request).
      lazyThreshold: tracing ? Infinity : Math.min(options.streamThreshold ?? DEFAULT_STREAM_THRESHOLD, DEFAULT_STREAM_THRESHOLD),
      vars: options.vars,
      startedAt,
      trace: options.trace,
    });
    const warnings = (): readonly Diagnostic[] => placeWarnings(parsed.warnings, result.warnings, parsed.lines, options.file);
    if (!result.ok) return withWarnings({ ok: false, format, diagnostics: [makeDiagnostic(result.diagnostic, parsed.lines, options.file)] }, warnings());
    if (options.strict === true && !tracing) {
      const failure = strictFailure(format, warnings());
      if (failure) return failure;
    }
    const value: unknown = hooks.evaluated.isUsed() && !tracing ? hooks.evaluated.call(result.value) : result.value;
    if (!(value instanceof ObjectValue))
      throw new Error(
        isObjectValue(value)
          ? "a plugin's evaluated hook returned an object made by another copy of jsson: build values with host.values (docs/plugins.md)"
          : `a plugin's evaluated hook returned ${typeof value}, not an object value`,
      );
    const run: RunState = { startedAt, meter: result.meter, beginPass: result.beginPass, lines: parsed.lines, hasLazy: result.hasLazy };
    // A tree handed out continues this run when written later (Engine.emit): one deadline, one meter
    // (a field, not a WeakMap: a WeakMap entry per request makes every garbage collection dearer).
    if (value instanceof ProgramValue) value.run = run;
    return new Evaluation(this, source, format, value, options, run, warnings);
  }

  /** Validate plain data against a schema text with a registered schema type (the validate stage on its own). */
  validate(data: unknown, schemaText: string, options: SchemaOptions): SchemaResult {
    const type = options.schemaType ?? DEFAULT_SCHEMA_TYPE;
    const given: SchemaValidateOptions = options.schemaFormat === undefined ? {} : { schemaFormat: options.schemaFormat };
    const result = this.registry.hooks.validate.get(type)?.call(data, schemaText, given);
    if (!result) return { valid: false, errors: [`schema: no schema type "${type}" is registered`], schemaError: true };
    return result;
  }

  /** Canonical name for a format option (default `json`); unknown names are returned lower-cased. */
  canonicalFormat(name: string | undefined): string {
    const n = (name ?? "json").toLowerCase();
    return this.registry.findFormat(n)?.name ?? n;
  }

  /**
   * Emit stage: write `value` to `sink` in the run's format. `run.beginPass`
   * is called before each traversal (format check, emit) so lazy parts are
   * counted once per pass. On success, says which format wrote and with
   * what context (for reading the output back).
   */
  emit(value: ObjectValue, sink: TextSink, options: RunOptions, run: WriteRun): RunFailure | Emitted {
    const format = this.canonicalFormat(options.format);
    const entry = this.registry.findFormat(format);
    const fail = (raw: RawDiagnostic): RunFailure => ({ ok: false, format, diagnostics: [makeDiagnostic(raw, run.lines, options.file)] });
    if (!entry) return fail({ ...fill(MESSAGES.unknownFormat, options.format ?? ""), start: 0, end: 0 });
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
        const key = errorKey(undefined);
        const span = keySpan(value, key);
        const failure = fail({ code: CODES.O_OUTPUT, message: selected.message, start: span.start, end: span.end });
        return key !== undefined && value.has(key) ? failure : { ...failure, option: "select" };
      }
      target = selected.value;
    }
    if (options.sortKeys === true) target = sortedView(target);
    if (!(target instanceof ObjectValue) && entry.format.emitValue === undefined) {
      const span = keySpan(value, errorKey(undefined));
      return fail({ ...fill(MESSAGES.needsObjectAtTop, format, selectPathText(select), kindPhrase(target)), start: span.start, end: span.end });
    }
    const meter = run.meter;
    const limited = new LimitedSink(sink, {
      maxOutput: limits.maxOutputBytes,
      deadline: limits.timeoutMs > 0 ? run.startedAt + limits.timeoutMs : Infinity,
      timeoutMs: limits.timeoutMs,
      signal: options.signal,
      // Limits reached while writing name what was last being evaluated or expanded.
      where: meter === undefined ? undefined : () => meter.current,
    });
    try {
      // A pre-flight check exists so nothing is written before a refusal. A
      // caller whose sink discards failed output does not need it: the
      // emitter refuses while writing, and the check then only names the place.
      const root = target instanceof ObjectValue ? target : undefined;
      const preflight = root !== undefined && entry.format.check !== undefined && options.verifyBeforeWrite !== false;
      if (preflight) {
        run.beginPass();
        entry.format.check?.(root, ctx);
      }
      run.beginPass();
      try {
        if (root !== undefined) entry.hook.call(root, limited, ctx);
        else entry.format.emitValue?.(target, limited, ctx);
      } catch (e) {
        if (!preflight && root !== undefined && isOutputError(e) && entry.format.check) {
          run.beginPass();
          entry.format.check(root, ctx);
        }
        throw e;
      }
    } catch (e) {
      const d = writeErrorDiagnostic(e, value, errorKey);
      if (d) return fail(d);
      throw e;
    } finally {
      meter?.finish();
    }
    return { ok: true, format, writer: entry.format, ctx };
  }

  /** Parse stage; `quiet` (the locating pass) parses without telling the stage's taps. */
  private parse(source: string, file: string | undefined, limits: Limits, quiet = false): ParseResult {
    this.runCounter?.parsed(quiet);
    const parsed = parseProgram(source, { maxDepth: limits.maxDepth, maxSourceLength: limits.maxSourceLength });
    if (!parsed.diagnostic && !quiet && this.registry.hooks.parsed.isUsed()) this.registry.hooks.parsed.call({ file, text: source });
    return parsed;
  }
}

/**
 * One evaluated source, ready for the stages after evaluation: checked
 * against a schema ({@link validate}), then written buffered ({@link output})
 * or to a sink ({@link write}) — all from this one tree, under the run's
 * one time limit. The output is emitted once: after {@link output} (or
 * {@link validate}, which needs it), {@link write} hands over the same text.
 */
export class Evaluation implements RunSuccess {
  readonly ok = true;
  private buffered: TranspileResult | undefined;
  private emitted: Emitted | undefined;

  /** @internal made by {@link Pipeline.evaluate} */
  constructor(
    private readonly pipeline: Pipeline,
    private readonly source: string,
    readonly format: string,
    readonly value: ObjectValue,
    private readonly options: RunOptions,
    private readonly run: RunState,
    private readonly warningsNow: () => readonly Diagnostic[],
  ) {}

  /**
   * The source's warnings (LANGUAGE.md §16.5), in source order. A lazy part
   * evaluated while writing may add one: read after writing for all of them.
   */
  get warnings(): readonly Diagnostic[] {
    return this.warningsNow();
  }

  /** Under strict mode, the failure a warning found while writing makes (see {@link RunOptions.strict}). */
  private strictAfterWrite(): RunFailure | undefined {
    return this.options.strict === true ? strictFailure(this.format, this.warnings) : undefined;
  }

  /**
   * Write the output to `sink`. Unless the run's options say
   * `verifyBeforeWrite: false` (a sink that discards failed output), every
   * error the source can raise is found before the first byte is written:
   * the lazy parts are evaluated in a verify pass, then the format's check
   * runs. Only the output-size limit, the timeout and cancellation can still
   * end a run once writing has begun (and, without the verify pass, strict
   * mode's first warning, found in a lazy part as it was written).
   */
  write(sink: TextSink): EvaluateResult {
    if (this.buffered !== undefined) {
      if (!this.buffered.ok) return this.buffered;
      sink.write(this.buffered.output);
      return { ok: true, format: this.format, value: this.value };
    }
    if (this.run.hasLazy && this.options.verifyBeforeWrite !== false) {
      try {
        forceLazy(this.value, this.run.meter);
      } catch (e) {
        const d = evalDiagnostic(e);
        if (d) return withWarnings({ ok: false, format: this.format, diagnostics: [makeDiagnostic(d, this.run.lines, this.options.file)] }, this.warnings);
        throw e;
      }
      const strict = this.strictAfterWrite();
      if (strict) return strict;
    }
    const r = this.pipeline.emit(this.value, sink, this.options, this.run);
    // without the verify pass, a lazy part evaluated while writing may have found the first warning
    return r.ok ? (this.strictAfterWrite() ?? { ok: true, format: this.format, value: this.value }) : r;
  }

  /** The output as one text (emitted on the first call; an error while writing discards the partial text). */
  output(): TranspileResult {
    if (this.buffered !== undefined) return this.buffered;
    const chunks: string[] = [];
    const r = this.pipeline.emit(this.value, { write: (c) => void chunks.push(c) }, this.options, this.run);
    if (r.ok) this.emitted = r;
    const strict = r.ok ? this.strictAfterWrite() : undefined;
    const warnings = this.warnings;
    this.buffered = strict ?? (r.ok ? { ok: true, format: this.format, value: this.value, output: chunks.join(""), warnings } : withWarnings(r, warnings));
    return this.buffered;
  }

  /**
   * The validate stage: write the output (buffered, once), take the data a
   * consumer of the format reads (consumer-data.ts), and check it with the
   * schema type (default `json-schema`). A source error while writing is
   * the result; a schema's verdict, good or bad, is `ok: true`. The stage
   * is part of the run: past its time limit (or once cancelled) it stops
   * with that error rather than start reading or checking the data.
   */
  validate(schemaText: string, options: SchemaOptions = {}, check?: DataCheck): SchemaCheck {
    const out = this.output();
    if (!out.ok) return out;
    const emitted = this.emitted as Emitted; // set by the successful output() above
    const late = this.stopped();
    if (late) return late;
    const consumed = consumerData(emitted.writer, emitted.ctx, this.value, out.output, this.options.select ?? []);
    // The output was written by this very run: failing to read it back is a bug of its emitter.
    if (!consumed.ok) throw new Error(consumed.message);
    const later = this.stopped();
    if (later) return later;
    const result = check === undefined ? this.pipeline.validate(consumed.data, schemaText, options) : check(consumed.data, schemaText, options, this.timeLeftMs());
    if (result === undefined) return this.timedOut();
    return { ok: true, format: this.format, output: out.output, data: consumed.data, result };
  }

  /**
   * Where each failure of a failed check lies in the source (LANGUAGE.md
   * §12.3; locate-failures.ts): a traced evaluation of this run's source,
   * given only the time this run has left of its one limit, never a second
   * limit of its own. `undefined` when no time is left or the traced run
   * stops at a limit (the failures are then reported without places).
   * @internal for this repository's CLI, server and language server
   */
  locate(failures: readonly SchemaFailure[]): (ValuePlace | undefined)[] | undefined {
    const left = this.timeLeftMs();
    if (left === Infinity) return locateFailures(this.pipeline, this.source, this.options, failures);
    if (left < 1) return undefined;
    return locateFailures(this.pipeline, this.source, { ...this.options, limits: { ...this.options.limits, timeoutMs: left } }, failures);
  }

  /** Whole milliseconds left of the run's time limit (`Infinity` without one; 0 or less once passed). */
  private timeLeftMs(): number {
    const { timeoutMs } = resolveLimits(this.options.limits);
    return timeoutMs <= 0 ? Infinity : Math.floor(this.run.startedAt + timeoutMs - Date.now());
  }

  /** The run's failure when it has been cancelled or has passed its time limit (checked between the stages that the meter does not charge). */
  private stopped(): RunFailure | undefined {
    if (this.options.signal?.aborted) return this.failure(fill(MESSAGES.cancelled));
    return this.timeLeftMs() < 0 ? this.timedOut() : undefined;
  }

  /** The failure of a run past its time limit. */
  private timedOut(): RunFailure {
    return this.failure(fill(MESSAGES.timedOut, resolveLimits(this.options.limits).timeoutMs));
  }

  private failure(m: CodedMessage): RunFailure {
    return { ok: false, format: this.format, diagnostics: [makeDiagnostic({ ...m, start: 0, end: 0 }, this.run.lines, this.options.file)] };
  }
}
