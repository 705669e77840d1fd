/**
 * A job's memory budget as its worker's heap cap. V8 splits a heap into a
 * young generation (new objects, collected often) and an old one; the cap is
 * their sum, so a worker's heap never grows past the budget whatever the job
 * runs. A worker that reaches it is ended by Node (ERR_WORKER_OUT_OF_MEMORY)
 * and the job is answered with the memory limit (worker-pool.ts).
 */
import type { ResourceLimits } from "node:worker_threads";

/** Young generation of a worker, in MiB: an eighth of the budget, 4 to 16 (V8's own default is 16 on 64-bit). */
function youngMb(memoryMb: number): number {
  return Math.max(4, Math.min(16, Math.floor(memoryMb / 8)));
}

/** The resource limits of a worker whose jobs have `memoryMb` MiB each. */
export function workerHeapLimits(memoryMb: number): ResourceLimits {
  const young = youngMb(memoryMb);
  return { maxYoungGenerationSizeMb: young, maxOldGenerationSizeMb: Math.max(8, memoryMb - young) };
}
