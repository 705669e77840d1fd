/**
 * The stages of a run — parse → evaluate (merging includes) → emit → validate —
 * through the registry's hooks. {@link Pipeline.evaluate} hands back an
 * {@link Evaluation} (evaluation.ts) that the later stages here check and
 * write without running anything again. Runs share no state.
 */
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { CODES, fill, fillMessage, MESSAGES, SCHEMA_MESSAGES } from "../diagnostics/catalogue.js";
import { parseProgram, type ParseResult } from "../syntax/parser.js";
import { evaluateProgram } from "../eval/evaluator.js";
import { ProgramValue } from "../values/program-value.js";
import { isObjectValue, ObjectValue } from "../values/values.js";
import { isOutputError } from "../emit/output-error.js";
import type { EmitContext, SchemaResult, SchemaValidateOptions, TextSink } from "../plugin/index.js";
import { DEFAULT_STREAM_THRESHOLD, type RunOptions } from "./options.js";
import type { Limits } from "../values/limits.js";
import { resolveLimits } from "../values/resolve-limits.js";
import { LimitedSink } from "./limited-sink.js";
import { makeDiagnostic, type RawDiagnostic } from "../diagnostics/make-diagnostic.js";
import type { RunCounter } from "./run-counter.js";
import { FormatOptionChecks } from "./format-options.js";
import { kindPhrase, selectPathText, selectValue } from "./select-value.js";
import { sortedView } from "./sorted-view.js";
import { keySpan, writeErrorDiagnostic } from "./output-error-place.js";
import { HookedIncludeHost } from "./hooked-include-host.js";
import type { PluginRegistry } from "./registry.js";
import type { ValueTrace } from "../provenance/value-trace.js";
import { Evaluation, type Emitted, type EvaluationStages, type RunState, type WriteRun } from "./evaluation.js";
import { strictError, strictFailure, withWarnings, type RunFailure, type SchemaOptions, type SyntaxCheck } from "./run-result.js";

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
  return [...parsed, ...evaluated].sort((a, b) => a.start - b.start).map((w) => makeDiagnostic(w, lines, file, "warning"));
}

/** The pipeline of one engine; see the file header. */
export class Pipeline implements EvaluationStages {
  /** See internal.ts `useRunCounter`. */
  runCounter: RunCounter | undefined;
  readonly #formatOptions = new FormatOptionChecks();

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

  /** Parse and evaluate `source`, once; with `trace`, record where every value came from into it (LANGUAGE.md §12.3). */
  evaluate(source: string, options: RunOptions, trace?: ValueTrace): Evaluation | RunFailure {
    const startedAt = Date.now();
    const format = this.canonicalFormat(options.format);
    const limits = resolveLimits(options.limits);
    // A traced run is the locating pass after a failed schema check (locate-failures.ts; never an embedder's: it is
    // not a run option), not a run of the pipeline: it makes no output and hands out no tree, so the parse and
    // evaluated stages do not see it (a plugin counting stages sees one parse and one evaluation per request);
    // includes still resolve through the hook.
    const tracing = trace !== undefined;
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
      trace,
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
    return result || { valid: false, errors: [`schema: ${fillMessage(SCHEMA_MESSAGES.noSchemaType, type)}`], schemaError: true };
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
    const checked = this.#formatOptions.check(entry.format, options.formatOptions);
    if (!checked.ok) return fail({ code: CODES.O_OUTPUT, message: checked.message, start: 0, end: 0 });
    const ctx: EmitContext = { options: checked.options };
    const select = options.select ?? [];
    // Output errors name a top-level key; with a selection, the one the path starts at.
    const errorKey = (key: string | undefined): string | undefined => (select.length > 0 && typeof select[0] === "string" ? select[0] : key);
    const selected = selectValue(value, select);
    if (!selected.ok) {
      const key = errorKey(undefined);
      const span = keySpan(value, key);
      const failure = fail({ code: CODES.O_OUTPUT, message: selected.message, start: span.start, end: span.end });
      return key !== undefined && value.has(key) ? failure : { ...failure, option: "select" };
    }
    const target = options.sortKeys === true ? sortedView(selected.value) : selected.value;
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

