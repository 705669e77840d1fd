/**
 * Parses and evaluations the server performed, counted where they happen:
 * every engine of the server (each worker's, and the event loop's, which
 * should never parse nor evaluate) is given the {@link RunCounter} of one
 * shared block of memory, so the counts hold whatever a job does and however
 * it ends (a worker terminated at its deadline has counted its work
 * already). /metrics shows them; a test holds them to one per request.
 */
import type { RunCounter } from "../../../core/engine/run-counter.js";

/** What is counted, as indexes into the shared block. */
export const WORK = {
  PARSES: 0,
  EVALUATIONS: 1,
  /** Parses and evaluations of the locating pass of a failed schema check (core/provenance/locate-failures.ts), counted apart. */
  LOCATING_PARSES: 2,
  LOCATING_EVALUATIONS: 3,
} as const;

/** One of {@link WORK}'s kinds. */
export type WorkKind = (typeof WORK)[keyof typeof WORK];

const KINDS = Object.keys(WORK).length;

/** A block of counts shared between threads (see the file header). */
export class WorkCounts {
  private readonly counts: BigInt64Array;
  /** Give this to an engine (core/engine/internal.ts useRunCounter) to count its work here. */
  readonly counter: RunCounter;

  /** A new block, or a view of `buffer` (another thread's block, as a worker receives it). */
  constructor(readonly buffer: SharedArrayBuffer = new SharedArrayBuffer(KINDS * BigInt64Array.BYTES_PER_ELEMENT)) {
    const counts = (this.counts = new BigInt64Array(buffer));
    this.counter = {
      parsed: (locating) => void Atomics.add(counts, locating ? WORK.LOCATING_PARSES : WORK.PARSES, 1n),
      evaluated: (locating) => void Atomics.add(counts, locating ? WORK.LOCATING_EVALUATIONS : WORK.EVALUATIONS, 1n),
    };
  }

  /** How many of `kind` so far, in every thread. */
  read(kind: WorkKind): number {
    return Number(Atomics.load(this.counts, kind));
  }
}
