/**
 * CLI file safety (issue #12 item 10): `-o` never names the input file,
 * `-o -` is stdout, and a run ended by a signal leaves nothing in the
 * temporary folder (the spool of a large output included).
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { CLI_BIN } from "../support/repo-root.js";
import { runCli } from "../support/spawn-cli.js";
import { fixtureDir } from "./fixtures.js";
import { waitFor } from "../support/wait-for.js";

const SOURCE = "a = 1\nb = [1, 2]\n";
const dir = fixtureDir({ "in.jsson": SOURCE });
const input = join(dir, "in.jsson");
symlinkSync("in.jsson", join(dir, "link.jsson"));
linkSync(input, join(dir, "hard.jsson"));

test("-o naming the input file (same path, another spelling, a symlink, a hard link) is a usage error; the input is untouched", async () => {
  const cases: string[][] = [
    ["-i", input, "-o", input],
    ["-i", input, "-o", join(dir, ".", "sub", "..", "in.jsson")],
    ["in.jsson", "-o", "./in.jsson", "-f", "yaml"],
    ["-i", input, "-o", join(dir, "link.jsson")],
    ["-i", join(dir, "link.jsson"), "-o", input],
    ["-i", input, "-o", join(dir, "hard.jsson")],
    ["-i", input, "-o", input, "--schema", join(dir, "in.jsson")],
  ];
  mkdirSync(join(dir, "sub"), { recursive: true });
  for (const args of cases) {
    const r = await runCli(args, { cwd: dir });
    assert.is(r.code, 2, `${args.join(" ")}: ${r.stderr}`);
    assert.match(r.stderr, /^jsson: -o ".*" is the input file; write the output elsewhere\n$/);
    assert.is(r.stdout, "");
    assert.is(readFileSync(input, "utf8"), SOURCE, args.join(" "));
  }
});

test("-o - writes to stdout (and creates no file named -)", async () => {
  const r = await runCli(["-i", input, "-o", "-"], { cwd: dir });
  assert.is(r.code, 0, r.stderr);
  assert.equal(JSON.parse(r.stdout), { a: 1, b: [1, 2] });
  assert.not.ok(readdirSync(dir).includes("-"));
});

test("--schema naming a device or a folder: /dev/zero is refused before it is read, a folder too (usage errors)", async () => {
  const zero = await runCli(["-i", input, "--schema", "/dev/zero"], { cwd: dir, timeoutMs: 30_000 });
  assert.is(zero.timedOut, false);
  assert.is(zero.code, 2, zero.stderr);
  assert.match(zero.stderr, /^jsson: cannot read schema file "\/dev\/zero": is not a regular file \(a character device\)\n$/);
  const dirAsSchema = await runCli(["-i", input, "--schema", dir], { cwd: dir });
  assert.is(dirAsSchema.code, 2);
  assert.match(dirAsSchema.stderr, /^jsson: cannot read schema file ".*": is a directory\n$/);
});

/** Whether process `pid` holds a file open under `folder` (its spool). */
/** Bytes in the files under `folder` that process `pid` holds open (a spool, unlinked or not). */
function spooledBytes(pid: number, folder: string): number {
  try {
    return readdirSync(`/proc/${pid}/fd`).reduce((sum, fd) => {
      try {
        return readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith(folder + "/") ? sum + statSync(`/proc/${pid}/fd/${fd}`).size : sum;
      } catch {
        return sum;
      }
    }, 0);
  } catch {
    return 0;
  }
}

function holdsFileUnder(pid: number, folder: string): boolean {
  try {
    return readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith(folder + "/");
      } catch {
        return false;
      }
    });
  } catch {
    return false;
  }
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  test(`${signal} during a run whose output spilled to a temporary file leaves the temporary folder empty`, async () => {
    const tmp = mkdtempSync(join(tmpdir(), "jsson-tmpdir-"));
    try {
      const child = spawn(process.execPath, [CLI_BIN, "-i", "-", "--timeout", "60s"], { env: { ...process.env, TMPDIR: tmp }, stdio: ["pipe", "ignore", "pipe"] });
      child.stdin.end("xs = 1..5000000\n");
      const exited = once(child, "exit");
      const pid = child.pid!;
      // wait until the spool is on disk (more than 4 MiB of output) and growing, then signal
      await waitFor(() => holdsFileUnder(pid, tmp) || child.exitCode !== null, { what: "the spool file" });
      assert.ok(holdsFileUnder(pid, tmp), "the run spooled to the temporary folder");
      await waitFor(() => spooledBytes(pid, tmp) > 1 << 20 || child.exitCode !== null, { what: "a MiB in the spool" });
      child.kill(signal);
      const [code, sig] = await exited;
      assert.ok(sig === signal || code !== 0, `ended by ${String(sig)} / ${String(code)}`);
      const left = readdirSync(tmp, { recursive: true });
      assert.equal(left, [], `nothing left in the temporary folder: ${left.join(", ")}`);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });
}

test.after(() => rmSync(dir, { recursive: true, force: true }));

test.run();
