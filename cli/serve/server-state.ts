/** What the routes of one server share. */
import type { Engine } from "../../core/index.js";
import type { WorkerPool } from "./pool/worker-pool.js";
import type { InlineRunner } from "./inline-runner.js";
import type { AnswerMemo } from "./answer-memo.js";
import type { ServerOptions } from "./server-options.js";
import type { ServerMetrics } from "./server-metrics.js";

export interface ServerState {
  readonly options: ServerOptions;
  /**
   * The event loop's engine, with the same plugins as the workers: format
   * names and listings, the checks of a request before it is queued, and the
   * small-request fast path ({@link InlineRunner}), which evaluates on this
   * thread under tight limits; everything else is evaluated in the pool.
   */
  readonly engine: Engine;
  readonly pool: WorkerPool;
  /** The fast path for small requests (set once the server listens; absent when disabled). */
  inline: InlineRunner | undefined;
  /** The fast path's answers, remembered for repeats of the same request (set with {@link inline}). */
  memo: AnswerMemo | undefined;
  /** True once the workers are up and the socket listens (until then `/readyz` says `starting`). */
  listening: boolean;
  /** True once shutdown has begun (HTTP.md §1: `/health` answers 503). */
  draining: boolean;
  /** What GET /metrics reports. */
  readonly metrics: ServerMetrics;
  /** Internal events for the log (never for clients). */
  logEvent(event: string, detail: Readonly<Record<string, unknown>>): void;
}
