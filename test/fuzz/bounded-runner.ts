/**
 * Runs engine jobs one at a time in a worker thread with a heap cap and a
 * main-thread-sized stack, the way the cost tests and the cost fuzzer need:
 * a run that exhausts memory or never answers is reported (and the worker
 * replaced), never taken down with the test process.
 */
import { Worker } from "node:worker_threads";
import type { BoundedJob, BoundedOutcome } from "./bounded-run-worker.js";

export type { BoundedJob, BoundedOutcome };

/** A job's answer: the worker's report, or how the worker failed. */
export type BoundedAnswer =
  | { readonly kind: "done"; readonly outcome: BoundedOutcome; readonly wallMs: number }
  | { readonly kind: "no answer"; readonly wallMs: number }
  | { readonly kind: "crash"; readonly error: string; readonly wallMs: number };

/** The time a run may take under `timeoutMs`: the limit + 10 % + 250 ms (issue #12). */
export function allowedMs(timeoutMs: number): number {
  return timeoutMs * 1.1 + 250;
}

export class BoundedRunner {
  private worker: Worker | undefined;

  constructor(
    /** Heap cap of the worker (old generation), in MB: the memory bound every run must stay under. */
    readonly heapMb: number,
  ) {}

  private spawn(): Worker {
    const w = new Worker(new URL("./bounded-run-worker.js", import.meta.url), {
      resourceLimits: { stackSizeMb: 1, maxOldGenerationSizeMb: this.heapMb },
    });
    w.unref();
    return w;
  }

  /** Run one job; a worker that has not answered after `giveUpMs` is terminated. */
  run(job: BoundedJob, giveUpMs: number): Promise<BoundedAnswer> {
    const w = this.worker ?? (this.worker = this.spawn());
    const started = performance.now();
    return new Promise<BoundedAnswer>((resolve) => {
      const done = (a: BoundedAnswer): void => {
        clearTimeout(timer);
        w.off("message", onMessage);
        w.off("error", onError);
        w.off("exit", onExit);
        resolve(a);
      };
      const onMessage = (outcome: BoundedOutcome): void => done({ kind: "done", outcome, wallMs: performance.now() - started });
      const onError = (e: Error): void => {
        this.worker = undefined;
        done({ kind: "crash", error: `${e.name}: ${e.message}`, wallMs: performance.now() - started });
      };
      const onExit = (code: number): void => {
        this.worker = undefined;
        done({ kind: "crash", error: `worker exited with code ${code}`, wallMs: performance.now() - started });
      };
      const timer = setTimeout(() => {
        this.worker = undefined;
        void w.terminate();
        done({ kind: "no answer", wallMs: performance.now() - started });
      }, giveUpMs);
      w.on("message", onMessage);
      w.on("error", onError);
      w.on("exit", onExit);
      w.postMessage(job);
    });
  }

  async close(): Promise<void> {
    await this.worker?.terminate();
    this.worker = undefined;
  }
}

/** What is wrong with an answer for a job run under `timeoutMs` (empty when nothing is). */
export function boundedProblems(answer: BoundedAnswer, timeoutMs: number): string[] {
  if (answer.kind === "no answer") return [`no answer within ${Math.round(answer.wallMs)} ms`];
  if (answer.kind === "crash") return [`crash after ${Math.round(answer.wallMs)} ms: ${answer.error}`];
  const o = answer.outcome;
  const problems = [...o.problems];
  if (timeoutMs > 0 && o.ms > allowedMs(timeoutMs)) problems.push(`took ${Math.round(o.ms)} ms (limit ${timeoutMs} ms, allowed ${Math.round(allowedMs(timeoutMs))} ms)`);
  return problems;
}

/**
 * Run a job and check it: an answer whose only problem is its time is run
 * once more, and counts as slow only if it is slow again (a structural
 * overrun repeats; a run starved of CPU by other processes on a shared
 * machine does not).
 */
export async function runChecked(runner: BoundedRunner, job: BoundedJob, giveUpMs: number): Promise<{ answer: BoundedAnswer; problems: string[]; reran: boolean; firstMs: number }> {
  const timeoutMs = job.limits.timeoutMs ?? 0;
  const first = await runner.run(job, giveUpMs);
  const problems = boundedProblems(first, timeoutMs);
  const firstMs = first.kind === "done" ? first.outcome.ms : first.wallMs;
  if (first.kind !== "done" || problems.length !== 1 || first.outcome.problems.length > 0) return { answer: first, problems, reran: false, firstMs };
  const second = await runner.run(job, giveUpMs);
  return { answer: second, problems: boundedProblems(second, timeoutMs), reran: true, firstMs };
}
