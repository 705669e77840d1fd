/**
 * Worker side of {@link BoundedRunner}: runs one job (a source, its include
 * files, limits, a format) through a real engine and answers with how long
 * the engine took, what it returned, and the worker's heap. Runs in a worker
 * thread with a heap cap, so a run that would exhaust memory kills only the
 * worker, and the runner reports it.
 */
import { parentPort } from "node:worker_threads";
import { getHeapStatistics } from "node:v8";
import { createEngine, MemoryHost, type Limits } from "../../index.js";
import { diagnosticProblems } from "./diagnostic-shape.js";

/** One run to do. */
export interface BoundedJob {
  readonly source: string;
  /** Include files (a MemoryHost); the root is `/input.jsson`. */
  readonly files: Readonly<Record<string, string>>;
  readonly limits: Partial<Limits>;
  readonly format: string;
  /**
   * Run under a counted clock: `Date.now()` advances 1 ms each time it is
   * read, so the time limit counts the engine's looks at the clock (one per
   * CHECK_EVERY units of work charged, one per chunk written) instead of
   * wall time, and a run stops after the same work on a busy machine as on
   * a quiet one. Without it (the cost bench), the wall clock.
   */
  readonly countedClock?: boolean;
}

/** What one run did. */
export interface BoundedOutcome {
  /** Wall-clock time of the engine call, in milliseconds. */
  readonly ms: number;
  readonly ok: boolean;
  readonly outputLength?: number;
  readonly code?: string;
  readonly line?: number;
  readonly message?: string;
  /** Reads of `Date.now()` during the run (with a counted clock: the run's time, in its ms). */
  readonly clockReads: number;
  /** Broken rules: an exception, a malformed diagnostic. */
  readonly problems: readonly string[];
  /** Heap in use after the run (bytes), and the largest seen by this worker. */
  readonly heapUsed: number;
  readonly peakHeap: number;
}

const engine = createEngine();
/** The root source's name in the run (its diagnostics carry it as their file). */
const ROOT_FILE = "/input.jsson";
let peakHeap = 0;
const wallNow = Date.now;

function run(job: BoundedJob): BoundedOutcome {
  const problems: string[] = [];
  let clockReads = 0;
  const origin = wallNow();
  Date.now = job.countedClock ? () => origin + ++clockReads : () => (clockReads++, wallNow());
  const started = performance.now();
  let outcome: Omit<BoundedOutcome, "ms" | "clockReads" | "problems" | "heapUsed" | "peakHeap">;
  try {
    const r = engine.transpile(job.source, { format: job.format, limits: job.limits, host: new MemoryHost(job.files), file: ROOT_FILE });
    if (r.ok) outcome = { ok: true, outputLength: r.output.length };
    else {
      const d = r.diagnostics[0];
      if (r.diagnostics.length !== 1 || d === undefined) problems.push(`${r.diagnostics.length} diagnostics`);
      for (const x of r.diagnostics) for (const p of diagnosticProblems(x, (file) => (file === undefined || file === ROOT_FILE ? job.source : job.files[file.slice(1)]))) problems.push(p);
      outcome = d === undefined ? { ok: false } : { ok: false, code: d.code, line: d.line, message: d.message.slice(0, 300) };
    }
  } catch (e) {
    problems.push(`threw ${String(e).slice(0, 300)}`);
    outcome = { ok: false, code: "THREW" };
  } finally {
    Date.now = wallNow;
  }
  const ms = performance.now() - started;
  const heapUsed = getHeapStatistics().used_heap_size;
  peakHeap = Math.max(peakHeap, heapUsed);
  return { ms, clockReads, problems, heapUsed, peakHeap, ...outcome };
}

parentPort?.on("message", (job: BoundedJob) => {
  parentPort?.postMessage(run(job));
});
