/**
 * Schema checks under the language server's time limit, held from outside:
 * a validator counts no work (a schema whose `anyOf` branches both recurse
 * takes 2^depth steps inside it), so the check runs in a thread of its own
 * (schema-check-worker.ts) while the server's thread waits for it, at most
 * the limit; a check still running then has its thread terminated (a new
 * one starts for the next check) and the result is the limit. The thread's
 * heap is capped too.
 */
import { MessageChannel, Worker, receiveMessageOnPort } from "node:worker_threads";
import type { DataCheck, SchemaResult } from "../../core/index.js";
import type { SchemaCheckRequest } from "./schema-check-worker.js";

/** Heap cap of the checking thread, in MiB. */
const HEAP_MB = 256;
/** How long a check may wait for its thread to start (loading the engine) before its own limit starts. */
const START_MS = 10_000;

const WORKER_URL = new URL("./schema-check-worker.js", import.meta.url);

let worker: Worker | undefined;
/** Raised by the thread once its engine is loaded. */
let ready = new Int32Array(new SharedArrayBuffer(4));

/** The checking thread, started on first use (and again after a termination). */
function checker(): Worker {
  if (worker !== undefined) return worker;
  ready = new Int32Array(new SharedArrayBuffer(4));
  const w = new Worker(WORKER_URL, { workerData: ready.buffer, resourceLimits: { maxOldGenerationSizeMb: HEAP_MB }, stdout: false, stderr: false });
  w.unref();
  w.on("error", () => undefined); // its exit is handled below; a check waiting on it times out
  w.on("exit", () => {
    if (worker === w) worker = undefined;
  });
  worker = w;
  return w;
}

/**
 * Start the checking thread if it is not running, and wait (at most a few
 * seconds) until its engine is loaded: called before the run whose data it
 * will check, so that loading the engine is not charged to that run's time.
 */
export function readySchemaChecker(): void {
  checker();
  Atomics.wait(ready, 0, 0, START_MS);
}

/**
 * The check of the schema stage in the checking thread (a {@link DataCheck}):
 * the verdict, or `undefined` when it did not end within the time the run
 * has left, or its thread died.
 */
export const checkSchemaBounded: DataCheck = (data, schemaText, options, timeLeftMs): SchemaResult | undefined => {
  if (!(timeLeftMs > 0)) return undefined;
  readySchemaChecker();
  const w = checker();
  const { port1, port2 } = new MessageChannel();
  const done = new SharedArrayBuffer(4);
  const request: SchemaCheckRequest = { data, schemaText, options, port: port2, done };
  w.postMessage(request, [port2]);
  const waited = Atomics.wait(new Int32Array(done), 0, 0, timeLeftMs);
  const reply = receiveMessageOnPort(port1)?.message as { ok: true; result: SchemaResult } | { ok: false; message: string } | undefined;
  port1.close();
  if (waited === "timed-out" || reply === undefined) {
    worker = undefined;
    void w.terminate();
    return undefined;
  }
  if (!reply.ok) throw new Error(reply.message);
  return reply.result;
};
