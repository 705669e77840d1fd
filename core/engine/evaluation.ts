/**
 * One evaluated source and the stages that follow its evaluation: the
 * schema check (validate), writing (buffered or streamed) and placing a
 * failed check's failures, all from the one tree the pipeline's evaluate
 * stage made (pipeline.ts), under the run's one time limit. What it needs
 * of the pipeline is {@link EvaluationStages}, which the pipeline
 * implements: this file imports nothing of it.
 */
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { fill, MESSAGES, type CodedMessage } from "../diagnostics/catalogue.js";
import { forceLazy } from "../eval/lazy-map.js";
import type { TreeRun } from "../values/program-value.js";
import type { ObjectValue } from "../values/values.js";
import type { EmitContext, OutputFormat, SchemaFailure, SchemaResult, TextSink } from "../plugin/index.js";
import type { RunOptions } from "./options.js";
import { resolveLimits } from "../values/resolve-limits.js";
import { makeDiagnostic } from "../diagnostics/make-diagnostic.js";
import { evalDiagnostic } from "./output-error-place.js";
import { toPlainData } from "../values/plain-data.js";
import { selectValue } from "./select-value.js";
import { locateFailures } from "../provenance/locate-failures.js";
import type { ValuePlace } from "../provenance/value-locator.js";
import type { ValueTrace } from "../provenance/value-trace.js";
import { strictFailure, withWarnings, type DataCheck, type EvaluateResult, type RunFailure, type RunSuccess, type SchemaCheck, type SchemaOptions, type TranspileResult } from "./run-result.js";

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

/** The stages of the pipeline an evaluation runs after its evaluation (pipeline.ts implements them). */
export interface EvaluationStages {
  /** The emit stage: write `value` to `sink` in the run's format. */
  emit(value: ObjectValue, sink: TextSink, options: RunOptions, run: WriteRun): RunFailure | Emitted;
  /** The validate stage on its own: plain data against a schema text, with a registered schema type. */
  validate(data: unknown, schemaText: string, options: SchemaOptions): SchemaResult;
  /** The evaluate stage, traced, for the locating pass (locate-failures.ts). */
  evaluate(source: string, options: RunOptions, trace: ValueTrace): { readonly ok: true; readonly value: ObjectValue } | { readonly ok: false };
}

/** Places the failures of a check of an evaluation (its private `#locate`): set once, by its static block; internal.ts re-exports it. */
export let locateFailuresOf: (evaluation: Evaluation, failures: readonly SchemaFailure[]) => (ValuePlace | undefined)[] | undefined;

/**
 * One evaluated source, ready for the stages after evaluation: checked
 * against a schema ({@link validate}), then written buffered ({@link output})
 * or to a sink ({@link write}) — all from this one tree, under the run's
 * one time limit. The output is emitted once: after {@link output} (or
 * {@link validate}, which needs it), {@link write} hands over the same text.
 */
export class Evaluation implements RunSuccess {
  readonly ok = true;
  #buffered: TranspileResult | undefined;
  #emitted: Emitted | undefined;
  // private in JavaScript too (#): an embedder reaches neither the pipeline nor the run through an evaluation
  readonly #pipeline: EvaluationStages;
  readonly #source: string;
  readonly #options: RunOptions;
  readonly #run: RunState;
  readonly #warningsNow: () => readonly Diagnostic[];

  static {
    locateFailuresOf = (evaluation, failures) => evaluation.#locate(failures);
  }

  /** @internal made by the pipeline's evaluate stage (pipeline.ts) */
  constructor(pipeline: EvaluationStages, source: string, readonly format: string, readonly value: ObjectValue, options: RunOptions, run: RunState, warningsNow: () => readonly Diagnostic[]) {
    this.#pipeline = pipeline;
    this.#source = source;
    this.#options = options;
    this.#run = run;
    this.#warningsNow = warningsNow;
  }

  /**
   * The source's warnings (LANGUAGE.md §16.5), in source order. A lazy part
   * evaluated while writing may add one: read after writing for all of them.
   */
  get warnings(): readonly Diagnostic[] {
    return this.#warningsNow();
  }

  /** Under strict mode, the failure a warning found while writing makes (see {@link RunOptions.strict}). */
  private strictAfterWrite(): RunFailure | undefined {
    return this.#options.strict === true ? strictFailure(this.format, this.warnings) : undefined;
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
    if (this.#buffered !== undefined) {
      if (!this.#buffered.ok) return this.#buffered;
      sink.write(this.#buffered.output);
      return { ok: true, format: this.format, value: this.value };
    }
    if (this.#run.hasLazy && this.#options.verifyBeforeWrite !== false) {
      try {
        forceLazy(this.value, this.#run.meter);
      } catch (e) {
        const d = evalDiagnostic(e);
        if (d) return withWarnings({ ok: false, format: this.format, diagnostics: [makeDiagnostic(d, this.#run.lines, this.#options.file)] }, this.warnings);
        throw e;
      }
      const strict = this.strictAfterWrite();
      if (strict) return strict;
    }
    const r = this.#pipeline.emit(this.value, sink, this.#options, this.#run);
    // without the verify pass, a lazy part evaluated while writing may have found the first warning
    return r.ok ? (this.strictAfterWrite() ?? { ok: true, format: this.format, value: this.value }) : r;
  }

  /** The output as one text (emitted on the first call; an error while writing discards the partial text). */
  output(): TranspileResult {
    if (this.#buffered !== undefined) return this.#buffered;
    const chunks: string[] = [];
    const r = this.#pipeline.emit(this.value, { write: (c) => void chunks.push(c) }, this.#options, this.#run);
    if (r.ok) this.#emitted = r;
    const strict = r.ok ? this.strictAfterWrite() : undefined;
    const warnings = this.warnings;
    this.#buffered = strict ?? (r.ok ? { ok: true, format: this.format, value: this.value, output: chunks.join(""), warnings } : withWarnings(r, warnings));
    return this.#buffered;
  }

  /**
   * The validate stage: write the output (buffered, once), take the data a
   * consumer of the format reads ({@link #consumerData}), and check it with the
   * schema type (default `json-schema`). A source error while writing is
   * the result; a schema's verdict, good or bad, is `ok: true`. The stage
   * is part of the run: past its time limit (or once cancelled) it stops
   * with that error rather than start reading or checking the data.
   */
  validate(schemaText: string, options: SchemaOptions = {}, check?: DataCheck): SchemaCheck {
    const out = this.output();
    if (!out.ok) return out;
    const emitted = this.#emitted as Emitted; // set by the successful output() above
    const late = this.stopped();
    if (late) return late;
    const data = this.#consumerData(emitted, out.output);
    const later = this.stopped();
    if (later) return later;
    const result = check === undefined ? this.#pipeline.validate(data, schemaText, options) : check(data, schemaText, options, this.timeLeftMs());
    if (result === undefined) return this.timedOut();
    return { ok: true, format: this.format, output: out.output, data, result };
  }

  /**
   * "The data a consumer of the chosen output format would read" (LANGUAGE.md §12.1), what the validate
   * stage checks: the output read back by a format that can (YAML, TOML: so TOML's dropped nulls are seen),
   * else the tree (or the selected value) as plain data (a TypeScript file is a module, not a data format).
   * The output was written by this very run: failing to read it back is a bug of its emitter.
   */
  #consumerData({ writer, ctx }: Emitted, output: string): unknown {
    const selected = writer.readBack === undefined ? selectValue(this.value, this.#options.select ?? []) : undefined;
    if (selected?.ok === false) throw new Error(selected.message);
    try {
      return selected === undefined ? writer.readBack?.(output, ctx) : toPlainData(selected.value);
    } catch (e) {
      throw new Error(`cannot read the ${writer.name} output back: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  /**
   * Where each failure of a failed check lies in the source (LANGUAGE.md
   * §12.3; locate-failures.ts): a traced evaluation of this run's source,
   * given only the time this run has left of its one limit, never a second
   * limit of its own. `undefined` when no time is left or the traced run
   * stops at a limit (the failures are then reported without places).
   * Private (#): this repository's own (internal.ts `locatePlaces`, schemaCheck).
   */
  #locate(failures: readonly SchemaFailure[]): (ValuePlace | undefined)[] | undefined {
    const left = this.timeLeftMs();
    if (left === Infinity) return locateFailures(this.#pipeline, this.#source, this.#options, failures);
    if (left < 1) return undefined;
    return locateFailures(this.#pipeline, this.#source, { ...this.#options, limits: { ...this.#options.limits, timeoutMs: left } }, failures);
  }

  /** Whole milliseconds left of the run's time limit (`Infinity` without one; 0 or less once passed). */
  private timeLeftMs(): number {
    const { timeoutMs } = resolveLimits(this.#options.limits);
    return timeoutMs <= 0 ? Infinity : Math.floor(this.#run.startedAt + timeoutMs - Date.now());
  }

  /** The run's failure when it has been cancelled or has passed its time limit (checked between the stages that the meter does not charge). */
  private stopped(): RunFailure | undefined {
    if (this.#options.signal?.aborted) return this.failure(fill(MESSAGES.cancelled));
    return this.timeLeftMs() < 0 ? this.timedOut() : undefined;
  }

  /** The failure of a run past its time limit. */
  private timedOut(): RunFailure {
    return this.failure(fill(MESSAGES.timedOut, resolveLimits(this.#options.limits).timeoutMs));
  }

  private failure(m: CodedMessage): RunFailure {
    return { ok: false, format: this.format, diagnostics: [makeDiagnostic({ ...m, start: 0, end: 0 }, this.#run.lines, this.#options.file)] };
  }
}
