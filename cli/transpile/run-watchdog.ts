/**
 * `--timeout` held from outside the code it bounds. The engine stops a run
 * at its limit wherever it counts the work; a schema validator, a data
 * reader's library or a plugin count nothing (a schema whose `anyOf` branches
 * both recurse takes 2^depth steps inside ajv). So a one-shot run is watched
 * by a thread of its own: if the run is still going at its limit plus
 * {@link SLACK_MS}, the watchdog terminates the main thread's JavaScript
 * through the inspector (`Runtime.terminateExecution`, which interrupts any
 * script, a regular expression or a validator loop included), and the
 * process exits with status 1 and the limit's message; should it not be gone
 * {@link KILL_AFTER_MS} later, the watchdog kills it. A run that ends in time
 * disarms the watchdog, which never fires.
 */
import { Worker } from "node:worker_threads";
import { writeSync } from "node:fs";
import { EXIT } from "../terminal/exit-codes.js";

/** Time a run may take past its limit before it is stopped from outside (the engine's own stop comes within a few ms). */
export const SLACK_MS = 250;
/** Time the process has to exit once its run was terminated, before it is killed. */
const KILL_AFTER_MS = 2000;

/** The watchdog's code (CommonJS, evaluated: no file to find next to a bundle). `state[0]` becomes 1 when it fires. */
const WATCHDOG = `
const { workerData } = require("node:worker_threads");
const { Session } = require("node:inspector");
const state = new Int32Array(workerData.state);
const session = new Session();
session.connectToMainThread();
setTimeout(() => {
  Atomics.store(state, 0, 1);
  session.post("Runtime.terminateExecution");
  setTimeout(() => process.kill(process.pid, "SIGKILL"), ${KILL_AFTER_MS});
}, workerData.afterMs);
`;

/**
 * Run `fn` (one synchronous run) under a watchdog of `timeoutMs` + the slack;
 * no limit (0 or undefined): just run it. The watchdog is disarmed when `fn`
 * returns, so `fn` must do all its work before it returns: a promise would
 * disarm it at its first pause, leaving the rest unwatched, and is refused.
 */
export function underWatchdog<T>(timeoutMs: number | undefined, fn: () => T): T {
  if (timeoutMs === undefined || timeoutMs <= 0) return synchronous(fn());
  const state = new Int32Array(new SharedArrayBuffer(4));
  const onExit = () => {
    if (Atomics.load(state, 0) !== 1) return;
    writeSync(2, `jsson: time limit reached (--timeout ${timeoutMs} ms): the run was stopped\n`);
    process.exitCode = EXIT.SOURCE;
  };
  process.once("exit", onExit);
  const watchdog = new Worker(WATCHDOG, { eval: true, workerData: { state: state.buffer, afterMs: timeoutMs + SLACK_MS }, stdout: false, stderr: false });
  watchdog.unref();
  try {
    return synchronous(fn());
  } finally {
    void watchdog.terminate();
    process.off("exit", onExit);
  }
}

/** `value`, unless it is a promise (or any thenable): then the caller handed over work that goes on after the watchdog is gone. */
function synchronous<T>(value: T): T {
  if (typeof (value as { then?: unknown } | null)?.then === "function") throw new TypeError("underWatchdog: the run returned a promise; only a synchronous run can be held (hold its synchronous part)");
  return value;
}
