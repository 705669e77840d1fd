/**
 * A non-blocking stdin (a parent sharing the pipe set O_NONBLOCK on it, or
 * something in the process created `process.stdin`: here a `--require`
 * module does) is read as the writer writes: the CLI's reader makes it
 * blocking at its first EAGAIN and waits in the kernel, instead of sleeping
 * and retrying (cli/io/read-input.ts). The spawned binary's voluntary context
 * switches (counted by the same module at exit) show the difference without
 * timing anything: a poll every few ms switches hundreds of times while the
 * writer pauses; a blocked read once.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { CLI_BIN } from "../support/repo-root.js";
import { runCli } from "../support/spawn-cli.js";
import { fixtureDir } from "./fixtures.js";

const dir = fixtureDir({});
const PRELOAD = join(dir, "nonblocking-stdin.cjs");
writeFileSync(
  PRELOAD,
  `process.stdin; // creating it makes a piped fd 0 non-blocking
process.on("exit", () => require("node:fs").writeFileSync(process.env.SWITCHES_OUT, String(process.resourceUsage().voluntaryContextSwitches)));
`,
);
let runs = 0;

/** What a fed run did. */
interface FedRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Voluntary context switches of the CLI process over its life. */
  readonly switches: number;
}

/**
 * Run the CLI with a non-blocking stdin, writing `pieces` to it in order: a
 * string is written (waiting for the pipe to drain), a number is a pause in ms.
 */
async function fed(args: readonly string[], pieces: readonly (string | number)[]): Promise<FedRun> {
  const switchesOut = join(dir, `switches-${runs++}.txt`);
  const child = spawn(process.execPath, ["--require", PRELOAD, CLI_BIN, ...args], {
    env: { ...process.env, SWITCHES_OUT: switchesOut },
    stdio: ["pipe", "pipe", "pipe"],
  });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on("data", (d: Buffer) => out.push(d));
  child.stderr.on("data", (d: Buffer) => err.push(d));
  child.stdin.on("error", () => {}); // the CLI stops reading at its limit
  const killer = setTimeout(() => child.kill("SIGKILL"), 60_000);
  const ended = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  let exited = false;
  void ended.then(() => (exited = true));
  for (const piece of pieces) {
    if (exited) break;
    if (typeof piece === "number") await sleep(piece);
    else if (!child.stdin.write(piece)) await Promise.race([new Promise((resolve) => child.stdin.once("drain", resolve)), ended]);
  }
  child.stdin.end();
  const code = await ended;
  clearTimeout(killer);
  return { code, stdout: Buffer.concat(out).toString("utf8"), stderr: Buffer.concat(err).toString("utf8"), switches: Number(readFileSync(switchesOut, "utf8")) };
}

test("a writer that pauses: the input is read whole, and the reader waits without polling", async () => {
  const pieces = ["a = 1\n", 1500, "b = [1, 2]\n", 1500, 'c { d = "x" }\n'];
  const r = await fed(["-f", "yaml"], pieces);
  const source = pieces.filter((p) => typeof p === "string").join("");
  writeFileSync(join(dir, "whole.jsson"), source);
  const fromFile = await runCli(["-i", join(dir, "whole.jsson"), "-f", "yaml"]);
  assert.is(r.code, 0, r.stderr);
  assert.is(r.stdout, fromFile.stdout);
  // Polling every 5 ms through 3 s of pauses switched ~600 times; a blocked read wakes once per piece.
  // Counted against the same input without pauses: the process's own start-up switches (module loading
  // from dist/ when the bundle is stale, the thread pool) vary by a few hundred, and are the same in both.
  const unpaused = await fed(["-f", "yaml"], pieces.filter((p) => typeof p === "string"));
  assert.ok(r.switches - unpaused.switches < 150, `${r.switches} voluntary context switches, ${unpaused.switches} without the pauses`);
});

test("many small bursts: the same output as the text from a file (validate and fmt read stdin the same way)", async () => {
  const lines = Array.from({ length: 200 }, (_, i) => `k${i} = ${i}\n`);
  const pieces = lines.flatMap((line, i) => (i % 10 === 9 ? [line, 5] : [line]));
  const transpiled = await fed(["-f", "toml"], pieces);
  writeFileSync(join(dir, "lines.jsson"), lines.join(""));
  assert.is(transpiled.code, 0, transpiled.stderr);
  assert.is(transpiled.stdout, (await runCli(["-i", join(dir, "lines.jsson"), "-f", "toml"])).stdout);
  const checked = await fed(["validate", "-"], pieces);
  assert.equal([checked.code, checked.stdout + checked.stderr], [0, "✓ Syntax OK: <stdin>\n"]);
  const formatted = await fed(["fmt", "-"], pieces);
  assert.equal([formatted.code, formatted.stdout], [0, lines.join("")]);
});

test("the bound holds: a 50 MB non-blocking stdin is refused on its line, as a blocking one is", async () => {
  const line = "# " + "x".repeat(97) + "\n";
  const mebibyte = line.repeat(Math.ceil((1 << 20) / line.length));
  const r = await fed(["-f", "yaml"], Array.from({ length: 50 }, () => mebibyte));
  assert.is(r.code, 1, r.stderr.slice(0, 300));
  assert.is(r.stdout, "");
  assert.match(r.stderr, /^Line \d+: source too large \(limit \d+ characters\)/);
});

test.run();
