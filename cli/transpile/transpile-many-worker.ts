/**
 * A worker thread of a many-file run (transpile-many.ts): builds its own
 * engine and plan from the command's flags, says it is ready, then runs one
 * job per message until told to stop (`null`).
 */
import { parentPort, workerData } from "node:worker_threads";
import { flagList } from "../argv/command-entry.js";
import { loadCliEngine } from "../plugin-loader/cli-engine.js";
import { makePlan, type TranspileFlags } from "./transpile-plan.js";
import type { ManyFilesJob } from "./many-files.js";
import { runJob, type JobResult } from "./transpile-job.js";

/** What the worker is started with. */
export interface WorkerSetup {
  readonly flags: TranspileFlags;
  /** The normalised command line, which orders the external-variable flags. */
  readonly argv?: readonly string[];
}
/** A job for the worker (`null`: no more jobs). */
export interface JobRequest {
  readonly index: number;
  readonly job: ManyFilesJob;
}
/** What the worker answers: ready for jobs, a result, or why it cannot run. */
export type JobReply = { readonly ready: true } | { readonly index: number; readonly result: JobResult } | { readonly setupError: string };

const port = parentPort;
if (port) {
  const { flags, argv } = workerData as WorkerSetup;
  const loaded = await loadCliEngine(flagList(flags, "plugin"));
  if (!loaded.ok) port.postMessage({ setupError: loaded.message } satisfies JobReply);
  else {
    const plan = makePlan(loaded.engine, flags, [], argv);
    port.on("message", (request: JobRequest | null) => {
      if (request === null) return void port.close();
      void runJob(loaded.engine, plan, request.job).then((result) => port.postMessage({ index: request.index, result } satisfies JobReply));
    });
    port.postMessage({ ready: true } satisfies JobReply);
  }
}
