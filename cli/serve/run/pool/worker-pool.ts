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
 *
 * Jobs queued in one turn of the event loop go to a worker together, as one
 * message (a batch): under load most of a small request's cost was the
 * thread hop itself (a message, a wake-up each way; bench/RESULTS.md). The
 * worker claims each job just before running it and posts each answer as
 * soon as it has it, so the time limit still watches one job at a time (the
 * timer moves on to the job running when the watched one is done), a worker
 * stopped from outside takes only its running job with it, and the jobs of
 * its batch it had not begun go back to the queue, never run twice
 * (protocol.ts, CONTROL.NEXT).
 */
import { Worker, type ResourceLimits } from "node:worker_threads";
import { ANSWERS, BATCH_MAX, BATCH_NUMBERS, BATCH_SEALED, CONTROL, JOB_PHASE, RING_SLOT_BYTES, RING_SLOTS, claimWord, sendTimeoutMs, type FromWorker, type Job, type ToWorker, type WorkerConfig } from "../protocol.js";
import { limitAnswer, type OutsideStop } from "../jobs/limit-answer.js";
import { WORKER_ENTRY } from "./worker-entry.js";

/** Why a job produced no regular response. */
export type JobFailure = "crashed" | "error";

/** Callbacks receiving one job's outcome. Exactly one of body / streamEnd / streamAbort / failed ends a job. */
export interface JobHandlers {
  /** The whole body: a string, or UTF-8 bytes. */
  body(data: Uint8Array | string): void;
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

/** Settings of a pool: what its workers are started with (from {@link WorkerConfig}), and its own. */
export interface WorkerPoolOptions extends Pick<WorkerConfig, "includeRoot" | "limits" | "memoryMb" | "workCounts"> {
  readonly size: number;
  readonly maxQueue: number;
  /** Time a finished output may take to reach its client; default {@link sendTimeoutMs} of the time limit. */
  readonly sendTimeoutMs?: number;
  /** The slack: time a job may run past `limits.timeoutMs` (or past a cancel) before its worker is terminated. */
  readonly graceMs: number;
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
  /** Answered (or given up on): later messages about it are ignored. */
  settled: boolean;
}

interface Slot {
  worker: Worker;
  control: Int32Array;
  ring: SharedArrayBuffer;
  /** The answer area (protocol.ts, ANSWERS): when the last claimed job began, and the small answers' places. */
  answerBegan: Float64Array;
  answerEntries: Int32Array;
  answers: SharedArrayBuffer;
  ready: boolean;
  /** The jobs last sent to the worker, in the order it runs them (empty: the worker is idle). */
  batch: Pending[];
  /** Jobs of `batch` before this index are settled. */
  done: number;
  /** The batch's number (see {@link CONTROL.NEXT}). */
  number: number;
  /** How many of the batch's jobs the worker had claimed when the pool sealed it (-1: not sealed). */
  sealedAt: number;
  timer: NodeJS.Timeout | undefined;
  /**
   * While a batch of several jobs runs: a look at its answer area every
   * {@link POLL_MS}, in case a slow job holds back the announcement of
   * answers written before it, and at whether an idle worker should take
   * over the jobs behind it.
   */
  poll: NodeJS.Timeout | undefined;
  /** The index in `batch` of the job the timer watches. */
  watched: number;
  /** When the watched job began, as far as the event loop can tell (performance.now()). */
  startedAt: number;
  /** The watched job's output has started to reach its client (a stream): a limit can only cut it. */
  streaming: boolean;
  /** The worker reported reaching its heap cap (its exit follows). */
  outOfMemory: boolean;
}

/** How long a job must have run before an idle worker takes over the jobs batched behind it, in ms. */
const TAKE_OVER_MS = 10;
/** How often the answer area of a batch of several jobs is looked at (see {@link Slot.poll}), in ms. */
const POLL_MS = 5;
/** A batch takes more jobs only while their texts total less than this (UTF-16 code units): big jobs go one at a time. */
const BATCH_TEXT = 16 * 1024;

/** Evaluation workers behind a bounded queue; see the file header. */
export class WorkerPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;
  private flushScheduled = false;
  /** End of a turn in which jobs were queued: hand them out (one function for every turn, not a closure each). */
  private readonly flush = (): void => {
    this.flushScheduled = false;
    this.dispatch();
  };
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
    for (let i = 0; i < this.options.size; i++) this.slots.push(this.spawn());
    try {
      await Promise.all(this.slots.map((slot) => this.whenReady(slot)));
    } catch (e) {
      await this.close();
      throw e;
    }
  }

  /** Workers able to take a job now or as soon as their current one ends (0 while starting, or while every worker is being replaced). */
  get readyWorkers(): number {
    return this.slots.filter((s) => s.ready).length;
  }

  /** Jobs waiting for a worker (a cancelled job still in the queue, skipped when its turn comes, is not counted). */
  get queued(): number {
    let n = this.queue.filter((p) => !p.cancelled).length;
    for (const slot of this.slots) n += Math.max(0, slot.batch.length - claimed(slot));
    return n;
  }

  /** Jobs running now. */
  get running(): number {
    return this.slots.filter((s) => runningIndex(s) >= 0).length;
  }

  /**
   * Queue a job; `undefined` when the queue is full (the caller answers 503).
   * Jobs queued in one turn of the event loop go to the workers together, at
   * the end of the turn (one message per worker: see {@link dispatch}).
   */
  submit(job: Job, handlers: JobHandlers): JobTicket | undefined {
    if (this.closed) return undefined;
    if (this.queue.length >= this.options.maxQueue) {
      this.counters.refused++;
      return undefined;
    }
    const pending: Pending = { id: this.nextId, job, handlers, cancelled: false, settled: false };
    this.nextId = this.nextId >= 0x7fffffff ? 1 : this.nextId + 1;
    this.queue.push(pending);
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(this.flush);
    }
    return { cancel: () => this.cancel(pending) };
  }

  /** Terminate every worker. Queued and running jobs fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0)) if (!p.cancelled) p.handlers.failed("error", "server closing");
    await Promise.all(
      this.slots.map(async (slot) => {
        for (const p of slot.batch) p.settled = true;
        this.endBatch(slot);
        await slot.worker.terminate();
      }),
    );
  }

  private spawn(): Slot {
    const control = new Int32Array(new SharedArrayBuffer(CONTROL.SIZE * Int32Array.BYTES_PER_ELEMENT));
    const ring = new SharedArrayBuffer(RING_SLOTS * RING_SLOT_BYTES);
    const answers = new SharedArrayBuffer(ANSWERS.DATA_AT + ANSWERS.DATA_BYTES);
    const config: WorkerConfig = {
      plugins: this.plugins,
      includeRoot: this.options.includeRoot,
      limits: this.options.limits,
      memoryMb: this.options.memoryMb,
      sendTimeoutMs: this.sendLimit(),
      control: control.buffer as SharedArrayBuffer,
      ring,
      answers,
      workCounts: this.options.workCounts,
    };
    const worker = new Worker(WORKER_ENTRY, {
      workerData: config,
      resourceLimits: workerHeapLimits(this.options.memoryMb),
      stdout: false,
      stderr: false,
    });
    const slot: Slot = {
      worker,
      control,
      ring,
      answers,
      answerBegan: new Float64Array(answers, 0, 1),
      answerEntries: new Int32Array(answers, ANSWERS.ENTRIES_AT, (ANSWERS.DATA_AT - ANSWERS.ENTRIES_AT) / 4),
      ready: false,
      batch: [],
      done: 0,
      number: 0,
      sealedAt: -1,
      timer: undefined,
      poll: undefined,
      watched: 0,
      startedAt: 0,
      streaming: false,
      outOfMemory: false,
    };
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

  /**
   * Hand queued jobs to idle workers, a batch each: the queue shared out
   * among them, at most {@link BATCH_MAX} jobs and (beyond the first)
   * {@link BATCH_TEXT} of text per batch. A worker left idle with nothing
   * queued takes over the jobs another worker has not begun yet when that
   * worker's job has run {@link TAKE_OVER_MS} (behind a slow job they would
   * wait; the batch's poll looks again).
   */
  private dispatch(): void {
    for (let pass = 0; pass < 2; pass++) {
      const idle = this.slots.filter((s) => s.ready && s.batch.length === 0);
      for (let i = 0; i < idle.length && this.queue.length > 0; i++) this.sendBatch(idle[i]!, Math.ceil(this.queue.length / (idle.length - i)));
      if (pass > 0 || this.queue.length > 0 || !this.slots.some((s) => s.ready && s.batch.length === 0)) return;
      // A worker is idle with nothing queued: it takes over the jobs others have not begun.
      const now = performance.now();
      for (const slot of this.slots) {
        const n = claimed(slot);
        if (slot.batch.length > n && n > 0 && now - (slot.answerBegan[0]! - performance.timeOrigin) >= TAKE_OVER_MS) this.takeBack(slot);
      }
      if (this.queue.length === 0) return;
    }
  }

  /** Send `slot`'s idle worker up to `share` queued jobs as one batch. */
  private sendBatch(slot: Slot, share: number): void {
    const ids: number[] = [];
    const jobs: Job[] = [];
    let text = 0;
    while (jobs.length < Math.min(share, BATCH_MAX) && this.queue.length > 0) {
      const next = this.queue[0]!;
      if (jobs.length > 0 && text + jobText(next.job) > BATCH_TEXT) break;
      this.queue.shift();
      if (next.cancelled) continue;
      slot.batch.push(next);
      ids.push(next.id);
      jobs.push(next.job);
      text += jobText(next.job);
    }
    if (jobs.length === 0) return;
    slot.number = (slot.number + 1) % BATCH_NUMBERS;
    slot.done = 0;
    slot.sealedAt = -1;
    slot.streaming = false;
    for (let i = 0; i < jobs.length; i++) slot.answerEntries[2 * i + 1] = -1;
    // Ring slots are not reset: a previous response may still be writing from them.
    Atomics.store(slot.control, CONTROL.NEXT, claimWord(slot.number, 0));
    const message: ToWorker = { batch: slot.number, ids, jobs };
    slot.worker.postMessage(message);
    // The first job's deadline, whatever it runs (every job is one run: /validate-schema evaluates once,
    // then writes and validates that tree); when it fires, the timer moves on to the job then running
    // (see onTimer); a streamed output's sending gets its own time at stream-start.
    this.watch(slot, 0, this.options.limits.timeoutMs);
    if (jobs.length > 1 && slot.poll === undefined) this.poll(slot);
  }

  /** Look at `slot`'s answer area in {@link POLL_MS}, and again until its batch ends. */
  private poll(slot: Slot): void {
    slot.poll = setTimeout(() => {
      slot.poll = undefined;
      this.collect(slot);
      this.dispatch();
      if (slot.batch.length > 0 && slot.poll === undefined) this.poll(slot);
    }, POLL_MS).unref();
  }

  /** Take back the jobs of `slot`'s batch its worker has not begun, to the front of the queue. */
  private takeBack(slot: Slot): void {
    if (slot.sealedAt < 0) slot.sealedAt = Atomics.exchange(slot.control, CONTROL.NEXT, claimWord(slot.number, BATCH_SEALED)) & BATCH_SEALED;
    const back = slot.batch.splice(slot.sealedAt);
    this.queue.unshift(...back);
    if (slot.done >= slot.batch.length) this.endBatch(slot);
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
    if (msg.type === "answers") {
      this.collect(slot);
      if (slot.batch.length === 0) this.dispatch();
      return;
    }
    const index = indexOf(slot, msg.id);
    if (index < 0) return; // a late message of a job already given up on
    const job = slot.batch[index]!;
    const h = job.handlers;
    const live = !job.cancelled;
    switch (msg.type) {
      case "stream-start":
        // The run is over; its finished output now has its own time to reach the client.
        this.watch(slot, index, this.sendLimit());
        slot.streaming = true;
        if (live) h.streamStart(msg.bytes);
        return;
      case "chunk": {
        const free = ringSlotRelease(slot.control, msg.slot);
        if (live) h.chunk(new Uint8Array(slot.ring, msg.slot * RING_SLOT_BYTES, msg.length), free);
        else free();
        return;
      }
      case "body":
        this.settle(slot, index);
        if (live) h.body(msg.bytes);
        break;
      case "stream-end":
        this.settle(slot, index);
        if (live) h.streamEnd(msg.bytes);
        break;
      case "stream-abort":
        this.settle(slot, index);
        if (live) h.streamAbort(msg.reason);
        break;
      case "failed":
        this.settle(slot, index);
        this.options.log("job_failed", { message: msg.message });
        if (live) h.failed("error", msg.message);
        break;
    }
    if (slot.batch.length === 0) this.dispatch();
  }

  /** Deliver the answers the worker has written to the answer area (protocol.ts, ANSWERS). */
  private collect(slot: Slot): void {
    const n = Math.min(claimed(slot), slot.batch.length);
    const written: [Pending, string][] = [];
    for (let i = slot.done; i < n; i++) {
      const job = slot.batch[i]!;
      const length = Atomics.load(slot.answerEntries, 2 * i + 1);
      if (job.settled || length < 0) continue;
      const text = Buffer.from(slot.answers, ANSWERS.DATA_AT + slot.answerEntries[2 * i]!, length).toString("utf8");
      written.push([job, text]);
    }
    for (const [job, text] of written) {
      const index = slot.batch.indexOf(job);
      if (index >= 0) this.settle(slot, index);
      if (!job.cancelled) job.handlers.body(text);
    }
  }

  /** Job `index` of `slot`'s batch has its answer. */
  private settle(slot: Slot, index: number): void {
    slot.batch[index]!.settled = true;
    while (slot.done < slot.batch.length && slot.batch[slot.done]!.settled) slot.done++;
    if (slot.done >= slot.batch.length) this.endBatch(slot);
  }

  /** Every job of `slot`'s batch is settled: the worker is idle. */
  private endBatch(slot: Slot): void {
    this.stopTimer(slot);
    if (slot.poll) clearTimeout(slot.poll);
    slot.poll = undefined;
    slot.batch = [];
    slot.done = 0;
  }

  private sendLimit(): number {
    return this.options.sendTimeoutMs ?? sendTimeoutMs(this.options.limits.timeoutMs);
  }

  private cancel(pending: Pending): void {
    if (pending.cancelled) return;
    pending.cancelled = true;
    if (pending.settled) return;
    const slot = this.slots.find((s) => s.batch.includes(pending));
    if (!slot) return; // still queued: dispatch skips it
    // Begun or not, the job stops at once (the worker checks ABORT against the job it runs)…
    Atomics.store(slot.control, CONTROL.ABORT, pending.id);
    Atomics.notify(slot.control, CONTROL.RING_FREED);
    // …and if it is running now and does not stop within the slack, its worker is replaced.
    const index = slot.batch.indexOf(pending);
    if (index === runningIndex(slot)) this.watch(slot, index, 0);
  }

  /**
   * Watch job `index` of `slot`'s batch, begun at `began`: it must end within
   * `limitMs` (0: none; a cancelled job: none) plus the slack, or it is
   * stopped ({@link onTimer}).
   */
  private watch(slot: Slot, index: number, limitMs: number, began = performance.now()): void {
    this.stopTimer(slot);
    if (index !== slot.watched) slot.streaming = false;
    slot.watched = index;
    slot.startedAt = began;
    const cancelled = slot.batch[index]?.cancelled === true;
    if (limitMs <= 0 && !cancelled) return;
    const ms = (cancelled ? 0 : limitMs) + this.options.graceMs - (performance.now() - began);
    slot.timer = setTimeout(() => this.onTimer(slot, index), Math.max(0, ms));
  }

  private stopTimer(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = undefined;
  }

  /**
   * The deadline of job `index` has come. A job still running is stopped
   * ({@link overrun}); if the worker has moved on, the timer watches the job
   * running now, from when it began (no later than its predecessor's answer
   * arrived), or the next to begin.
   */
  private onTimer(slot: Slot, index: number): void {
    slot.timer = undefined;
    if (slot.watched !== index || !this.slots.includes(slot)) return;
    this.collect(slot);
    if (slot.batch.length === 0) return this.dispatch();
    if (runningIndex(slot) === index) {
      // Seal the batch first: nothing more of it begins, so what runs now is final.
      this.takeBack(slot);
      this.collect(slot);
      if (runningIndex(slot) === index) return this.overrun(slot, index);
      this.dispatch();
    }
    if (slot.batch.length === 0) return this.dispatch();
    const running = runningIndex(slot);
    const next = running >= 0 ? running : claimed(slot);
    if (next >= slot.batch.length) return; // every job begun has ended: the answers are on their way
    // The worker notes when a job began before it claims it (worker-main.ts).
    const began = running >= 0 ? slot.answerBegan[0]! - performance.timeOrigin : performance.now();
    this.watch(slot, next, this.options.limits.timeoutMs, began);
  }

  /**
   * Job `index` (running) outlived its deadline (or its cancel): replace the
   * worker; a live job is answered with the time limit. The batch was sealed
   * (the rest went back to the queue); answers of jobs before it, already
   * posted, still arrive from the old worker.
   */
  private overrun(slot: Slot, index: number): void {
    const job = slot.batch[index]!;
    this.options.log("worker_replaced", { reason: job.cancelled ? "cancelled job did not stop" : "job overran the time limit" });
    const stop = this.stopOf(slot, "time");
    const streaming = slot.streaming;
    job.settled = true;
    this.replace(slot);
    if (job.cancelled) return;
    this.counters.overran++;
    this.answerStop(job, stop, streaming);
  }

  private onExit(slot: Slot, code: number): void {
    const index = this.slots.indexOf(slot);
    // Replaced on purpose, or shutting down: whatever it had not answered by now never will be.
    if (index < 0 || this.closed) {
      if (!this.closed) this.collect(slot);
      return this.failUnsettled(slot, code);
    }
    // Its messages have all been delivered by now, and its written answers are collected here: what it
    // claimed and did not answer was running when it died.
    this.collect(slot);
    const running = runningIndex(slot);
    const job = running >= 0 && !slot.batch[running]!.settled ? slot.batch[running] : undefined;
    const stop = slot.outOfMemory ? this.stopOf(slot, "memory") : undefined;
    const streaming = slot.streaming && slot.watched === running;
    if (job) job.settled = true;
    this.takeBack(slot);
    this.failUnsettled(slot, code);
    this.options.log(slot.outOfMemory ? "worker_out_of_memory" : "worker_exited", { code });
    if (stop !== undefined) this.counters.outOfMemory++;
    if (job && !job.cancelled) {
      if (stop !== undefined) this.answerStop(job, stop, streaming);
      else job.handlers.failed("crashed", `worker exited with code ${code}`);
    }
    this.replace(slot, true);
  }

  /** Jobs of an ended worker's batch that were begun and never answered (not expected: each answer is posted before the next job begins). */
  private failUnsettled(slot: Slot, code: number): void {
    for (const p of slot.batch) {
      if (p.settled) continue;
      p.settled = true;
      if (!p.cancelled && !this.closed) p.handlers.failed("crashed", `worker exited with code ${code}`);
    }
    this.endBatch(slot);
  }

  /** Where a worker's running job was when `limit` stopped it (the control block outlives the worker). */
  private stopOf(slot: Slot, limit: OutsideStop["limit"]): OutsideStop {
    const phase = Atomics.load(slot.control, CONTROL.PHASE) === JOB_PHASE.VALIDATE ? "validate" : "run";
    return { limit, phase, at: Atomics.load(slot.control, CONTROL.AT), elapsedMs: performance.now() - slot.startedAt };
  }

  /** Answer a job stopped from outside with the limit it hit (limit-answer.ts). */
  private answerStop(job: Pending, stop: OutsideStop, streaming: boolean): void {
    if (streaming) return job.handlers.streamAbort(`${stop.limit} limit reached while the client was reading`);
    job.handlers.body(limitAnswer(job.job, stop, { timeoutMs: this.options.limits.timeoutMs, memoryMb: this.options.memoryMb }));
  }

  /** A new worker in `slot`'s place (the old one terminated unless it has `exited`), then the queue handed out. */
  private replace(slot: Slot, exited = false): void {
    const index = this.slots.indexOf(slot);
    this.stopTimer(slot);
    if (index >= 0) {
      this.slots[index] = this.spawn();
      this.counters.restarts++;
    }
    if (!exited) void slot.worker.terminate();
    this.dispatch();
  }
}

/**
 * A job's memory budget as its worker's heap cap. V8 splits a heap into a
 * young generation (new objects, collected often) and an old one; the cap is
 * their sum, so a worker's heap never grows past the budget whatever the job
 * runs. A worker that reaches it is ended by Node (ERR_WORKER_OUT_OF_MEMORY)
 * and the job is answered with the memory limit.
 */
function workerHeapLimits(memoryMb: number): ResourceLimits {
  // The young generation: an eighth of the budget, 4 to 16 MiB (V8's own default is 16 on 64-bit).
  const young = Math.max(4, Math.min(16, Math.floor(memoryMb / 8)));
  return { maxYoungGenerationSizeMb: young, maxOldGenerationSizeMb: Math.max(8, memoryMb - young) };
}

/** How many jobs of `slot`'s batch its worker has claimed (begun). */
function claimed(slot: Slot): number {
  if (slot.batch.length === 0) return 0;
  return slot.sealedAt >= 0 ? slot.sealedAt : Atomics.load(slot.control, CONTROL.NEXT) & BATCH_SEALED;
}

/** The index of the job `slot`'s worker runs now (or ran last, its answer on the way); -1 when it has begun none. */
function runningIndex(slot: Slot): number {
  const n = claimed(slot);
  return n > 0 && slot.batch[n - 1]?.settled === false ? n - 1 : -1;
}

/** The index in `slot`'s batch of the unsettled job `id`, or -1. */
function indexOf(slot: Slot, id: number): number {
  for (let i = slot.done; i < slot.batch.length; i++) if (slot.batch[i]!.id === id) return slot.batch[i]!.settled ? -1 : i;
  return -1;
}

/** The text a job carries, for sizing batches. */
function jobText(job: Job): number {
  return job.source.length + (job.kind === "validate-schema" ? job.schema.length : 0);
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
