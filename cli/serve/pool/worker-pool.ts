/**
 * A fixed set of evaluation workers and a bounded queue in front of them.
 *
 * Each worker runs one job at a time. A job that outlives the time limit by
 * more than a grace period, or whose client left and which does not stop
 * promptly, gets its worker terminated and replaced: a runaway evaluation
 * never keeps a core, and the client gets an answer (or a closed socket),
 * never a hang. A worker that dies (a bug, a memory bomb hitting the heap
 * limit) is replaced the same way.
 */
import { Worker } from "node:worker_threads";
import { CONTROL, RING_SLOT_BYTES, RING_SLOTS, sendTimeoutMs, type FromWorker, type Job, type WorkerConfig } from "./protocol.js";

/** Why a job produced no regular response. */
export type JobFailure = "crashed" | "overran" | "error";

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
  /** Extra time a job may run past `limits.timeoutMs` (or past a cancel) before its worker is replaced. */
  readonly graceMs: number;
  readonly heapMb: number;
  /** Where the workers count their parses and evaluations (work-counts.ts). */
  readonly workCounts: SharedArrayBuffer;
  /** Internal problems (never sent to clients). */
  readonly log: (event: string, detail: Record<string, unknown>) => void;
}

/** What the pool counted since it started (read by the metrics at scrape time). */
export interface PoolCounters {
  /** Jobs refused because the queue was full (the client got 503). */
  refused: number;
  /** Jobs that outlived their time limit (or a cancel) and had their worker terminated. */
  overran: number;
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
}

const WORKER_URL = new URL("./worker-main.js", import.meta.url);

/** Evaluation workers behind a bounded queue; see the file header. */
export class WorkerPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;
  private plugins: WorkerConfig["plugins"] = [];
  /** Counted events, for the metrics. */
  readonly counters: PoolCounters = { refused: 0, overran: 0, restarts: 0 };

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
      sendTimeoutMs: this.sendLimit(),
      control: control.buffer as SharedArrayBuffer,
      ring,
      workCounts: this.options.workCounts,
    };
    const worker = new Worker(WORKER_URL, {
      workerData: config,
      resourceLimits: { maxOldGenerationSizeMb: this.options.heapMb },
      stdout: false,
      stderr: false,
    });
    const slot: Slot = { worker, control, ring, ready: false, current: undefined, timer: undefined };
    worker.on("message", (msg: FromWorker) => this.onMessage(slot, msg));
    worker.on("error", (err) => this.options.log("worker_error", { message: err.message, code: (err as NodeJS.ErrnoException).code }));
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
      // Ring slots are not reset: a previous response may still be writing from them.
      Atomics.store(slot.control, CONTROL.ABORT, 0);
      slot.worker.postMessage({ type: "job", id: next.id, job: next.job });
      const limit = this.options.limits.timeoutMs;
      // A backstop past the one time limit the engine keeps itself (every job is one run: /validate-schema
      // evaluates once, then writes and validates that tree); a streamed output's sending gets its own timer at stream-start.
      if (limit > 0) slot.timer = setTimeout(() => this.overrun(slot, next), limit + this.options.graceMs);
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
        // The run is over; its finished output now has its own time to reach the client.
        if (slot.timer && this.sendLimit() > 0) {
          clearTimeout(slot.timer);
          slot.timer = setTimeout(() => this.overrun(slot, job), this.sendLimit() + this.options.graceMs);
        }
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
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = setTimeout(() => this.overrun(slot, pending), this.options.graceMs);
  }

  /** The job outlived its limit (or its cancel): replace the worker. */
  private overrun(slot: Slot, job: Pending): void {
    if (slot.current !== job) return;
    this.options.log("worker_replaced", { reason: job.cancelled ? "cancelled job did not stop" : "job overran the time limit" });
    if (!job.cancelled) this.counters.overran++;
    this.replace(slot);
    if (!job.cancelled) job.handlers.failed("overran", "the job did not finish within the time limit");
  }

  private onExit(slot: Slot, code: number): void {
    const index = this.slots.indexOf(slot);
    if (index < 0 || this.closed) return; // replaced on purpose, or shutting down
    const job = slot.current;
    this.finish(slot);
    this.options.log("worker_exited", { code });
    this.slots[index] = this.spawn();
    this.counters.restarts++;
    if (job && !job.cancelled) job.handlers.failed("crashed", `worker exited with code ${code}`);
    this.dispatch();
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
