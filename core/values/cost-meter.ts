/**
 * The run's cost meter: every piece of work whose size the source drives
 * (evaluation steps, elements compared, copied or expanded, characters
 * compared or built, ranges pulled by an emitter) is charged here as it
 * happens, and every {@link CHECK_EVERY} units the meter looks at the clock
 * and the cancellation flag. A unit is a small, bounded amount of work (one
 * element, one evaluation step, a few characters), so a run stops within a
 * few milliseconds of its deadline whatever it is doing, and charging costs
 * a decrement and a comparison on hot paths.
 */
import { CODES, fill, MESSAGES } from "../diagnostics/catalogue.js";
import { EvalError } from "./eval-error.js";

/** Units of work between two looks at the clock (about a millisecond of the cheapest work). */
export const CHECK_EVERY = 0x4000;

/** Characters of a string that count as one unit of work when compared, searched or copied natively. */
export const CHARS_PER_UNIT = 16;

/**
 * The run was stopped (time limit, cancellation): raised by the meter at an
 * offset of the root source, and never wrapped as an include's error.
 */
export class StopError extends EvalError {}

/**
 * How a run learns it must stop (`aborted`, read at every look at the
 * clock), and, optionally, tells its caller where it is: `reached(at)` is
 * called at each of those looks with the offset of the work being done, so a
 * caller that must stop the run from outside (a worker terminated at its
 * deadline) can still name the line it was at. A message returned by
 * `reached` stops the run there with that message as a size-limit error
 * (JSSON6002): how a caller charges a budget of its own (a server's memory
 * budget per request).
 */
export interface RunSignal {
  readonly aborted: boolean;
  reached?(at: number): string | undefined;
}

/** One run's meter (see above): charged by whatever does the run's work, in any phase. */
export class CostMeter {
  /**
   * Offset in the root source of the work being done (the expression being
   * evaluated, the range or map being expanded): named by limit errors
   * raised where nothing more precise is known (the output sink, a stack
   * overflow).
   */
  current = 0;
  /**
   * Greater than 0 while the evaluator runs (a program, or a lazy body
   * pulled by an emitter): values consumed then are charged at
   * {@link current}, the expression consuming them; otherwise (an emitter
   * pulling a range) at the place that made them.
   */
  evaluating = 0;
  /** How many times the meter has looked at the clock: the cost fuzzer measures the work done between two looks. */
  checks = 0;
  private left = CHECK_EVERY;

  constructor(
    /** `Date.now()` value past which the run stops (Infinity: no limit). */
    private deadline: number,
    /** The limit, for the message. */
    private readonly timeoutMs: number,
    private signal: RunSignal | undefined,
  ) {}

  /**
   * The run is over (its output written): what reads the tree afterwards
   * (schema validation's plain data, a caller's own walk) is the caller's
   * work, bounded by the output already produced, and never stopped as the
   * run's (a time-limit error after a success would be nobody's error).
   */
  finish(): void {
    this.deadline = Infinity;
    this.signal = undefined;
  }

  /** Charge `units` of work done at offset `at` (of the root source); past the deadline or once cancelled, throw there. */
  charge(units: number, at: number): void {
    if ((this.left -= units) > 0) return;
    this.check(at);
  }

  /** Look at the clock and the cancellation flag now. */
  check(at: number): void {
    this.left = CHECK_EVERY;
    this.checks++;
    const over = this.signal?.reached?.(at);
    if (over !== undefined) throw new StopError({ code: CODES.LIMIT_ITEMS, message: over }, at);
    if (this.signal?.aborted) throw new StopError(fill(MESSAGES.cancelled), at);
    if (Date.now() > this.deadline) throw new StopError(fill(MESSAGES.timedOut, this.timeoutMs), at);
  }
}
