/**
 * Evaluations off the server's thread: one evaluation thread per server
 * (evaluation-worker.ts), one job in it at a time, and at most one waiting
 * per document — a document asked for again while it waits keeps its one
 * place, and its text is read when its job starts, so the latest text wins
 * and nothing piles up behind a slow evaluation. Cancelling a document
 * (an edit) drops its waiting request and stops its running job: through
 * the run's signal while it evaluates (the engine looks at it with the
 * clock), by terminating the thread while a schema check runs (a validator
 * counts no work). A job past the run's time limit plus a grace is
 * terminated the same way; the next job starts a new thread.
 */
import { Worker } from "node:worker_threads";
import { CONTROL, PHASE, type EvaluationJob, type Evaluated, type Previews, type SchemaOutcome, type WorkerJob, type WorkerMessage } from "./evaluation-job.js";
import { LSP_LIMITS } from "./lsp-limits.js";

/** Heap cap of the evaluation thread, in MiB: a run out of memory ends as a diagnostic, not as the server. */
export const EVALUATION_HEAP_MB = 2048;
/** How long after the run's time limit a job that has not answered has its thread terminated. */
export const GRACE_MS = 500;

const WORKER_URL = new URL("./evaluation-worker.js", import.meta.url);

/** How a job ended when its thread did not finish it. */
export type Stopped = "time" | "memory" | "crash";

/** What a finished job hands back. */
export interface JobOutcome {
  /** The evaluation's outcome (undefined when the thread was stopped before it ended). */
  readonly evaluated: Evaluated | undefined;
  readonly schema: SchemaOutcome | undefined;
  /** The value previews of an evaluation that succeeded. */
  readonly previews?: Previews;
  /** Set when the thread was stopped (at the time limit) or died; `checking` says it was in the schema check. */
  readonly stopped?: { readonly why: Stopped; readonly checking: boolean };
  /** A bug in the job (logged by the server). */
  readonly error?: string;
}

/** Counts a client can read (`jsson/evaluationStats`): started = completed + cancelled + running. */
export interface EvaluationCounts {
  /** Requests made (a document asked for again while it waits counts again, but waits once). */
  requested: number;
  started: number;
  completed: number;
  cancelled: number;
  running: number;
  queued: number;
  /** The most requests ever waiting at once (at most the number of open documents). */
  maxQueued: number;
  /** Evaluation threads started (a new one after each termination). */
  threads: number;
}

/** A document's job as the server prepares it when the job starts. */
export interface PreparedJob extends Omit<EvaluationJob, "id"> {
  readonly version: number;
}

interface Running {
  readonly id: number;
  readonly uri: string;
  readonly job: PreparedJob;
  cancelled: boolean;
  evaluated: Evaluated | undefined;
  timer: NodeJS.Timeout | undefined;
}

interface Thread {
  readonly worker: Worker;
  ready: boolean;
  /** Overlay texts this thread has, by path (compared by identity: an edit makes a new string). */
  readonly sent: Map<string, string>;
  outOfMemory: boolean;
}

/** What the queue needs from the server. */
export interface QueueHost {
  /** The job for `uri` now (undefined: the document is gone). */
  prepare(uri: string): PreparedJob | undefined;
  /** Open documents with a file path (the include overlay). */
  openFiles(): Iterable<{ readonly path: string; readonly text: () => string }>;
  /** A job ended and was not cancelled: publish it. */
  finished(uri: string, job: PreparedJob, outcome: JobOutcome): void;
  /** The thread failed to start. */
  log(message: string): void;
}

export class EvaluationQueue {
  private readonly waiting = new Set<string>();
  private running: Running | undefined;
  private thread: Thread | undefined;
  private nextId = 1;
  private control = new Int32Array(new SharedArrayBuffer(CONTROL.size * Int32Array.BYTES_PER_ELEMENT));
  private disposed = false;
  readonly counts: EvaluationCounts = { requested: 0, started: 0, completed: 0, cancelled: 0, running: 0, queued: 0, maxQueued: 0, threads: 0 };

  constructor(private readonly host: QueueHost) {}

  /** Start the thread now (it loads the engine), so the first document does not wait for that. */
  warmUp(): void {
    if (!this.disposed && this.thread === undefined) this.startThread();
  }

  /** Evaluate `uri` when the thread is free (once, however often asked meanwhile). */
  request(uri: string): void {
    this.counts.requested++;
    this.waiting.add(uri);
    this.counts.maxQueued = Math.max(this.counts.maxQueued, this.waiting.size);
    this.pump();
  }

  /** Forget `uri`'s waiting request and stop its running job. */
  cancel(uri: string): void {
    this.waiting.delete(uri);
    const r = this.running;
    if (r === undefined || r.uri !== uri || r.cancelled) return;
    r.cancelled = true;
    if (Atomics.load(this.control, CONTROL.phase) === PHASE.checking) this.stopThread();
    else Atomics.store(this.control, CONTROL.cancel, r.id);
  }

  /** Stop everything (the server exits). */
  dispose(): void {
    this.disposed = true;
    this.waiting.clear();
    if (this.thread) void this.thread.worker.terminate();
    this.thread = undefined;
  }

  snapshot(): EvaluationCounts {
    return { ...this.counts, running: this.running === undefined ? 0 : 1, queued: this.waiting.size };
  }

  private pump(): void {
    if (this.disposed || this.running !== undefined) return;
    const thread = this.thread ?? this.startThread();
    if (!thread.ready) return;
    for (const uri of this.waiting) {
      this.waiting.delete(uri);
      const job = this.host.prepare(uri);
      if (job === undefined) continue;
      this.start(thread, uri, job);
      return;
    }
  }

  private start(thread: Thread, uri: string, prepared: PreparedJob): void {
    const id = this.nextId++;
    const { version: _version, ...rest } = prepared; // the thread is sent what it reads, not the document's version
    const job: WorkerJob = { ...rest, id, overlay: this.overlayFor(thread, prepared.path, prepared.text) };
    const running: Running = { id, uri, job: prepared, cancelled: false, evaluated: undefined, timer: undefined };
    this.running = running;
    this.counts.started++;
    thread.worker.postMessage(job);
    const limit = LSP_LIMITS.timeoutMs ?? 0;
    if (limit > 0) running.timer = setTimeout(() => this.stopThread(), limit + GRACE_MS);
  }

  /** The overlay changes this thread has not seen: open texts of newer versions, closed files dropped. */
  private overlayFor(thread: Thread, own: string | undefined, ownText: string): WorkerJob["overlay"] {
    const set: [string, string][] = [];
    const open = new Set<string>();
    // the job's own text is in the job; the thread puts it in its overlay
    if (own !== undefined) thread.sent.set(own, ownText);
    for (const f of this.host.openFiles()) {
      open.add(f.path);
      const text = f.text();
      if (thread.sent.get(f.path) === text) continue;
      set.push([f.path, text]);
      thread.sent.set(f.path, text);
    }
    const drop = [...thread.sent.keys()].filter((p) => !open.has(p));
    for (const p of drop) thread.sent.delete(p);
    return { set, drop };
  }

  private startThread(): Thread {
    const control = new Int32Array(new SharedArrayBuffer(CONTROL.size * Int32Array.BYTES_PER_ELEMENT));
    const worker = new Worker(WORKER_URL, { workerData: control.buffer, resourceLimits: { maxOldGenerationSizeMb: EVALUATION_HEAP_MB }, stdout: false, stderr: false });
    const thread: Thread = { worker, ready: false, sent: new Map(), outOfMemory: false };
    this.control = control;
    this.thread = thread;
    this.counts.threads++;
    worker.unref();
    worker.on("message", (m: WorkerMessage) => this.onMessage(thread, m));
    worker.on("error", (e) => {
      if ((e as NodeJS.ErrnoException).code === "ERR_WORKER_OUT_OF_MEMORY") thread.outOfMemory = true;
      else this.host.log(`jsson lsp: the evaluation thread failed: ${e.stack ?? e.message}`);
    });
    worker.on("exit", () => this.onExit(thread));
    return thread;
  }

  private onMessage(thread: Thread, m: WorkerMessage): void {
    if (thread !== this.thread) return;
    if (m.kind === "ready") {
      thread.ready = true;
      return this.pump();
    }
    const r = this.running;
    if (r === undefined || r.id !== m.id) return;
    if (m.kind === "evaluated") {
      r.evaluated = m.evaluated;
      return;
    }
    const { kind: _kind, id: _id, ...done } = m;
    this.end(r, { evaluated: r.evaluated, ...done });
  }

  /** Terminate the thread (a cancelled schema check, a job past its limit); the running job ends with what it has. */
  private stopThread(): void {
    const thread = this.thread;
    if (thread === undefined) return;
    this.thread = undefined;
    void thread.worker.terminate();
    const r = this.running;
    if (r !== undefined) this.end(r, { evaluated: r.evaluated, schema: undefined, stopped: { why: "time", checking: Atomics.load(this.control, CONTROL.phase) === PHASE.checking } });
  }

  private onExit(thread: Thread): void {
    if (thread !== this.thread) return; // terminated on purpose
    this.thread = undefined;
    const r = this.running;
    if (r !== undefined) this.end(r, { evaluated: r.evaluated, schema: undefined, stopped: { why: thread.outOfMemory ? "memory" : "crash", checking: Atomics.load(this.control, CONTROL.phase) === PHASE.checking } });
    else if (!thread.ready) {
      // it died starting: say so once for what waits, rather than start threads in a loop
      this.host.log("jsson lsp: the evaluation thread could not start; documents are not evaluated");
      this.disposed = true;
    }
  }

  private end(r: Running, outcome: JobOutcome): void {
    clearTimeout(r.timer);
    this.running = undefined;
    if (r.cancelled) this.counts.cancelled++;
    else {
      this.counts.completed++;
      this.host.finished(r.uri, r.job, outcome);
    }
    // a new job starts on the next turn, after the publish: a request that arrived meanwhile is answered first
    setImmediate(() => this.pump());
  }
}
