/**
 * One evaluated source and what a run hands back: an {@link Evaluation} is
 * the tree a pipeline (pipeline.ts) made from one parse and one evaluation,
 * checked against a schema and written, buffered or streamed, from that one
 * tree under the run's one time limit; the outcomes (success, failure, a
 * schema check) are the shapes the engine's callers read.
 */
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { CODES, type DiagnosticCode } from "../diagnostics/catalogue.js";
import { makeDiagnostic } from "../diagnostics/make-diagnostic.js";
import { forceLazy } from "../eval/lazy-map.js";
import type { TreeRun } from "../values/program-value.js";
import type { ObjectValue } from "../values/values.js";
import { resolveLimits } from "../values/resolve-limits.js";
import type { EmitContext, OutputFormat, SchemaFailure, SchemaResult, TextSink } from "../plugin.js";
import type { RunOptions } from "./options.js";
import { evalDiagnostic } from "./output-error-place.js";
import { consumerData } from "./consumer-data.js";
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

/** The run of a tree besides the tree: its clock, meter, passes and the root source's lines (for placing errors). */
export interface RunState extends TreeRun {
  readonly hasLazy: boolean;
}

/** What writing a tree needs of its run; a tree that comes from no run (Engine.emit of a hand-made tree) has no meter. */
export type WriteRun = Omit<TreeRun, "meter"> & { readonly meter: TreeRun["meter"] | undefined };

/** A successful emit stage: the format that wrote, and the context it wrote with. */
export interface Emitted {
  readonly ok: true;
  readonly format: string;
  readonly writer: OutputFormat;
  readonly ctx: EmitContext;
}

/** A failure that also carries the warnings found before it. */
export function withWarnings(failure: RunFailure, warnings: readonly Diagnostic[]): RunFailure {
  return warnings.length === 0 ? failure : { ...failure, warnings };
}

/** Strict mode (LANGUAGE.md §16.5): the first warning, made an error. */
export function strictError(warnings: readonly Diagnostic[]): Diagnostic | undefined {
  const first = warnings[0];
  return first === undefined ? undefined : { ...first, severity: "error" };
}

/** Strict mode: the run fails with {@link strictError}. */
export function strictFailure(format: string, warnings: readonly Diagnostic[]): RunFailure | undefined {
  const error = strictError(warnings);
  return error === undefined ? undefined : { ok: false, format, diagnostics: [error], warnings };
}

/** What an evaluation asks of the pipeline that made it: the stages after evaluation, and evaluating again (to locate). */
export interface RunStages {
  evaluate(source: string, options: RunOptions): Evaluation | RunFailure;
  emit(value: ObjectValue, sink: TextSink, options: RunOptions, run: WriteRun): RunFailure | Emitted;
  validate(data: unknown, schemaText: string, options: SchemaOptions): SchemaResult;
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

  /** @internal made by the pipeline's `evaluate` */
  constructor(
    private readonly pipeline: RunStages,
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
  validate(schemaText: string, options: SchemaOptions = {}): SchemaCheck {
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
    const result = this.pipeline.validate(consumed.data, schemaText, options);
    return { ok: true, format: this.format, output: out.output, data: consumed.data, result };
  }

  /**
   * Where each failure of a failed check lies in the source (LANGUAGE.md
   * §12.3; locate-failures.ts): a traced evaluation of this run's source,
   * given only the time this run has left of its one limit, never a second
   * limit of its own. `undefined` when no time is left or the traced run
   * stops at a limit (the failures are then reported without places).
   */
  locate(failures: readonly SchemaFailure[]): (ValuePlace | undefined)[] | undefined {
    const { timeoutMs } = resolveLimits(this.options.limits);
    if (timeoutMs <= 0) return locateFailures(this.pipeline, this.source, this.options, failures);
    const left = Math.floor(this.run.startedAt + timeoutMs - Date.now());
    if (left < 1) return undefined;
    return locateFailures(this.pipeline, this.source, { ...this.options, limits: { ...this.options.limits, timeoutMs: left } }, failures);
  }

  /** The run's failure when it has been cancelled or has passed its time limit (checked between the stages that the meter does not charge). */
  private stopped(): RunFailure | undefined {
    const { timeoutMs } = resolveLimits(this.options.limits);
    const fail = (code: DiagnosticCode, message: string): RunFailure => ({ ok: false, format: this.format, diagnostics: [makeDiagnostic({ code, message, start: 0, end: 0 }, this.run.lines, this.options.file)] });
    if (this.options.signal?.aborted) return fail(CODES.CANCELLED, "evaluation cancelled");
    if (timeoutMs > 0 && Date.now() > this.run.startedAt + timeoutMs) return fail(CODES.LIMIT_TIME, `evaluation timed out (limit ${timeoutMs} ms)`);
    return undefined;
  }
}
