/**
 * The CLI gives the engine's bytes: every 10th conformance case (and every
 * case with an include merge mode or streaming option), in every format it
 * lists, through the spawned `bin/jsson.js` with the Go-style flags of the
 * reference invocation. Runs are started a few at a time up front; each
 * test awaits its own.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readConformanceCases, type ConformanceCase } from "../support/conformance-cases.js";
import { pool } from "../support/pool.js";
import { runCli, type CliRun } from "../support/spawn-cli.js";
import { whenShared } from "../support/shared-folder.js";

const PARALLEL = 3;
const cases = readConformanceCases().filter((c, i) => i % 10 === 0 || c.options.includeMerge !== undefined || c.options.stream !== undefined);

function argsFor(c: ConformanceCase, format: string): string[] {
  const args = ["-i", c.inputPath, "-f", format];
  if (c.options.includeMerge) args.push("-include-merge", c.options.includeMerge);
  if (c.options.stream) args.push("-stream");
  if (c.options.streamThreshold !== undefined) args.push("-stream-threshold", String(c.options.streamThreshold));
  return args;
}

interface Job {
  readonly c: ConformanceCase;
  readonly format: string;
  readonly expected?: string;
}

const jobs: Job[] = [];
for (const c of cases) {
  for (const [format, expected] of Object.entries(c.expected)) jobs.push({ c, format, expected });
  if (c.expectedError) jobs.push({ c, format: c.options.format ?? "json" });
}
const runs = pool(
  jobs.map((j) => () => runCli(argsFor(j.c, j.format))),
  PARALLEL,
);

jobs.forEach((job, i) => {
  test(`CLI ${job.c.name} [${job.expected === undefined ? "error" : job.format}]`, async () => {
    const r: CliRun = await runs[i]!;
    if (job.expected !== undefined) {
      // a success writes nothing on stderr but its warnings (LANGUAGE.md §16.5: a few cases warn on purpose)
      assert.is(r.stderr.split("\n").filter((l) => l !== "" && !/^warning: |^  (-->| *\d* \|)/.test(l)).join("\n"), "", "nothing on stderr but warnings");
      assert.is(r.code, 0);
      assert.fixture(r.stdout, job.expected);
    } else {
      assert.is(r.code, 1, `exit status (stderr: ${r.stderr})`);
      assert.is(r.stdout, "", "nothing on stdout");
      for (const fragment of job.c.expectedError ?? []) assert.ok(r.stderr.includes(fragment), `missing fragment\n  ${fragment}\nin\n${r.stderr}`);
    }
  });
});

whenShared("conformance", test)("the sample covers every kind of case", () => {
  assert.ok(jobs.some((j) => j.expected === undefined), "an error case");
  for (const f of ["json", "yaml", "toml", "ts"]) assert.ok(jobs.some((j) => j.format === f && j.expected !== undefined), `a ${f} case`);
});

test.run();
