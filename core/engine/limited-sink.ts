import { fill, MESSAGES, type CodedMessage, type DiagnosticCode } from "../diagnostics/catalogue.js";
import type { TextSink } from "../emit/text-sink.js";

/** Thrown when writing passes a limit of the run (output size, time) or the run is cancelled. */
export class OutputLimitError extends Error {
  readonly code: DiagnosticCode;

  constructor(
    m: CodedMessage,
    /** Offset in the root source that the error names. */
    readonly at = 0,
  ) {
    super(m.message);
    this.code = m.code;
  }
}

/** What bounds the writing of one run. */
export interface WriteLimits {
  /** Most code units written in total. */
  readonly maxOutput: number;
  /** `Date.now()` value past which writing stops (Infinity for none); `timeoutMs` names it in the message. */
  readonly deadline: number;
  readonly timeoutMs: number;
  readonly signal: { readonly aborted: boolean } | undefined;
  /** The offset (in the root source) being written, for errors; undefined: the start. */
  readonly where: (() => number) | undefined;
}

/**
 * A sink that enforces the run's output size, time limit and cancellation on
 * every chunk, so an emitter writing a huge plain range (which evaluates
 * nothing, hence never meets the evaluator's checks) is bounded too.
 */
export class LimitedSink implements TextSink {
  private written = 0;
  constructor(
    private readonly inner: TextSink,
    private readonly limits: WriteLimits,
  ) {}
  write(chunk: string): void {
    const l = this.limits;
    this.written += chunk.length;
    const at = (): number => l.where?.() ?? 0;
    if (this.written > l.maxOutput) throw new OutputLimitError(fill(MESSAGES.outputTooLarge, l.maxOutput), at());
    if (l.signal?.aborted) throw new OutputLimitError(fill(MESSAGES.cancelled), at());
    if (Date.now() > l.deadline) throw new OutputLimitError(fill(MESSAGES.timedOut, l.timeoutMs), at());
    this.inner.write(chunk);
  }
}
