/**
 * A fixed set of evaluation workers and a bounded queue in front of them.
 *
 * Each worker runs one job at a time, under two limits enforced from
 * outside, so they hold whatever code the job runs (the evaluator, a data
 * reader, an emitter, a schema validator, a plugin):
 *
 * * time: a job still running at its deadline plus a small slack
 *   ({@link WorkerPoolOptions.graceMs}) has its worker terminated;
 * * memory: every worker's heap is capped at the per-job memory budget
 *   ({@link WorkerPoolOptions.memoryMb}); a job that reaches it ends its
 *   worker.
 *
 * Either way the client gets the limit it hit as an ordinary source error
 * (limit-answer.ts), and the worker is replaced at once. A job whose client
 * left and which does not stop promptly is ended the same way, without an
 * answer. A worker that dies otherwise (a bug) costs only its own job.
 */
import { Worker } from "node:worker_threads";
import { CONTROL, JOB_PHASE, RING_SLOT_BYTES, RING_SLOTS, sendTimeoutMs, type FromWorker, type Job, type WorkerConfig } from "../protocol.js";
import { limitAnswer, type OutsideStop } from "../jobs/limit-answer.js";
import { workerHeapLimits } from "./memory-budget.js";

/** Why a job produced no regular response. */
export type JobFailure = "crashed" | "error";

/** Callbacks receiving one job's outcome. Exactly one of body / streamEnd / streamAbort / failed ends a job. */
export interface JobHandlers {
  body(bytes: Uint8Array): void;
  streamStart(bytes: Uint8Array): void;
  /**
   * A streamed piece, a view of shared memory the worker reuses: call
   * `written` (once or more) when the socket is done with it (its write
   * callback) or will never use it (the response is gone). Until then the
   * worker cannot reuse the memory; that is the stream's backpressure.
   */
  chunk(bytes: Uint8Array, written: () => void): void;
  streamEnd(bytes: Uint8Array): void;
  streamAbort(reason: string): void;
  failed(why: JobFailure, detail: string): void;
}

/** Returned by {@link WorkerPool.submit}: lets the caller give up on the job. */
export interface JobTicket {
  /** The client went away: drop the job, or stop it if it is running. */
  cancel(): void;
}

/** Settings of a pool. */
export interface WorkerPoolOptions {
  readonly size: number;
  readonly maxQueue: number;
  readonly includeRoot: string | undefined;
  readonly limits: WorkerConfig["limits"];
  /** Time a finished output may take to reach its client; default {@link sendTimeoutMs} of the time limit. */
  readonly sendTimeoutMs?: number;
  /** The slack: time a job may run past `limits.timeoutMs` (or past a cancel) before its worker is terminated. */
  readonly graceMs: number;
  /** Memory budget of one job, in MiB: its worker's heap cap (see memory-budget.ts). */
  readonly memoryMb: number;
  /** Where the workers count their parses and evaluations (work-counts.ts). */
  readonly workCounts: SharedArrayBuffer;
  /** Internal problems (never sent to clients). */
  readonly log: (event: string, detail: Record<string, unknown>) => void;
}

/** What the pool counted since it started (read by the metrics at scrape time). */
export interface PoolCounters {
  /** Jobs refused because the queue was full (the client got 503). */
  refused: number;
  /** Jobs that outlived their time limit and had their worker terminated. */
  overran: number;
  /** Jobs that reached their memory budget (their worker's heap cap). */
  outOfMemory: number;
  /** Workers started to replace one that exited or was terminated. */
  restarts: number;
}

interface Pending {
  readonly id: number;
  readonly job: Job;
  readonly handlers: JobHandlers;
  cancelled: boolean;
}

interface Slot {
  worker: Worker;
  control: Int32Array;
  ring: SharedArrayBuffer;
  ready: boolean;
  current: Pending | undefined;
  timer: NodeJS.Timeout | undefined;
  /** When the current job was handed to the worker (performance.now()). */
  startedAt: number;
  /** The current job's output has started to reach its client (a stream): a limit can only cut it. */
  streaming: boolean;
  /** The worker reported reaching its heap cap (its exit follows). */
  outOfMemory: boolean;
}

const WORKER_URL = new URL("./worker-main.js", import.meta.url);
const ENCODER = new TextEncoder();

/** Evaluation workers behind a bounded queue; see the file header. */
export class WorkerPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;
  private plugins: WorkerConfig["plugins"] = [];
  /** Counted events, for the metrics. */
  readonly counters: PoolCounters = { refused: 0, overran: 0, outOfMemory: 0, restarts: 0 };

  constructor(private readonly options: WorkerPoolOptions) {}

  /**
   * Start the workers, each applying `plugins` (resolved by the main thread);
   * resolves when all are ready, rejects with the first start-up failure.
   */
  async start(plugins: WorkerConfig["plugins"] = []): Promise<void> {
    this.plugins = plugins;
    const starts: Promise<void>[] = [];
    for (let i = 0; i < this.options.size; i++) {
      const slot = this.spawn();
      this.slots.push(slot);
      starts.push(this.whenReady(slot));
    }
    try {
      await Promise.all(starts);
    } catch (e) {
      await this.close();
      throw e;
    }
  }

  /** Workers able to take a job now or as soon as their current one ends (0 while starting, or while every worker is being replaced). */
  get readyWorkers(): number {
    let n = 0;
    for (const slot of this.slots) if (slot.ready) n++;
    return n;
  }

  /** Jobs waiting for a worker (a cancelled job still in the queue, skipped when its turn comes, is not counted). */
  get queued(): number {
    let n = 0;
    for (const p of this.queue) if (!p.cancelled) n++;
    return n;
  }

  /** Jobs running now. */
  get running(): number {
    return this.slots.filter((s) => s.current !== undefined).length;
  }

  /** Queue a job; `undefined` when the queue is full (the caller answers 503). */
  submit(job: Job, handlers: JobHandlers): JobTicket | undefined {
    if (this.closed) return undefined;
    if (this.queue.length >= this.options.maxQueue) {
      this.counters.refused++;
      return undefined;
    }
    const pending: Pending = { id: this.nextId++, job, handlers, cancelled: false };
    this.queue.push(pending);
    this.dispatch();
    return { cancel: () => this.cancel(pending) };
  }

  /** Terminate every worker. Queued and running jobs fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0)) if (!p.cancelled) p.handlers.failed("error", "server closing");
    await Promise.all(
      this.slots.map(async (slot) => {
        this.finish(slot);
        await slot.worker.terminate();
      }),
    );
  }

  private spawn(): Slot {
    const control = new Int32Array(new SharedArrayBuffer(CONTROL.SIZE * Int32Array.BYTES_PER_ELEMENT));
    const ring = new SharedArrayBuffer(RING_SLOTS * RING_SLOT_BYTES);
    const config: WorkerConfig = {
      plugins: this.plugins,
      includeRoot: this.options.includeRoot,
      limits: this.options.limits,
      memoryMb: this.options.memoryMb,
      sendTimeoutMs: this.sendLimit(),
      control: control.buffer as SharedArrayBuffer,
      ring,
      workCounts: this.options.workCounts,
    };
    const worker = new Worker(WORKER_URL, {
      workerData: config,
      resourceLimits: workerHeapLimits(this.options.memoryMb),
      stdout: false,
      stderr: false,
    });
    const slot: Slot = { worker, control, ring, ready: false, current: undefined, timer: undefined, startedAt: 0, streaming: false, outOfMemory: false };
    worker.on("message", (msg: FromWorker) => this.onMessage(slot, msg));
    worker.on("error", (err) => {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === "ERR_WORKER_OUT_OF_MEMORY") slot.outOfMemory = true;
      else this.options.log("worker_error", { message: err.message, code });
    });
    worker.on("exit", (code) => this.onExit(slot, code));
    return slot;
  }

  private whenReady(slot: Slot): Promise<void> {
    return new Promise((resolve, reject) => {
      const onMessage = (msg: FromWorker) => {
        if (msg.type === "ready") done(undefined);
        else if (msg.type === "init-failed") done(new Error(msg.message));
      };
      let failure: Error | undefined;
      const onError = (err: Error) => void (failure ??= err);
      const onExit = (code: number) => done(new Error(`worker exited during start-up (code ${code})${failure ? `: ${failure.message}` : ""}`));
      const done = (err: Error | undefined) => {
        slot.worker.off("message", onMessage);
        slot.worker.off("exit", onExit);
        slot.worker.off("error", onError);
        if (err) reject(err);
        else resolve();
      };
      slot.worker.on("message", onMessage);
      slot.worker.on("exit", onExit);
      slot.worker.on("error", onError);
    });
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (!slot.ready || slot.current !== undefined) continue;
      let next: Pending | undefined;
      while ((next = this.queue.shift()) !== undefined && next.cancelled);
      if (next === undefined) return;
      slot.current = next;
      slot.startedAt = performance.now();
      slot.streaming = false;
      // Ring slots are not reset: a previous response may still be writing from them.
      Atomics.store(slot.control, CONTROL.ABORT, 0);
      slot.worker.postMessage({ type: "job", id: next.id, job: next.job });
      const limit = this.options.limits.timeoutMs;
      // The job's deadline, whatever it runs (every job is one run: /validate-schema evaluates once,
      // then writes and validates that tree); a streamed output's sending gets its own timer at stream-start.
      if (limit > 0) this.arm(slot, next, limit + this.options.graceMs);
    }
  }

  private onMessage(slot: Slot, msg: FromWorker): void {
    if (msg.type === "ready") {
      slot.ready = true;
      this.dispatch();
      return;
    }
    if (msg.type === "init-failed") {
      this.options.log("worker_init_failed", { message: msg.message });
      return;
    }
    const job = slot.current;
    if (!job || job.id !== msg.id) return; // a late message of a job already given up on
    const h = job.handlers;
    const live = !job.cancelled;
    switch (msg.type) {
      case "stream-start":
        slot.streaming = true;
        // The run is over; its finished output now has its own time to reach the client.
        if (slot.timer && this.sendLimit() > 0) this.arm(slot, job, this.sendLimit() + this.options.graceMs);
        if (live) h.streamStart(msg.bytes);
        return;
      case "chunk": {
        const free = ringSlotRelease(slot.control, msg.slot);
        if (live) h.chunk(new Uint8Array(slot.ring, msg.slot * RING_SLOT_BYTES, msg.length), free);
        else free();
        return;
      }
      case "body":
        this.finish(slot);
        if (live) h.body(msg.bytes);
        break;
      case "stream-end":
        this.finish(slot);
        if (live) h.streamEnd(msg.bytes);
        break;
      case "stream-abort":
        this.finish(slot);
        if (live) h.streamAbort(msg.reason);
        break;
      case "failed":
        this.finish(slot);
        this.options.log("job_failed", { message: msg.message });
        if (live) h.failed("error", msg.message);
        break;
    }
    this.dispatch();
  }

  private sendLimit(): number {
    return this.options.sendTimeoutMs ?? sendTimeoutMs(this.options.limits.timeoutMs);
  }

  private cancel(pending: Pending): void {
    if (pending.cancelled) return;
    pending.cancelled = true;
    const slot = this.slots.find((s) => s.current === pending);
    if (!slot) return; // still queued: dispatch skips it
    Atomics.store(slot.control, CONTROL.ABORT, 1);
    Atomics.notify(slot.control, CONTROL.RING_FREED);
    this.arm(slot, pending, this.options.graceMs);
  }

  /** `job` (the slot's current one) must end within `ms` from now, or it is stopped ({@link overrun}). */
  private arm(slot: Slot, job: Pending, ms: number): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = setTimeout(() => this.overrun(slot, job), ms);
  }

  /** The job outlived its deadline (or its cancel): replace the worker; a live job is answered with the time limit. */
  private overrun(slot: Slot, job: Pending): void {
    if (slot.current !== job) return;
    this.options.log("worker_replaced", { reason: job.cancelled ? "cancelled job did not stop" : "job overran the time limit" });
    const stop = this.stopOf(slot, "time");
    const streaming = slot.streaming;
    this.replace(slot);
    if (job.cancelled) return;
    this.counters.overran++;
    this.answerStop(job, stop, streaming);
  }

  private onExit(slot: Slot, code: number): void {
    const index = this.slots.indexOf(slot);
    if (index < 0 || this.closed) return; // replaced on purpose, or shutting down
    const job = slot.current;
    const stop = slot.outOfMemory ? this.stopOf(slot, "memory") : undefined;
    const streaming = slot.streaming;
    this.finish(slot);
    this.options.log(slot.outOfMemory ? "worker_out_of_memory" : "worker_exited", { code });
    this.slots[index] = this.spawn();
    this.counters.restarts++;
    if (stop !== undefined) this.counters.outOfMemory++;
    if (job && !job.cancelled) {
      if (stop !== undefined) this.answerStop(job, stop, streaming);
      else job.handlers.failed("crashed", `worker exited with code ${code}`);
    }
    this.dispatch();
  }

  /** Where the worker's current job was when `limit` stopped it (the control block outlives the worker). */
  private stopOf(slot: Slot, limit: OutsideStop["limit"]): OutsideStop {
    const phase = Atomics.load(slot.control, CONTROL.PHASE) === JOB_PHASE.VALIDATE ? "validate" : "run";
    return { limit, phase, at: Atomics.load(slot.control, CONTROL.AT), elapsedMs: performance.now() - slot.startedAt };
  }

  /** Answer a job stopped from outside with the limit it hit (limit-answer.ts). */
  private answerStop(job: Pending, stop: OutsideStop, streaming: boolean): void {
    if (streaming) return job.handlers.streamAbort(`${stop.limit} limit reached while the client was reading`);
    const body = limitAnswer(job.job, stop, { timeoutMs: this.options.limits.timeoutMs, memoryMb: this.options.memoryMb });
    job.handlers.body(ENCODER.encode(body));
  }

  private replace(slot: Slot): void {
    const index = this.slots.indexOf(slot);
    this.finish(slot);
    if (index >= 0) {
      this.slots[index] = this.spawn();
      this.counters.restarts++;
    }
    void slot.worker.terminate();
    this.dispatch();
  }

  private finish(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = undefined;
    slot.current = undefined;
  }
}

/** Frees ring slot `index` of a worker's control block; calling it again does nothing. */
function ringSlotRelease(control: Int32Array, index: number): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    Atomics.store(control, CONTROL.RING_STATE + index, 0);
    Atomics.add(control, CONTROL.RING_FREED, 1);
    Atomics.notify(control, CONTROL.RING_FREED);
  };
}
