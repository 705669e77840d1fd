/**
 * Entry point of an evaluation worker. Builds its own engine (built-ins and
 * the server's plugins), then runs jobs one at a time, in the batches the
 * pool sends (protocol.ts). Small response bodies are written to the answer
 * area of shared memory (protocol.ts, ANSWERS) and announced together, larger
 * ones leave as UTF-8 bytes whose buffers are transferred, not copied; streamed pieces
 * go through the ring of shared memory described in protocol.ts, and the
 * worker waits (Atomics.wait) while every slot is still being written, so
 * its memory stays flat however large the output is; the shared abort flag
 * is polled by the engine and by that wait.
 */
import { parentPort, workerData } from "node:worker_threads";
import { readlinkSync } from "node:fs";
import { getPriority, setPriority } from "node:os";
import type { Engine } from "../../../../core/index.js";
import { resolveLimits } from "../../../../core/values/resolve-limits.js";
import { useRunCounter } from "../../../../core/engine/internal.js";
import { createEngineFromResolved } from "../../../plugin-loader/index.js";
import { WorkCounts } from "../work-counts.js";
import { hostFactory } from "../jobs/host-factory.js";
import { runTranspile } from "../jobs/run-transpile.js";
import { runSyntaxCheck } from "../jobs/run-syntax-check.js";
import { runValidateSchema } from "../jobs/run-validate-schema.js";
import { StreamStopped, type JobContext, type ResponseChannel } from "../jobs/job-context.js";
import { HeapWatch, longestStringWithin } from "./heap-watch.js";
import { ANSWERS, CONTROL, JOB_PHASE, RING_SLOT_BYTES, RING_SLOTS, claimWord, type FromWorker, type Job, type ToWorker, type WorkerConfig } from "../protocol.js";

/** Size of a streamed piece, in UTF-16 code units. */
const STREAM_CHUNK = 64 * 1024;
/** Output held in memory before it goes to a spool (see run-transpile). */
const STREAM_WINDOW = 1024 * 1024;

/**
 * Evaluation yields the CPU to the event loop: on Linux, a thread's nice value
 * is its own, and this thread's is lowered, so while every core is busy
 * evaluating, the event loop (/health, routing, relaying answers) still gets
 * scheduled first. Elsewhere (no /proc/thread-self) nothing changes.
 */
function lowerThreadPriority(): void {
  try {
    const tid = Number(/\/task\/(\d+)$/.exec(readlinkSync("/proc/thread-self"))?.[1]);
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, Math.min(19, getPriority(tid) + WORKER_NICE));
  } catch {
    // Not Linux, or not allowed: evaluation keeps the process's priority.
  }
}
/** How much lower than the event loop's an evaluation thread's priority is (nice steps). */
const WORKER_NICE = 10;
lowerThreadPriority();

const port = parentPort;
if (!port) throw new Error("worker-main must run in a worker thread");
const config = workerData as WorkerConfig;
const control = new Int32Array(config.control);
/** Resolved once: every job's runs get the same frozen limits. */
const limits = resolveLimits({ ...config.limits, maxStringLength: longestStringWithin(config.memoryMb) });
const encoder = new TextEncoder();
const ring = new Uint8Array(config.ring);
const answerBegan = new Float64Array(config.answers, 0, 1);
const answerEntries = new Int32Array(config.answers, ANSWERS.ENTRIES_AT, (ANSWERS.DATA_AT - ANSWERS.ENTRIES_AT) / 4);
const answerText = new Uint8Array(config.answers, ANSWERS.DATA_AT, ANSWERS.DATA_BYTES);

/** The answer area's state for the current batch (protocol.ts, ANSWERS). */
const answerArea = {
  /** Bytes of the area used by this batch. */
  used: 0,
  /** Answers written and not yet announced, and when the first of them was. */
  unannounced: 0,
  since: 0,
  /** Write job `index`'s whole body to the area; false when it does not fit (it then goes as a message). */
  write(index: number, text: string): boolean {
    // UTF-8 takes at least a byte per UTF-16 unit: a longer text cannot fit.
    if (text.length > ANSWERS.DATA_BYTES - this.used) return false;
    const { read, written } = encoder.encodeInto(text, answerText.subarray(this.used));
    if (read < text.length) return false;
    answerEntries[2 * index] = this.used;
    Atomics.store(answerEntries, 2 * index + 1, written);
    this.used += written;
    if (this.unannounced++ === 0) this.since = performance.now();
    return true;
  },
  /** Tell the event loop about the answers written since the last time. */
  announce(): void {
    if (this.unannounced === 0) return;
    this.unannounced = 0;
    post({ type: "answers" });
  },
};

const heap = new HeapWatch(config.memoryMb, config.limits.timeoutMs);
/** The running job's id (the pool stops a job by storing it in ABORT). */
let runningId = 0;
const signal = {
  get aborted(): boolean {
    return Atomics.load(control, CONTROL.ABORT) === runningId;
  },
  reached(at: number): string | undefined {
    Atomics.store(control, CONTROL.AT, at);
    return heap.check();
  },
};
const validating = (): void => void Atomics.store(control, CONTROL.PHASE, JOB_PHASE.VALIDATE);

function post(message: FromWorker): void {
  if ("bytes" in message) port!.postMessage(message, [message.bytes.buffer as ArrayBuffer]);
  else port!.postMessage(message);
}

/** A free ring slot, marked taken; waits while all are on their way to the socket (see CONTROL). */
function takeSlot(deadline: number): number {
  for (;;) {
    const freed = Atomics.load(control, CONTROL.RING_FREED);
    for (let i = 0; i < RING_SLOTS; i++) if (Atomics.compareExchange(control, CONTROL.RING_STATE + i, 0, 1) === 0) return i;
    if (signal.aborted) throw new StreamStopped("cancelled");
    const left = deadline - performance.now();
    if (left <= 0) throw new StreamStopped("time limit reached while the client was reading");
    Atomics.wait(control, CONTROL.RING_FREED, freed, Math.min(left, 250));
  }
}

function channelFor(id: number, index: number): ResponseChannel {
  // A slow reader cannot hold a worker more than sendTimeoutMs past the start of the (finished) output.
  let deadline = Infinity;
  return {
    body: (text) => {
      if (!answerArea.write(index, text)) post({ type: "body", id, bytes: encoder.encode(text) });
    },
    streamStart: (text) => {
      if (config.sendTimeoutMs > 0) deadline = performance.now() + config.sendTimeoutMs;
      post({ type: "stream-start", id, bytes: encoder.encode(text) });
    },
    chunk: (text) => {
      let rest = text;
      while (rest.length > 0) {
        if (signal.aborted) throw new StreamStopped("cancelled");
        const slot = takeSlot(deadline);
        const start = slot * RING_SLOT_BYTES;
        // encodeInto stops before a character that does not fit whole: every slot holds valid UTF-8.
        const { read, written } = encoder.encodeInto(rest, ring.subarray(start, start + RING_SLOT_BYTES));
        post({ type: "chunk", id, slot, length: written });
        rest = read === rest.length ? "" : rest.slice(read);
      }
    },
    streamEnd: (text) => post({ type: "stream-end", id, bytes: encoder.encode(text) }),
    streamAbort: (reason) => post({ type: "stream-abort", id, reason }),
  };
}

function run(engine: Engine, hostFor: JobContext["hostFor"], id: number, index: number, job: Job): void {
  runningId = id;
  Atomics.store(control, CONTROL.PHASE, JOB_PHASE.RUN);
  Atomics.store(control, CONTROL.AT, 0);
  heap.reset();
  const ctx: JobContext = { engine, limits, signal, validating, hostFor, channel: channelFor(id, index), streamChunkSize: STREAM_CHUNK, streamWindow: STREAM_WINDOW };
  switch (job.kind) {
    case "transpile":
      return runTranspile(job, ctx);
    case "syntax-check":
      return runSyntaxCheck(job, ctx);
    case "validate-schema":
      return runValidateSchema(job, ctx);
  }
}

async function main(): Promise<void> {
  let engine: Engine;
  let hostFor: JobContext["hostFor"];
  try {
    engine = useRunCounter(await createEngineFromResolved(config.plugins), new WorkCounts(config.workCounts).counter);
    hostFor = hostFactory(config.includeRoot);
  } catch (e) {
    post({ type: "init-failed", message: e instanceof Error ? e.message : String(e) });
    return;
  }
  port!.on("message", ({ batch, ids, jobs }: ToWorker) => {
    answerArea.used = 0;
    for (let i = 0; i < jobs.length; i++) {
      const job = jobs[i]!;
      // Answers held back are announced before a bigger job, and at least every HOLD_MS.
      if (job.source.length > ANSWERS.HOLD_TEXT || performance.now() - answerArea.since >= ANSWERS.HOLD_MS) answerArea.announce();
      // Claim the job (protocol.ts, CONTROL.NEXT); a batch the pool took back ends here. Its start
      // is noted first: once the pool sees the claim, the time it reads is this job's (or later).
      answerBegan[0] = performance.timeOrigin + performance.now();
      const word = claimWord(batch, i);
      if (Atomics.compareExchange(control, CONTROL.NEXT, word, word + 1) !== word) break;
      const id = ids[i]!;
      try {
        run(engine, hostFor, id, i, job);
      } catch (e) {
        post({ type: "failed", id, message: e instanceof Error ? (e.stack ?? e.message) : String(e) });
      }
    }
    answerArea.announce();
  });
  post({ type: "ready" });
}

void main();
