/**
 * The memory budget, charged where the work is: at every look of the run's
 * meter at the clock (RunSignal.reached, about once a millisecond of work),
 * the worker's live heap is compared with a third of the job's budget, and a
 * job past it stops there with the memory limit as an ordinary `Line <n>:`
 * error. The heap cap at the full budget (worker-pool.ts) stays the
 * backstop for work between two looks; the third leaves room below it for
 * the largest step V8 takes at once (an array's backing store grows by half
 * its size, the old one alive during the copy): a job never needs the cap in
 * ordinary growth, and Node ends a worker at its cap cleanly only when the
 * allocation that reached it fits in the 16 MiB Node adds for the exit (a
 * larger one aborts the whole process).
 *
 * Heap in use counts garbage too: before refusing, a full collection tells
 * garbage from live data (collections are then spaced out by a quarter of
 * the limit's worth of growth, so a job near the limit is not collected at
 * every look).
 */
import { getHeapStatistics, setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { DEFAULT_LIMITS } from "../../../../core/index.js";
import { stopMessage } from "../jobs/limit-answer.js";

/** The share of the budget a job's live heap may reach before it is stopped (see the file header). */
export const LIVE_SHARE = 1 / 3;

/**
 * The longest string a job may build: a string is one allocation when it is
 * flattened (compared, searched, written), two bytes a character at worst,
 * and it must fit below the heap cap whatever the live heap was at the last
 * look — so at most an eighth of the budget (6 Mi characters for 96 MiB),
 * never more than the engine's own default.
 */
export function longestStringWithin(memoryMb: number): number {
  return Math.min(DEFAULT_LIMITS.maxStringLength, Math.floor((memoryMb * 1024 * 1024) / 16));
}

/** The watch of one worker whose jobs have `memoryMb` MiB each. */
export class HeapWatch {
  private readonly limitBytes: number;
  private readonly collect: () => void;
  /** Heap in use below which no collection is tried (raised after each one). */
  private nextLook: number;
  private readonly message: string;

  constructor(memoryMb: number, timeoutMs: number) {
    this.limitBytes = memoryMb * 1024 * 1024 * LIVE_SHARE;
    // A full collector callable from JavaScript: V8's flag makes new contexts get `gc`.
    setFlagsFromString("--expose-gc");
    this.collect = runInNewContext("gc") as () => void;
    this.nextLook = this.limitBytes;
    this.message = stopMessage({ limit: "memory", phase: "run" }, { memoryMb, timeoutMs });
  }

  /** A new job starts (its predecessor's garbage is not its own). */
  reset(): void {
    this.nextLook = this.limitBytes;
  }

  /** The memory limit's message when the job's live heap is past the limit (the run then stops there: RunSignal.reached). */
  check(): string | undefined {
    if (getHeapStatistics().used_heap_size <= this.nextLook) return undefined;
    this.collect();
    const live = getHeapStatistics().used_heap_size;
    if (live > this.limitBytes) return this.message;
    this.nextLook = Math.max(this.limitBytes, live + this.limitBytes / 4);
    return undefined;
  }
}
