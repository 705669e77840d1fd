/**
 * The thread the language server checks data against schemas in (see
 * bounded-schema-check.ts): the built-in engine's validate stage, one check
 * at a time; each answer goes back on the check's own port, then the shared
 * flag is raised so the waiting server thread wakes.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { MessagePort } from "node:worker_threads";
import { createEngine, type SchemaOptions } from "../../index.js";

/** A check the server sends: the data, the schema text and options, the port for the answer, the flag to raise. */
export interface SchemaCheckRequest {
  readonly data: unknown;
  readonly schemaText: string;
  readonly options: SchemaOptions;
  readonly port: MessagePort;
  readonly done: SharedArrayBuffer;
}

const engine = createEngine();
// Load the validator (ajv and its modules load on the first check) as part of starting, not of the first check's time.
engine.validate(null, "{}");
// Started: from now on a check's wait is the time limit alone.
const ready = new Int32Array(workerData as SharedArrayBuffer);
Atomics.store(ready, 0, 1);
Atomics.notify(ready, 0);
parentPort!.on("message", (request: SchemaCheckRequest) => {
  const done = new Int32Array(request.done);
  try {
    request.port.postMessage({ ok: true, result: engine.validate(request.data, request.schemaText, request.options) });
  } catch (e) {
    request.port.postMessage({ ok: false, message: e instanceof Error ? e.message : String(e) });
  }
  request.port.close();
  Atomics.store(done, 0, 1);
  Atomics.notify(done, 0);
});
