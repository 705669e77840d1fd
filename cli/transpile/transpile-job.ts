/**
 * One file of a many-file run: transpile `input` and write `output` without
 * ever leaving a partial file there (file-replacement.ts), nor writing
 * outside the output folder. Used in the main thread and in the worker
 * threads alike.
 */
import { dirname, resolve } from "node:path";
import type { Engine } from "../../core/index.js";
import { EXIT } from "../terminal/exit-codes.js";
import { makeFolderInside } from "./out-dir-folder.js";
import type { TranspilePlan } from "./transpile-plan.js";
import { transpileOnce } from "./transpile-run.js";
import type { ManyFilesJob } from "./many-files.js";

/** What became of one file: its exit status and what it reported (diagnostics, schema report). */
export interface JobResult {
  readonly status: number;
  readonly report: string;
}

/**
 * Run one job with the options of `plan`: its folder made inside the output
 * folder (out-dir-folder.ts), its output replaced only once complete, a
 * symbolic link at the output's own place replaced rather than followed.
 */
export async function runJob(engine: Engine, plan: TranspilePlan, job: ManyFilesJob): Promise<JobResult> {
  let report = "";
  const collect = (text: string): void => void (report += text);
  if (job.input === job.output) return { status: EXIT.SOURCE, report: `jsson: the output would overwrite its input "${job.input}"\n` };
  const refused = makeFolderInside(resolve(plan.outDir ?? dirname(job.output)), dirname(job.output));
  if (refused !== undefined) return { status: EXIT.SOURCE, report: `jsson: ${refused}\n` };
  const status = await transpileOnce(engine, { ...plan, inputPath: job.input, outputPath: job.output, replace: { followLink: false }, outDir: undefined }, collect);
  return { status, report };
}
