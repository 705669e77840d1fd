/**
 * What the server's thread and the evaluation thread (evaluation-worker.ts)
 * say to each other: jobs with the include overlay's changes, answers, and
 * the shared control array (cancellation, the job's phase).
 */
import type { EvaluationJob, Evaluated, Previews, SchemaOutcome } from "./evaluation-job.js";

/** A job with the overlay changes since the previous one (texts by file path; paths no longer open). */
export interface WorkerJob extends EvaluationJob {
  readonly overlay: { readonly set: readonly (readonly [string, string])[]; readonly drop: readonly string[] };
}

/**
 * Messages the thread sends: `ready` once, then per job `evaluated` (when
 * the evaluation ends) and `done` (the job's end: its diagnostics can be
 * published; with the value previews when the evaluation succeeded).
 */
export type WorkerMessage =
  | { readonly kind: "ready" }
  | { readonly kind: "evaluated"; readonly id: number; readonly evaluated: Evaluated }
  | { readonly kind: "done"; readonly id: number; readonly schema: SchemaOutcome | undefined; readonly previews?: Previews; readonly error?: string };

/** Slots of the shared control array: the id of the job to cancel; the running job's phase. */
export const CONTROL = { cancel: 0, phase: 1, size: 2 } as const;

