/**
 * The fast path: a small request is first tried right on the event loop,
 * under a tight time and size budget, because handing it to a worker (two
 * thread hops) costs more than evaluating it. If the attempt runs past its
 * budget, or its output is large, it is dropped and the request goes to the
 * worker pool as usual — evaluation is deterministic, so the answer is the
 * same either way. A breaker turns the fast path off for a while when
 * attempts keep failing, so hostile small-but-expensive sources cannot keep
 * the event loop busy.
 *
 * The budget is wall-clock time, so an attempt also runs past it when the
 * machine, not the source, is slow: the process was preempted (on a busy
 * host a lost timeslice is several ms). Such attempts still go to the pool,
 * but they do not count against the breaker: otherwise, at thousands of
 * requests per second, a few preemptions a second would turn the fast path
 * off again and again and send every small request through the pool,
 * several times dearer, on a machine already short of CPU (measured: 1.4k
 * instead of 10k small requests/s on one process at a load average of 16).
 * An overrun counts unless the process had less than half a core since the
 * last look at its CPU time (see {@link InlineRunner.starved}).
 *
 * An attempt is bounded by limits of its own, far below the request's
 * (see {@link inlineLimits}): its time budget as the engine's time limit, few
 * values, short ranges and strings, little output. The engine charges these
 * as the work happens, so no source can hold the event loop or grow its
 * heap past them. A failure those limits may have caused (a limit error, or
 * an error inside an included file, which wraps its cause) is never the
 * answer: the request goes to the pool, which runs it under the request's
 * own limits. Any other failure is the same there, and is answered here.
 */
import { CODES, resolveLimits, type Diagnostic, type Engine, type IncludeHost, type Limits } from "../../core/index.js";
import { runTranspile } from "./jobs/run-transpile.js";
import { runValidate } from "./jobs/run-validate.js";
import { ContextLimitReached, StreamStopped, type JobContext, type ResponseChannel } from "./jobs/job-context.js";
import type { TranspileJob, ValidateJob } from "./pool/protocol.js";

/** Settings of the fast path. */
export interface InlineOptions {
  /** Largest source (plus files) tried inline, in UTF-16 code units. */
  readonly maxSource: number;
  /** Time one attempt may take, in ms. */
  readonly budgetMs: number;
  /** Largest output produced inline, in UTF-16 code units. */
  readonly maxOutput: number;
  /** Failed attempts within one second that switch the fast path off for the next second. */
  readonly maxFailuresPerSecond: number;
}

/** Defaults: a few KiB of source, 2 ms, 256 KiB of output. */
export const INLINE_DEFAULTS: InlineOptions = { maxSource: 8 * 1024, budgetMs: 2, maxOutput: 256 * 1024, maxFailuresPerSecond: 20 };

/** Values one attempt may create (objects, array items, strings…). */
const INLINE_MAX_ITEMS = 20_000;
/** Elements of one range or array in an attempt. */
const INLINE_MAX_RANGE = 10_000;
/** Length of one string value in an attempt, in UTF-16 code units. */
const INLINE_MAX_STRING = 64 * 1024;
/** Includes one attempt may execute. */
const INLINE_MAX_INCLUDES = 64;

/** The limits of an attempt: the request's, each tightened to the fast path's (never loosened). */
export function inlineLimits(request: Limits, options: InlineOptions): Limits {
  return resolveLimits({
    ...request,
    // The engine's clock counts whole milliseconds: one more, so a run inside the budget is not cut by rounding
    // (the attempt's own signal, on the precise clock, still stops it at the budget).
    timeoutMs: Math.ceil(options.budgetMs) + 1,
    maxItems: Math.min(request.maxItems, INLINE_MAX_ITEMS),
    maxRangeItems: Math.min(request.maxRangeItems, INLINE_MAX_RANGE),
    maxStringLength: Math.min(request.maxStringLength, INLINE_MAX_STRING),
    maxOutputBytes: Math.min(request.maxOutputBytes, options.maxOutput),
    maxIncludes: Math.min(request.maxIncludes, INLINE_MAX_INCLUDES),
  });
}

/** Codes of failures an attempt's own limits may cause (see the file header). */
const NOT_ANSWERED: ReadonlySet<string> = new Set([
  CODES.LIMIT_DEPTH,
  CODES.LIMIT_ITEMS,
  CODES.LIMIT_STRING,
  CODES.LIMIT_OUTPUT,
  CODES.LIMIT_TIME,
  CODES.LIMIT_INCLUDES,
  CODES.LIMIT_SOURCE,
  CODES.CANCELLED,
  CODES.R21_RANGE_TOO_LARGE,
  CODES.I4_ERROR_IN_INCLUDE,
]);

/** Whether an attempt may answer with this failure. */
function answerable(diagnostics: readonly Diagnostic[]): boolean {
  return !diagnostics.some((d) => NOT_ANSWERED.has(d.code));
}

/** Failures of the clock: what a slow machine causes as well as an expensive source. */
const TIME_CODES: ReadonlySet<string> = new Set([CODES.LIMIT_TIME, CODES.CANCELLED]);

/**
 * How long one reading of the process's CPU time serves as the base of
 * {@link InlineRunner.starved}, in ms: short against the budget, so the
 * reading covers the attempt itself, while at most a thousand readings a
 * second (a system call each, ~1 µs) are made however many requests come.
 */
const CPU_MARK_MS = 1;

/** Thrown inside an attempt that must move to the pool. */
class GiveUp extends StreamStopped {}

/**
 * The context, response channel and cancellation signal of an attempt, in
 * one object made once per runner and reset for each attempt: attempts run
 * one at a time on the event loop and never nest (no plugin code runs in
 * them), and a small request's job is short enough that a dozen objects
 * and closures made per attempt were a fifth of its cost.
 */
class Attempt implements JobContext, ResponseChannel {
  readonly signal = this;
  readonly channel = this;
  readonly streamChunkSize = 16 * 1024;
  readonly canStream = false;
  /** The body the job answered with (undefined: none yet). */
  answer: string | undefined = undefined;
  /** The job found it must stream: off to the pool. */
  gaveUp = false;
  /** The budget ran out (seen by the signal). */
  expired = false;
  /** The job's failure was a time limit (seen by {@link answersFailure}). */
  timeFailure = false;
  /** `performance.now()` value at which the budget runs out. */
  deadline = 0;
  readonly streamWindow: number;

  constructor(
    readonly engine: Engine,
    readonly limits: Limits,
    readonly hostFor: (files: readonly (readonly [string, string])[]) => IncludeHost,
    /** Past this much output a run "commits", which this channel refuses: off to the pool. */
    maxOutput: number,
  ) {
    this.streamWindow = maxOutput;
  }

  /** Start an attempt with this budget end. */
  reset(deadline: number): void {
    this.answer = undefined;
    this.gaveUp = false;
    this.expired = false;
    this.timeFailure = false;
    this.deadline = deadline;
  }

  /** Whether the job may answer with this failure (see the file header); notes a time failure. */
  answersFailure(diagnostics: readonly Diagnostic[]): boolean {
    if (answerable(diagnostics)) return true;
    this.timeFailure = diagnostics.some((d) => TIME_CODES.has(d.code));
    return false;
  }

  /** The signal: polled by the engine; true once the budget has run out. */
  get aborted(): boolean {
    if (!this.expired && performance.now() > this.deadline) this.expired = true;
    return this.expired;
  }

  body(text: string): void {
    this.answer = text;
  }
  streamStart(): void {
    throw new GiveUp("too large for the fast path");
  }
  chunk(): void {
    throw new GiveUp("too large for the fast path");
  }
  streamEnd(): void {
    this.gaveUp = true;
  }
  streamAbort(): void {
    this.gaveUp = true;
  }
}

/** Runs small requests on the event loop within a budget; see the file header. */
export class InlineRunner {
  private failures = 0;
  private windowStart = 0;
  private offUntil = 0;
  /** Wall clock (ms) and process CPU time (µs) at the last look, for {@link starved}. */
  private markWall = 0;
  private markCpu = 0;
  /** True when no request may run inline (see the constructor). */
  private readonly off: boolean;
  /** The one attempt context, reset for each attempt. */
  private readonly ctx: Attempt;

  constructor(
    engine: Engine,
    hostFor: (files: readonly (readonly [string, string])[]) => IncludeHost,
    limits: Partial<Limits>,
    /** With -include-root, includes may read the disk: never inline (no file I/O on the event loop). */
    private readonly readsDisk: boolean,
    /** Formats whose emitters are ours (the built-ins): a plugin's code never runs on the event loop. */
    private readonly formats: ReadonlySet<string>,
    private readonly options: InlineOptions = INLINE_DEFAULTS,
  ) {
    // Resolved once: every attempt's runs get the same frozen limits.
    const attemptLimits = inlineLimits(resolveLimits(limits), options);
    this.ctx = new Attempt(engine, attemptLimits, hostFor, options.maxOutput);
    // A plugin that taps the parse, include or evaluate stage runs in every run: never on the event loop either.
    this.off = engine.stagesTapped;
  }

  /** False when no request ever runs inline (a plugin taps a stage of every run). */
  get enabled(): boolean {
    return !this.off;
  }

  /** The response body, or `undefined` when the request must go to the pool. */
  transpile(job: TranspileJob): string | undefined {
    if (job.streaming || !this.formats.has(job.format) || !this.eligible(job.source, job.files, job.vars?.length ?? 0)) return undefined;
    return this.attempt(job, runTranspile);
  }

  /** The response body, or `undefined` when the request must go to the pool. */
  validate(job: ValidateJob): string | undefined {
    if (!this.eligible(job.source, [])) return undefined;
    return this.attempt(job, runValidate);
  }

  /** `extra`: other request text the run reads (the `vars` JSON). */
  private eligible(source: string, files: readonly (readonly [string, string])[], extra = 0): boolean {
    if (this.off || performance.now() < this.offUntil) return false;
    let size = source.length + extra;
    for (const [, text] of files) size += text.length;
    if (size > this.options.maxSource) return false;
    if (this.readsDisk && (source.includes("include") || files.some(([, t]) => t.includes("include")))) return false;
    return true;
  }

  /** Run `job` within the budget; its body, or `undefined` (then perhaps counted as a failure). */
  private attempt<J>(job: J, run: (job: J, ctx: JobContext) => void): string | undefined {
    const started = performance.now();
    // Keep a recent base for starved(): one CPU-time reading (a system call) per CPU_MARK_MS at most, not one per request.
    if (started - this.markWall > CPU_MARK_MS) this.mark(started);
    const ctx = this.ctx;
    ctx.reset(started + this.options.budgetMs);
    let limited = false;
    try {
      run(job, ctx);
    } catch (e) {
      if (!(e instanceof StreamStopped)) throw e;
      ctx.gaveUp = true;
      limited = e instanceof ContextLimitReached;
    }
    if (ctx.gaveUp || ctx.expired || ctx.answer === undefined) {
      // Time spent in vain, or a limit reached, counts against the fast path (a run found too big to stream cost little);
      // time run out while the machine gave this process too little CPU is the machine's doing (see the file header).
      if ((limited && !ctx.timeFailure) || ((ctx.expired || ctx.timeFailure) && !this.starved())) this.failed();
      return undefined;
    }
    return ctx.answer;
  }

  private mark(now: number): void {
    const cpu = process.cpuUsage();
    this.markWall = now;
    this.markCpu = cpu.user + cpu.system;
  }

  /**
   * Whether this process got less than half a core since the last mark (and
   * marks now): it was waiting for the CPU, preempted by other processes,
   * rather than spending it. Worker threads count towards the process's CPU
   * time, so busy workers make the answer "no" more often: the safe side.
   */
  private starved(): boolean {
    const now = performance.now();
    const before = this.markCpu;
    const wallUs = (now - this.markWall) * 1000;
    this.mark(now);
    return wallUs > 0 && this.markCpu - before < wallUs / 2;
  }

  private failed(): void {
    const now = performance.now();
    if (now - this.windowStart > 1000) {
      this.windowStart = now;
      this.failures = 0;
    }
    if (++this.failures > this.options.maxFailuresPerSecond) this.offUntil = now + 1000;
  }
}
