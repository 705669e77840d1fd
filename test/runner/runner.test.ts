/**
 * test/run.mjs isolates files (issue #27): each file runs in a process of its
 * own, so a file that blocks its event loop for 70 s (fixtures/blocks-loop)
 * is stopped at the per-file limit, reported by name, its process group
 * (with the child it started) killed, and the files beside it (an HTTP round
 * trip, a child process, a deliberate failure) counted as they are.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REPO_ROOT } from "../support/repo-root.js";
import { waitFor } from "../support/wait-for.js";

const FIXTURES = join(REPO_ROOT, "dist", "test", "runner", "fixtures");

/** Whether `pid` is a live process (a zombie has ended). */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

function runRunner(args: readonly string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string }> {
  const child = spawn(process.execPath, [join(REPO_ROOT, "test", "run.mjs"), ...args], { cwd: REPO_ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
  let stdout = "";
  child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
  return new Promise((done) => child.on("close", (code) => done({ code, stdout })));
}

test("a file blocking its event loop for 70 s is timed out by name, its process group killed; the other files' results stand", async () => {
  const dir = mkdtempSync(join(tmpdir(), "jsson-runner-"));
  try {
    const pidFile = join(dir, "child.pid");
    // the blocking fixture's own limit (8 s, a line in the file) is far below its 70 s block; the two other
    // fixtures (a node start, an HTTP round trip, a child process) have the runner's limit, set here to
    // 120 s: a deadline they meet however busy the machine is
    const r = await runRunner(["--root", FIXTURES], { JSSON_TEST_FILE_LIMIT_S: "120", JSSON_TEST_JOBS: "2", JSSON_FIXTURE_CHILD_PID: pidFile });
    const lines = r.stdout.trimEnd().split("\n");
    assert.is(lines.at(-1), "3 passed, 2 failed", r.stdout);
    assert.is(r.code, 1);
    assert.match(r.stdout, /^── blocks-loop\.test\.js: 0 passed, timed out after 8 s: killed with its process group \(/m);
    assert.match(r.stdout, /^ {2}blocks-loop\.test\.js: timed out after 8 s/m, "named again in the list of failed files");
    // the table of the slowest files (at most ten), slowest first: the stopped file took the limit, the others less
    const table = lines.slice(lines.findIndex((l) => /^Slowest files \(3 files, 2 at once, \d+ s in all, \d+ s of CPU\):$/.test(l)) + 1).filter((l) => /^ +[\d.]+ s {2}/.test(l));
    // a row: wall seconds, CPU seconds ("—" for a killed file), the file, its problem if any
    const rows = table.map((l) => ({ seconds: Number(l.trim().split(/\s+/)[0]), cpu: l.trim().split(/\s+/)[2], file: l.trim().split(/\s+/)[4] }));
    assert.equal(rows.map((x) => x.file).sort(), ["blocks-loop.test.js", "fails.test.js", "passes.test.js"], r.stdout);
    assert.is(rows[0]?.file, "blocks-loop.test.js", r.stdout);
    // the CPU time of each file's process tree, which a killed file never reported
    assert.equal(rows.map((x) => /^\d+\.\d$/.test(x.cpu ?? "")), [false, true, true], r.stdout);
    assert.is(rows[0]?.cpu, "—", r.stdout);
    assert.ok(rows.every((x, i) => i === 0 || x.seconds <= (rows[i - 1]?.seconds ?? 0)), `slowest first: ${r.stdout}`);
    assert.match(r.stdout, /^── passes\.test\.js: 2 passed \(/m);
    assert.match(r.stdout, /^── fails\.test\.js: 1 passed, 1 failed \(/m);
    assert.match(r.stdout, /the fixture's deliberate failure/, "a failing file's output is shown");
    const childPid = Number(readFileSync(pidFile, "utf8"));
    await waitFor(() => !alive(childPid), { what: `the blocked file's child (pid ${childPid}) to be gone` });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a pattern picks files by their compiled path; a path under test/ works too; the last line counts only them", async () => {
  const byRegex = await runRunner(["--root", FIXTURES, "^pass"], {});
  assert.is(byRegex.stdout.trimEnd().split("\n").at(-1), "2 passed, 0 failed", byRegex.stdout);
  assert.is(byRegex.code, 0);
  const byPath = await runRunner(["--root", FIXTURES, "test/runner/fixtures/fails.test.ts"], {});
  assert.is(byPath.stdout.trimEnd().split("\n").at(-1), "1 passed, 1 failed", byPath.stdout);
  const none = await runRunner(["--root", FIXTURES, "no-such-file"], {});
  assert.is(none.stdout.trimEnd().split("\n").at(-1), "0 passed, 1 failed", "a pattern matching nothing is a failure, not a silent pass");
});

test.run();
