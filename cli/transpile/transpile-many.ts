/**
 * `jsson transpile FILE… --out-dir DIR`: many inputs, one output file each,
 * mirroring the inputs' tree (see many-files.ts). Every file is reported on
 * stderr in input order (`✓ in → out` and its warnings and schema verdict,
 * or `✗ in` and its diagnostic), then a summary; the status is 1 when any
 * file failed. Large sets are spread over worker threads, one per core, each
 * with its own engine; small ones run
 * here, where starting workers would cost more than it saves — except under
 * `--timeout`, which a worker lets us hold from outside, file by file.
 */
import { availableParallelism } from "node:os";
import { dirname } from "node:path";
import { Worker } from "node:worker_threads";
import type { Engine } from "../../core/index.js";
import { EXIT } from "../terminal/exit-codes.js";
import { shownPath } from "../terminal/shown-path.js";
import { writeStderr } from "../io/fd-writer.js";
import { ENDING_SIGNALS, removeLeftTemporaries } from "../io/file-replacement.js";
import type { TranspileFlags, TranspilePlan } from "./transpile-plan.js";
import { planManyFiles, type ManyFilesJob } from "./many-files.js";
import { runJob, type JobResult } from "./transpile-job.js";
import { SLACK_MS } from "./run-watchdog.js";
import type { JobRequest, JobReply, WorkerSetup } from "./transpile-many-worker.js";

/** Below this many files everything runs in this thread. */
const PARALLEL_MIN_FILES = 16;
/** Files per worker below which another worker is not worth its start-up (~60 ms: loading the engine). */
const FILES_PER_WORKER = 8;

/** Run a many-file plan; resolves to the exit status. */
export async function runMany(engine: Engine, plan: TranspilePlan, flags: TranspileFlags, patterns: readonly string[], argv?: readonly string[]): Promise<number> {
  const outDir = plan.outDir as string;
  const sources = patterns.length > 0 ? patterns : [plan.inputPath];
  if (sources.includes("-")) {
    writeStderr("jsson: --out-dir needs input files (stdin has no name to mirror)\n");
    return EXIT.USAGE;
  }
  const format = engine.findFormat(engine.canonicalFormat(plan.options.format));
  const extension = format?.extensions[0] ?? "out";
  const { jobs, unmatched, clashes } = await planManyFiles(sources, outDir, extension, process.cwd());
  for (const pattern of unmatched) writeStderr(`✗ ${pattern}: no file matches\n`);
  for (const c of clashes) writeStderr(`✗ ${shownPath(c.input)}: its output ${shownPath(c.output)} is already that of ${shownPath(c.taken)}\n`);
  const results = await runJobs(engine, plan, flags, jobs, argv);
  let failed = unmatched.length + clashes.length;
  for (const [i, job] of jobs.entries()) {
    const r = results[i] as JobResult;
    // a file written reports under its line what a one-file run prints on stderr: its warnings (LANGUAGE.md §16.5), the schema's verdict
    if (r.status === EXIT.OK) writeStderr(`✓ ${shownPath(job.input)} → ${shownPath(job.output)}\n${r.report}`);
    else {
      failed++;
      writeStderr(`✗ ${shownPath(job.input)}\n${r.report}`);
    }
  }
  const files = jobs.length + clashes.length;
  const written = files - (failed - unmatched.length);
  writeStderr(`${files} file${files === 1 ? "" : "s"}: ${written} written, ${failed} failed\n`);
  return failed > 0 ? EXIT.SOURCE : EXIT.OK;
}

/**
 * The results of `jobs`, in order: here, or on worker threads for large
 * sets — and always under `--timeout`, which is held from outside there: a
 * file still running at its limit plus the slack has its worker terminated
 * (a validator or a plugin counts no work the engine could stop), is
 * reported with the limit's message, and a new worker takes the next file.
 */
async function runJobs(engine: Engine, plan: TranspilePlan, flags: TranspileFlags, jobs: readonly ManyFilesJob[], argv: readonly string[] | undefined): Promise<JobResult[]> {
  const timeoutMs = plan.options.limits?.timeoutMs ?? 0;
  const parallel = Math.min(availableParallelism(), Math.floor(jobs.length / FILES_PER_WORKER));
  const inThisThread = jobs.length < PARALLEL_MIN_FILES || parallel < 2;
  if (inThisThread && timeoutMs <= 0) {
    const results: JobResult[] = [];
    for (const job of jobs) results.push(await runJob(engine, plan, job));
    return results;
  }
  const results: JobResult[] = new Array<JobResult>(jobs.length);
  let next = 0;
  // A signal reaches this thread only: stop the workers, remove the temporary files they were writing, end as the signal says.
  const running = new Set<Worker>();
  let stopping: Promise<void> | undefined;
  const onSignal = (signal: NodeJS.Signals): void => {
    stopping ??= Promise.allSettled([...running].map((w) => w.terminate())).then(() => {
      removeLeftTemporaries(new Set(jobs.map((j) => dirname(j.output))));
      for (const s of ENDING_SIGNALS) process.off(s, onSignal);
      process.kill(process.pid, signal);
    });
  };
  for (const s of ENDING_SIGNALS) process.on(s, onSignal);
  const setup: WorkerSetup = { flags: { ...flags }, ...(argv === undefined ? {} : { argv: [...argv] }) };
  const stoppedAtLimit: JobResult = { status: EXIT.SOURCE, report: `jsson: time limit reached (--timeout ${timeoutMs} ms): the run was stopped\n` };
  /** A worker taking jobs until none is left; one stopped at the limit hands over to a new one. */
  const one = (): Promise<void> =>
    new Promise((resolveWorker, rejectWorker) => {
      const worker = new Worker(new URL("./transpile-many-worker.js", import.meta.url), { workerData: setup });
      running.add(worker);
      const threadId = worker.threadId; // -1 once it has stopped
      let deadline: NodeJS.Timeout | undefined;
      let timedOut: ManyFilesJob | undefined;
      const send = (): void => {
        if (next >= jobs.length) return void worker.postMessage(null);
        const index = next++;
        const job = jobs[index] as ManyFilesJob;
        worker.postMessage({ index, job } satisfies JobRequest);
        if (timeoutMs > 0) {
          deadline = setTimeout(() => {
            results[index] = stoppedAtLimit;
            timedOut = job;
            void worker.terminate();
          }, timeoutMs + SLACK_MS);
        }
      };
      worker.on("message", (reply: JobReply) => {
        if (timedOut !== undefined) return; // stopped at the limit: a reply already under way is not taken, nor another job sent
        if ("ready" in reply) return send();
        if ("setupError" in reply) return void worker.terminate().finally(() => rejectWorker(new Error(reply.setupError)));
        clearTimeout(deadline);
        results[reply.index] = reply.result;
        send();
      });
      worker.on("error", rejectWorker);
      worker.on("exit", () => {
        clearTimeout(deadline);
        running.delete(worker);
        if (timedOut === undefined || stopping !== undefined) return resolveWorker();
        // a terminated worker removes nothing: its temporary file, if it was writing one, goes here
        removeLeftTemporaries([dirname(timedOut.output)], threadId);
        resolveWorker(next < jobs.length ? one() : undefined);
      });
    });
  try {
    await Promise.all(Array.from({ length: Math.max(1, parallel) }, one));
  } finally {
    if (stopping === undefined) for (const s of ENDING_SIGNALS) process.off(s, onSignal);
  }
  if (stopping !== undefined) await stopping; // the process ends there
  for (let i = 0; i < jobs.length; i++) if (results[i] === undefined) throw new Error(`worker ended without a result for ${jobs[i]?.input ?? i}`);
  return results;
}

