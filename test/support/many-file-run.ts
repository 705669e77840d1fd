/**
 * One spawned `jsson transpile FILE… --out-dir DIR` run standing for many
 * one-file runs whose inputs all fail: the CLI runs each file through the
 * same per-file code as a one-file run (cli/transpile/transpile-job.ts ->
 * transpileOnce) and prints its report after a `✗ FILE` line, so a test
 * that asserts every file's report pays for one start-up of the CLI, not
 * one per file. A test keeps one-file runs for what only they show (the
 * exit status of each file, the one-file entry).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli, type CliRun } from "./spawn-cli.js";

/** The run and each file's report, by the path given; `reports` is empty unless every file failed, exit status 1. */
export interface FailingFilesRun {
  readonly run: CliRun;
  readonly reports: ReadonlyMap<string, string>;
  /** What a one-file run of `file` is asserted on: its report and status 1, or (no section) the whole run's stderr and status. */
  readonly outcomeOf: (file: string) => { readonly code: number | null; readonly stderr: string };
}

/** Run `files` (paths relative to `cwd`) in one many-file run with `flags`; see the module's comment. */
export async function runFailingFiles(files: readonly string[], flags: readonly string[], cwd: string): Promise<FailingFilesRun> {
  const outDir = mkdtempSync(join(tmpdir(), "jsson-many-file-run-"));
  try {
    const run = await runCli(["transpile", "--out-dir", outDir, ...flags, ...files], { cwd });
    const reports = reportsByFile(run, files.length);
    const outcomeOf = (file: string): { code: number | null; stderr: string } => {
      const report = reports.get(file);
      return report === undefined ? { code: run.code, stderr: run.stderr } : { code: 1, stderr: report };
    };
    return { run, reports, outcomeOf };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** The sections of the run's stderr, when it ends with exit status 1 and "N files: 0 written, N failed". */
function reportsByFile(run: CliRun, count: number): Map<string, string> {
  const reports = new Map<string, string>();
  const ending = `${count} files: 0 written, ${count} failed\n`;
  if (run.code !== 1 || !run.stderr.endsWith(ending)) return reports;
  const sections = run.stderr.slice(0, -ending.length).split(/^✗ (.+)\n/m);
  if (sections[0] !== "") return reports;
  for (let i = 1; i < sections.length; i += 2) reports.set(sections[i] as string, sections[i + 1] as string);
  return reports;
}
