/**
 * Messages between the server's event loop and its evaluation workers, and
 * the layout of the small shared control block each worker has.
 */
import type { IncludeMerge } from "../../../core/index.js";
import type { ResolvedPlugin } from "../../plugin-loader/index.js";

/** What every job carries: the request's source, strict mode and request warnings. */
export interface JobCommon {
  readonly source: string;
  /** Strict mode (LANGUAGE.md §16.5): the request's `strict`, else the server's default. */
  readonly strict?: boolean;
  /** Request warnings (unknown fields, HTTP.md §2) for the answer's `warnings`, after the source's own; absent when there are none. */
  readonly requestWarnings?: readonly string[];
}

/** What a job that evaluates the source (/transpile, /validate-schema) carries besides. */
export interface EvaluatingJob extends JobCommon {
  readonly includeMerge: IncludeMerge;
  /** The request's virtual folder, as pairs (no object prototype games across the thread boundary). */
  readonly files: readonly (readonly [string, string])[];
  /** External variables: the request's `vars` object as the client wrote it (JSON text, read exactly by the job). */
  readonly vars?: string;
}

/** `POST /transpile`, checked. */
export interface TranspileJob extends EvaluatingJob {
  readonly kind: "transpile";
  /** Canonical format name. */
  readonly format: string;
  readonly streaming: boolean;
  readonly streamThreshold: number;
}

/** `POST /validate`, checked: a syntax check, no evaluation. */
export interface SyntaxCheckJob extends JobCommon {
  readonly kind: "syntax-check";
}

/** `POST /validate-schema`, checked. */
export interface ValidateSchemaJob extends EvaluatingJob {
  readonly kind: "validate-schema";
  readonly schema: string;
  readonly schemaFormat: string | undefined;
  /** Canonical format name. */
  readonly outputFormat: string;
}

/** Any job a worker runs. */
export type Job = TranspileJob | SyntaxCheckJob | ValidateSchemaJob;

/** What every worker is started with. */
export interface WorkerConfig {
  /** The plugins the main thread resolved; every worker imports and applies the same list. */
  readonly plugins: readonly ResolvedPlugin[];
  readonly includeRoot: string | undefined;
  readonly limits: { readonly timeoutMs: number; readonly maxOutputBytes: number; readonly maxRangeItems: number };
  /** Memory budget of one job, in MiB (the worker's heap cap; see heap-watch.ts for the part charged as the job runs). */
  readonly memoryMb: number;
  /** Time a finished output may take to reach the client once its stream starts, in ms (0: none); see {@link sendTimeoutMs}. */
  readonly sendTimeoutMs: number;
  /** Int32Array view: see {@link CONTROL}. */
  readonly control: SharedArrayBuffer;
  /** The ring of streamed pieces: {@link RING_SLOTS} × {@link RING_SLOT_BYTES}. */
  readonly ring: SharedArrayBuffer;
  /** Where small answers of a batch are written ({@link ANSWERS}). */
  readonly answers: SharedArrayBuffer;
  /** The server's work counts (work-counts.ts), shared by every worker: the worker's engine counts its parses and evaluations there. */
  readonly workCounts: SharedArrayBuffer;
}

/**
 * The default time a finished (spooled) output may take to reach the client:
 * the time limit, but at least 10 s, so a client reading a large output at
 * an ordinary pace is not cut; a reader slower than that is, and the worker
 * is free again.
 */
export function sendTimeoutMs(timeoutMs: number): number {
  return timeoutMs > 0 ? Math.max(timeoutMs, 10_000) : 0;
}

/** Streamed pieces a worker may have on their way to the socket before it waits (the ring's slots). */
export const RING_SLOTS = 4;
/** Bytes of one ring slot (a piece of text longer than this in UTF-8 takes several slots). */
export const RING_SLOT_BYTES = 256 * 1024;

/**
 * Indexes into a worker's shared control block. Streamed pieces travel
 * through a ring of {@link RING_SLOTS} slots in shared memory: the worker
 * writes UTF-8 into a free slot and names it in a `chunk` message; the event
 * loop hands a view of it to the socket and frees it when the write is done
 * (or the response is gone). The memory is reused, so a long stream makes no
 * garbage on either side, and a full ring is the worker's backpressure.
 */
export const CONTROL = {
  /**
   * The id of a job that must stop (client gone, or the server gave up on it); the worker compares it with its current
   * job's. The pool's ids count from 1 and wrap below 2^31, so an Int32 holds them and 0 is none.
   */
  ABORT: 0,
  /** Bumped (and notified) whenever a slot is freed; the worker waits on it for a free slot. */
  RING_FREED: 1,
  /** First of the slots' states: 0 free, 1 written by the worker and not yet done with. */
  RING_STATE: 2,
  /**
   * What the current job is doing ({@link JOB_PHASE}), and the source offset
   * its run last reported (at each look at the clock): read by the pool when
   * it must stop the job from outside, to name the limit's place.
   */
  PHASE: 2 + RING_SLOTS,
  AT: 3 + RING_SLOTS,
  /**
   * The claim word of the current batch: its number in the high bits, in the
   * low {@link BATCH_INDEX_BITS} how many of its jobs the worker has claimed.
   * The worker claims job `i` by a compare-and-swap of `i` to `i + 1` just
   * before running it, so job `i` runs only if the word still names its
   * batch and `i`. The pool takes the unclaimed rest back by swapping in
   * {@link BATCH_SEALED} as the count: from then on the worker claims nothing
   * more of that batch (nor of a stale message of an earlier one), and every
   * job runs once, by whoever holds it.
   */
  NEXT: 4 + RING_SLOTS,
  /** Slots in the block. */
  SIZE: 5 + RING_SLOTS,
} as const;

/** Bits of {@link CONTROL.NEXT} counting the claimed jobs of a batch. */
export const BATCH_INDEX_BITS = 6;
/** Most jobs in one batch (below {@link BATCH_SEALED}). */
export const BATCH_MAX = 32;
/** The claimed count of a batch the pool took back: the worker claims no more of it. */
export const BATCH_SEALED = (1 << BATCH_INDEX_BITS) - 1;
/** Batch numbers wrap at this (a stale message would have to wait this many batches to be mistaken for the current one). */
export const BATCH_NUMBERS = 1 << (31 - BATCH_INDEX_BITS);

/** {@link CONTROL.NEXT} for batch `batch` with `claimed` jobs claimed. */
export function claimWord(batch: number, claimed: number): number {
  return (batch << BATCH_INDEX_BITS) | claimed;
}

/** Values of {@link CONTROL.PHASE}. */
export const JOB_PHASE = {
  /** Parsing, evaluating (data includes too), writing the output. */
  RUN: 0,
  /** Checking the finished output against a schema. */
  VALIDATE: 1,
} as const;

/**
 * Main → worker: a batch of jobs, as the pool found them queued in one turn
 * of the event loop (one message and one wake-up for all of them), run one
 * after another in order, each claimed first (see {@link CONTROL.NEXT}).
 * `ids[i]` is the id of `jobs[i]`.
 */
export type ToWorker = { readonly batch: number; readonly ids: readonly number[]; readonly jobs: readonly Job[] };

/**
 * The answer area of a worker: small whole bodies of the current batch are
 * written here as UTF-8, and one `answers` message tells the event loop
 * about all that have been written since the last (a message and a wake-up
 * per answer cost more than a small job). The area outlives the worker, so
 * the answers a worker wrote before it was stopped from outside are still
 * delivered, never run again. Layout: a Float64 (when the job last claimed
 * began, `performance.timeOrigin + performance.now()`), then per job `i` of
 * the batch two Int32s (offset, then length: -1 until written, stored last),
 * then {@link ANSWERS.DATA_BYTES} of text.
 */
export const ANSWERS = {
  /** Byte offset of the Int32 pairs. */
  ENTRIES_AT: 8,
  /** Byte offset of the text. */
  DATA_AT: 8 + 2 * 4 * BATCH_MAX,
  DATA_BYTES: 64 * 1024,
  /** A worker writes answers but sends the `answers` message at least this often (ms), and before a job of more text than {@link HOLD_TEXT}. */
  HOLD_MS: 1,
  HOLD_TEXT: 2048,
} as const;

/** Worker → main. Small bodies are written to the answer area ({@link ANSWERS}); larger ones travel as UTF-8 bytes (transferred, not copied); streamed pieces through the ring. */
export type FromWorker =
  | { readonly type: "ready" }
  | { readonly type: "init-failed"; readonly message: string }
  /** Whole bodies (status 200) are in the answer area. */
  | { readonly type: "answers" }
  /** The whole response body (status 200). */
  | { readonly type: "body"; readonly id: number; readonly bytes: Uint8Array }
  /** A streamed response begins (status 200, chunked); `bytes` is its first part. */
  | { readonly type: "stream-start"; readonly id: number; readonly bytes: Uint8Array }
  /** The next part of a streamed body: `length` bytes in ring slot `slot`. */
  | { readonly type: "chunk"; readonly id: number; readonly slot: number; readonly length: number }
  /** The last part of a streamed body. */
  | { readonly type: "stream-end"; readonly id: number; readonly bytes: Uint8Array }
  /** A streamed body cannot be completed (output limit, time limit, cancelled): the connection must be cut. */
  | { readonly type: "stream-abort"; readonly id: number; readonly reason: string }
  /** A bug: the job threw. The message is for the log only. */
  | { readonly type: "failed"; readonly id: number; readonly message: string };
