/**
 * Runs engine jobs one at a time in a worker thread with a heap cap and a
 * main-thread-sized stack, the way the cost tests and the cost fuzzer need:
 * a run that exhausts memory or never answers is reported (and the worker
 * replaced), never taken down with the test process.
 */
import { CODES } from "../../core/index.js";
import { CappedWorker } from "../support/capped-worker.js";
import type { BoundedJob, BoundedOutcome } from "./bounded-run-worker.js";

export type { BoundedJob, BoundedOutcome };

/** A job's answer: the worker's report, or how the worker failed. */
export type BoundedAnswer =
  | { readonly kind: "done"; readonly outcome: BoundedOutcome; readonly wallMs: number }
  | { readonly kind: "no answer"; readonly wallMs: number }
  | { readonly kind: "crash"; readonly error: string; readonly wallMs: number };

/** The wall time a run may take under `timeoutMs`: the limit + 10 % + 250 ms (issue #12; the cost bench's measure). */
export function allowedMs(timeoutMs: number): number {
  return timeoutMs * 1.1 + 250;
}

/**
 * Under a counted clock, the reads a run stopped by its time limit may make:
 * the limit's worth, then its first look past the deadline, and a few reads
 * of the run's own bookkeeping (its start, the time left for a pass).
 */
export const CLOCK_READS_PAST_LIMIT = 8;

export class BoundedRunner {
  private readonly worker: CappedWorker<BoundedJob, BoundedOutcome>;

  constructor(
    /** Heap cap of the worker (old generation), in MB: the memory bound every run must stay under. */
    readonly heapMb: number,
  ) {
    this.worker = new CappedWorker(new URL("./bounded-run-worker.js", import.meta.url), heapMb);
  }

  /** Run one job; a worker that has not answered after `giveUpMs` is terminated. */
  async run(job: BoundedJob, giveUpMs: number): Promise<BoundedAnswer> {
    const reply = await this.worker.call(job, giveUpMs);
    return reply.kind === "reply" ? { kind: "done", outcome: reply.value, wallMs: reply.wallMs } : reply;
  }

  close(): Promise<void> {
    return this.worker.close();
  }
}

/** What is wrong with an answer for a job run under `timeoutMs` (empty when nothing is). */
export function boundedProblems(answer: BoundedAnswer, timeoutMs: number, countedClock = false): string[] {
  if (answer.kind === "no answer") return [`no answer within ${Math.round(answer.wallMs)} ms`];
  if (answer.kind === "crash") return [`crash after ${Math.round(answer.wallMs)} ms: ${answer.error}`];
  const o = answer.outcome;
  const problems = [...o.problems];
  if (countedClock) {
    // counted: a run that met its deadline went on for no more than a few looks at the clock
    if (timeoutMs > 0 && o.code === CODES.LIMIT_TIME && o.clockReads > timeoutMs + CLOCK_READS_PAST_LIMIT) problems.push(`read the clock ${o.clockReads} times under a limit of ${timeoutMs} (it went on past its deadline)`);
  } else if (timeoutMs > 0 && o.ms > allowedMs(timeoutMs)) problems.push(`took ${Math.round(o.ms)} ms (limit ${timeoutMs} ms, allowed ${Math.round(allowedMs(timeoutMs))} ms)`);
  return problems;
}

/**
 * Run a job and check it. Under the wall clock, an answer whose only problem
 * is its time is run once more, and counts as slow only if it is slow again
 * (a structural overrun repeats; a run starved of CPU by other processes on a
 * shared machine does not); a counted clock needs no second run.
 */
export async function runChecked(runner: BoundedRunner, job: BoundedJob, giveUpMs: number): Promise<{ answer: BoundedAnswer; problems: string[]; reran: boolean; firstMs: number }> {
  const timeoutMs = job.limits.timeoutMs ?? 0;
  const first = await runner.run(job, giveUpMs);
  const counted = job.countedClock === true;
  const problems = boundedProblems(first, timeoutMs, counted);
  const firstMs = first.kind === "done" ? first.outcome.ms : first.wallMs;
  if (counted || first.kind !== "done" || problems.length !== 1 || first.outcome.problems.length > 0) return { answer: first, problems, reran: false, firstMs };
  const second = await runner.run(job, giveUpMs);
  return { answer: second, problems: boundedProblems(second, timeoutMs, counted), reran: true, firstMs };
}
