/**
 * The fast path: a small request is first tried right on the event loop,
 * under a tight time and size budget, because handing it to a worker (two
 * thread hops) costs more than evaluating it. If the attempt runs past its
 * budget, or its output is large, it is dropped and the request goes to the
 * worker pool as usual — evaluation is deterministic, so the answer is the
 * same either way. A breaker turns the fast path off for a while when
 * attempts keep failing, so hostile small-but-expensive sources cannot keep
 * the event loop busy.
 */
import { resolveLimits, type Engine, type IncludeHost, type Limits } from "../../core/index.js";
import { runTranspile } from "./jobs/run-transpile.js";
import { runValidate } from "./jobs/run-validate.js";
import { StreamStopped, type JobContext, type ResponseChannel } from "./jobs/job-context.js";
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

/** Thrown inside an attempt that must move to the pool. */
class GiveUp extends StreamStopped {}

/** Runs small requests on the event loop within a budget; see the file header. */
export class InlineRunner {
  private failures = 0;
  private windowStart = 0;
  private offUntil = 0;
  /** Resolved once: every attempt's runs get the same frozen limits. */
  private readonly limits: Limits;

  constructor(
    private readonly engine: Engine,
    private readonly hostFor: (files: readonly (readonly [string, string])[]) => IncludeHost,
    limits: Partial<Limits>,
    /** With -include-root, includes may read the disk: never inline (no file I/O on the event loop). */
    private readonly readsDisk: boolean,
    /** Formats whose emitters are ours (the built-ins): a plugin's code never runs on the event loop. */
    private readonly formats: ReadonlySet<string>,
    private readonly options: InlineOptions = INLINE_DEFAULTS,
  ) {
    this.limits = resolveLimits(limits);
  }

  /** The response body, or `undefined` when the request must go to the pool. */
  transpile(job: TranspileJob): string | undefined {
    if (job.streaming || !this.formats.has(job.format) || !this.eligible(job.source, job.files, job.vars?.length ?? 0)) return undefined;
    return this.attempt((ctx) => runTranspile(job, ctx));
  }

  /** The response body, or `undefined` when the request must go to the pool. */
  validate(job: ValidateJob): string | undefined {
    if (!this.eligible(job.source, [])) return undefined;
    return this.attempt((ctx) => runValidate(job, ctx));
  }

  /** `extra`: other request text the run reads (the `vars` JSON). */
  private eligible(source: string, files: readonly (readonly [string, string])[], extra = 0): boolean {
    if (performance.now() < this.offUntil) return false;
    let size = source.length + extra;
    for (const [, text] of files) size += text.length;
    if (size > this.options.maxSource) return false;
    if (this.readsDisk && (source.includes("include") || files.some(([, t]) => t.includes("include")))) return false;
    return true;
  }

  private attempt(run: (ctx: JobContext) => void): string | undefined {
    const deadline = performance.now() + this.options.budgetMs;
    let expired = false;
    const signal = {
      get aborted(): boolean {
        if (!expired && performance.now() > deadline) expired = true;
        return expired;
      },
    };
    let body: string | undefined;
    let gaveUp = false;
    const channel: ResponseChannel = {
      body: (text) => void (body = text),
      streamStart: () => {
        throw new GiveUp("too large for the fast path");
      },
      chunk: () => {
        throw new GiveUp("too large for the fast path");
      },
      streamEnd: () => void (gaveUp = true),
      streamAbort: () => void (gaveUp = true),
    };
    const ctx: JobContext = {
      engine: this.engine,
      limits: this.limits,
      signal,
      hostFor: this.hostFor,
      channel,
      streamChunkSize: 16 * 1024,
      // Past this much output a run "commits", which this channel refuses: off to the pool.
      streamWindow: this.options.maxOutput,
      bufferWindow: this.options.maxOutput,
      canStream: false,
    };
    try {
      run(ctx);
    } catch (e) {
      if (!(e instanceof StreamStopped)) throw e;
      gaveUp = true;
    }
    if (gaveUp || expired || body === undefined) {
      // Only time spent in vain counts against the fast path (a run found too big right after evaluation cost little).
      if (expired) this.failed();
      return undefined;
    }
    return body;
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
