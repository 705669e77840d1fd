/**
 * One file of a many-file run: transpile `input` and write `output` without
 * ever leaving a partial file there — the text goes to a temporary file in
 * the target folder (same file system), renamed over `output` only once
 * complete. Used in the main thread and in the worker threads alike.
 */
import { mkdirSync, renameSync, rmSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { threadId } from "node:worker_threads";
import type { Engine } from "../../core/index.js";
import { EXIT } from "../terminal/exit-codes.js";
import { describeError } from "../io/errno-text.js";
import { transpileOnce, type TranspilePlan } from "./transpile-run.js";
import type { ManyFilesJob } from "./many-files.js";

/** What became of one file: its exit status and what it reported (diagnostics, schema report). */
export interface JobResult {
  readonly status: number;
  readonly report: string;
}

/** Run one job with the options of `plan`. */
export function runJob(engine: Engine, plan: TranspilePlan, job: ManyFilesJob): JobResult {
  let report = "";
  const collect = (text: string): void => void (report += text);
  if (job.input === job.output) return { status: EXIT.SOURCE, report: `jsson: the output would overwrite its input "${job.input}"\n` };
  const temp = join(dirname(job.output), `.${basename(job.output)}.${process.pid}-${threadId}.tmp`);
  try {
    mkdirSync(dirname(job.output), { recursive: true });
  } catch (e) {
    return { status: EXIT.SOURCE, report: `jsson: cannot create folder "${dirname(job.output)}": ${describeError(e)}\n` };
  }
  try {
    const status = transpileOnce(engine, { ...plan, inputPath: job.input, outputPath: temp, outDir: undefined }, collect);
    if (status !== EXIT.OK || plan.validateOnly) return { status, report };
    try {
      renameSync(temp, job.output);
    } catch (e) {
      return { status: EXIT.SOURCE, report: report + `jsson: cannot write "${job.output}": ${describeError(e)}\n` };
    }
    return { status, report };
  } finally {
    rmSync(temp, { force: true });
  }
}
