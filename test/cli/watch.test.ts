/**
 * `--watch` on the real CLI (issue #15 item 5): an edit to an included file
 * shows the new output, a source error is reported and the watch goes on, a
 * newly included file and the schema are watched too, SIGINT ends it with
 * status 0, and a run past `--timeout` is stopped from outside.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawn } from "node:child_process";
import { renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CLI_BIN } from "../support/repo-root.js";
import { startCli, type LiveCli } from "../support/spawn-cli.js";
import { fixtureDir } from "./fixtures.js";
import { waitFor } from "../support/wait-for.js";

/** Number of completed runs so far (one status line each on stderr). */
function runs(live: LiveCli): number {
  return live.stderr().match(/^\[watch \d\d:\d\d:\d\d\] /gm)?.length ?? 0;
}

/** Wait for the run after run `after` (a deadline for a lost change, not a latency bound: a busy machine may take its time). */
function nextRun(live: LiveCli, after: number): Promise<void> {
  return live.waitFor(() => runs(live) > after, 30_000);
}

test("an edit to an included file is picked up; errors keep the watch; SIGINT ends it with 0", async () => {
  const dir = fixtureDir({ "main.jsson": 'include "part.jsson"\nname = "svc"\n', "part.jsson": "port = 1\n" });
  const live = startCli(["main.jsson", "-f", "yaml", "--select", "port", "--watch"], { cwd: dir });
  try {
    await live.waitFor(() => runs(live) === 1);
    assert.is(live.stdout(), "1\n");
    writeFileSync(join(dir, "part.jsson"), "port = 2\n");
    await nextRun(live, 1);
    assert.is(live.stdout(), "1\n2\n");
    writeFileSync(join(dir, "part.jsson"), "port = \n");
    await nextRun(live, 2);
    assert.match(live.stderr(), /Line 1: error in included file "part\.jsson": Line 1: unexpected 'end of file'/);
    assert.match(live.stderr(), /\] failed; watching 2 files/);
    // an editor's save: write a temporary file, rename it over the original
    writeFileSync(join(dir, "part.tmp"), "port = 3\n");
    renameSync(join(dir, "part.tmp"), join(dir, "part.jsson"));
    await nextRun(live, 3);
    assert.is(live.stdout(), "1\n2\n3\n");
  } finally {
    live.signal("SIGINT");
  }
  const end = await live.exited();
  assert.is(end.code, 0, live.stderr());
});

test("a --vars file is watched: an edit to it re-runs with the new variables", async () => {
  const dir = fixtureDir({ "main.jsson": "replicas = n\n", "vars.json": '{"n": 1}' });
  const live = startCli(["main.jsson", "--vars", "vars.json", "--select", "replicas", "--watch"], { cwd: dir });
  try {
    await live.waitFor(() => runs(live) === 1);
    assert.is(live.stdout(), "1\n");
    assert.match(live.stderr(), /ok; watching 2 files/);
    writeFileSync(join(dir, "vars.json"), '{"n": 2}');
    await nextRun(live, 1);
    assert.is(live.stdout(), "1\n2\n");
  } finally {
    live.signal("SIGINT");
  }
  assert.is((await live.exited()).code, 0, live.stderr());
});

test("a file included only after an edit, and the schema, are watched too; output goes to -o", async () => {
  const dir = fixtureDir({ "main.jsson": "a = 1\n", "extra.jsson": "b = 1\n", "schema.json": '{"type":"object"}' });
  const live = startCli(["main.jsson", "-o", "out.json", "-schema", "schema.json", "--watch"], { cwd: dir });
  try {
    await live.waitFor(() => runs(live) === 1);
    assert.match(live.stderr(), /✓ Validation passed against schema\n\[watch [\d:]+\] ok; watching 2 files/);
    writeFileSync(join(dir, "main.jsson"), 'include "extra.jsson"\na = 1\n');
    await nextRun(live, 1);
    assert.match(live.stderr(), /ok; watching 3 files/);
    writeFileSync(join(dir, "extra.jsson"), "b = 2\n");
    await nextRun(live, 2);
    writeFileSync(join(dir, "schema.json"), '{"required":["zzz"]}');
    await nextRun(live, 3);
    assert.match(live.stderr(), /Missing required property: zzz/);
    assert.is(live.stdout(), "");
  } finally {
    live.signal("SIGTERM");
  }
  assert.is((await live.exited()).code, 0, live.stderr());
});

test("on a terminal each run clears the screen first (run under script(1), which gives it a pseudo-terminal)", async () => {
  const dir = fixtureDir({ "main.jsson": "a = 1\n" });
  const child = spawn("script", ["-qec", `'${process.execPath}' '${CLI_BIN}' main.jsson -f yaml --watch`, "/dev/null"], { cwd: dir, stdio: ["pipe", "pipe", "pipe"] });
  let out = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString("utf8")));
  const runsSeen = (): number => out.match(/\[watch /g)?.length ?? 0;
  const until = (n: number): Promise<true> => waitFor(() => runsSeen() >= n, { what: `run ${n}: ${JSON.stringify(out)}` });
  try {
    await until(1);
    writeFileSync(join(dir, "main.jsson"), "a = 2\n");
    await until(2);
    const clear = "\x1b[2J\x1b[3J\x1b[H";
    assert.is(out.split(clear).length - 1, 2, JSON.stringify(out));
    assert.match(out, /\x1b\[H(a: 1)\r?\n/);
    assert.match(out, /\x1b\[H(a: 2)\r?\n/);
  } finally {
    child.kill("SIGKILL");
  }
});

test("--watch needs an input file and one of them", async () => {
  const dir = fixtureDir({ "a.jsson": "a = 1\n" });
  for (const args of [["--watch"], ["a.jsson", "--watch", "--out-dir", "o"]]) {
    const live = startCli(args, { cwd: dir });
    const end = await live.exited(60_000); // a deadline for an exit that never comes, not a bound
    assert.is(end.code, 2, args.join(" "));
    assert.match(live.stderr(), /--watch (needs an input file|takes one input file)/);
  }
});

test("--timeout holds each run of a watch from outside: a run past it ends the watch with status 1 and the limit's message", async () => {
  // an exponential schema check (2^40 steps inside the validator, no work the engine counts)
  const schema = JSON.stringify({ $defs: { n: { type: "object", required: ["x"], properties: { x: { anyOf: [{ $ref: "#/$defs/n" }, { $ref: "#/$defs/n" }] } } } }, $ref: "#/$defs/n" });
  const dir = fixtureDir({ "main.jsson": "x {\n".repeat(40) + "y = 1\n" + "}\n".repeat(40), "schema.json": schema });
  const live = startCli(["main.jsson", "--schema", "schema.json", "--timeout", "1s", "--watch"], { cwd: dir });
  const end = await live.exited(60_000);
  assert.is(end.code, 1, live.stderr());
  assert.match(live.stderr(), /jsson: time limit reached \(--timeout 1000 ms\): the run was stopped\n$/);
});

test.run();
