/**
 * The language server's evaluation thread (started by evaluation-queue.ts):
 * one job at a time (evaluation-job.ts), with the open documents' unsaved
 * texts as the include host's overlay. The server cancels a job by writing
 * its id into the shared control array, which the run's signal reads at the
 * engine's every look at the clock; it reads the job's phase from the same
 * array.
 */
import { parentPort, workerData } from "node:worker_threads";
import { createEngine } from "../../index.js";
import { CONTROL, PHASE, runEvaluationJob, type WorkerJob, type WorkerMessage } from "./evaluation-job.js";
import { OverlayHost } from "./overlay-host.js";

const control = new Int32Array(workerData as SharedArrayBuffer);
const engine = createEngine();
const overlay = new Map<string, string>();
const host = new OverlayHost((path) => overlay.get(path));
const post = (m: WorkerMessage): void => parentPort!.postMessage(m);

parentPort!.on("message", (job: WorkerJob) => {
  for (const path of job.overlay.drop) overlay.delete(path);
  for (const [path, text] of job.overlay.set) overlay.set(path, text);
  if (job.path !== undefined) overlay.set(job.path, job.text);
  const signal = { get aborted(): boolean { return Atomics.load(control, CONTROL.cancel) === job.id; } };
  try {
    const done = runEvaluationJob(engine, host, job, signal, (p) => Atomics.store(control, CONTROL.phase, p), (evaluated) => post({ kind: "evaluated", id: job.id, evaluated }));
    post({ kind: "done", id: job.id, ...done });
  } catch (e) {
    // a bug, not the user's input (the engine reports what the source does wrong): the server logs it
    post({ kind: "done", id: job.id, schema: undefined, error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
  }
  Atomics.store(control, CONTROL.phase, PHASE.idle);
});
post({ kind: "ready" });
