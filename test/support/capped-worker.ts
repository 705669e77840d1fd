/**
 * One worker thread with a heap cap and a main-thread-sized stack that
 * answers one message at a time: a call that exhausts memory, crashes or
 * never answers is reported as such (and the worker replaced on the next
 * call), never taken down with the test process. Used by the hostile-input
 * catalogue and the cost tests.
 */
import { Worker } from "node:worker_threads";

/** A call's outcome: the worker's reply, or how the worker failed. */
export type WorkerReply<R> =
  | { readonly kind: "reply"; readonly value: R; readonly wallMs: number }
  | { readonly kind: "no answer"; readonly wallMs: number }
  | { readonly kind: "crash"; readonly error: string; readonly wallMs: number };

export class CappedWorker<Q, R> {
  private worker: Worker | undefined;

  constructor(
    private readonly script: URL,
    /** Heap cap (old generation), in MB. */
    private readonly heapMb: number,
  ) {}

  /** True while a worker is loaded (false at first, and after a crash or a call that got no answer). */
  get loaded(): boolean {
    return this.worker !== undefined;
  }

  /** Send `message` and wait for one reply; a worker that has not answered after `giveUpMs` is terminated. */
  call(message: Q, giveUpMs: number): Promise<WorkerReply<R>> {
    // A main thread's stack (~1 MB) so recursion limits are tested as the CLI meets them.
    const w = (this.worker ??= new Worker(this.script, { resourceLimits: { stackSizeMb: 1, maxOldGenerationSizeMb: this.heapMb } }));
    w.unref();
    const started = performance.now();
    return new Promise<WorkerReply<R>>((resolve) => {
      const done = (reply: WorkerReply<R>): void => {
        clearTimeout(timer);
        w.off("message", onMessage);
        w.off("error", onError);
        w.off("exit", onExit);
        resolve(reply);
      };
      const failed = (error: string): void => {
        this.worker = undefined;
        done({ kind: "crash", error, wallMs: performance.now() - started });
      };
      const onMessage = (value: R): void => done({ kind: "reply", value, wallMs: performance.now() - started });
      const onError = (e: Error): void => failed(`${e.name}: ${e.message}`);
      const onExit = (code: number): void => failed(`worker exited with code ${code}`);
      const timer = setTimeout(() => {
        this.worker = undefined;
        void w.terminate();
        done({ kind: "no answer", wallMs: performance.now() - started });
      }, giveUpMs);
      w.on("message", onMessage);
      w.on("error", onError);
      w.on("exit", onExit);
      w.postMessage(message);
    });
  }

  async close(): Promise<void> {
    await this.worker?.terminate();
    this.worker = undefined;
  }
}
