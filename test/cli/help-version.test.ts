/** `--help` for every command, `jsson help`, `jsson version` and `jsson formats`, through the real binary. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createEngine, LANGUAGE_VERSION } from "../../index.js";
import { REPO_ROOT } from "../support/repo-root.js";
import { runCli, type CliRun } from "../support/spawn-cli.js";

const commands = readdirSync(join(REPO_ROOT, "dist", "cli", "commands"))
  .filter((f) => f.endsWith(".js"))
  .map((f) => f.slice(0, -3));
/**
 * One run per distinct command line: the tests below read the same help
 * pages (`--help`, `help`, `transpile --help`) for different things, and a
 * second spawn of the same line exercises nothing new (each is an oclif start,
 * ≈0.6 s of CPU).
 */
const started = new Map<string, Promise<CliRun>>();
function cli(args: readonly string[]): Promise<CliRun> {
  const key = JSON.stringify(args);
  const known = started.get(key);
  if (known !== undefined) return known;
  const run = runCli(args);
  started.set(key, run);
  return run;
}
const pkgVersion = (JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { version: string }).version;

test("the expected commands are installed", () => {
  for (const id of ["transpile", "validate", "version", "help", "formats"]) assert.ok(commands.includes(id), id);
});

test("--help works for every command (and -h, -help for transpile)", async () => {
  const runs = await Promise.all(commands.map((id) => cli([id, "--help"])));
  runs.forEach((r, i) => {
    const id = commands[i]!;
    assert.is(r.code, 0, `${id}: ${r.stderr}`);
    assert.match(r.stdout, "USAGE", id);
    // oclif never takes "help" as a help subject: `jsson help --help` is the root help, which lists `help`
    if (id === "help") assert.match(r.stdout, /^  help\s+Show help/m);
    else assert.match(r.stdout, `$ jsson ${id}`, id);
  });
  const short = await Promise.all([cli(["transpile", "-h"]), cli(["-i", "x.jsson", "-help"])]);
  for (const r of short) {
    assert.is(r.code, 0);
    assert.match(r.stdout, "$ jsson transpile [FILE...]");
    assert.match(r.stdout, "--include-merge");
  }
});

test("root help lists the commands: jsson --help, -h, help", async () => {
  const runs = await Promise.all([cli(["--help"]), cli(["-h"]), cli(["help"])]);
  for (const r of runs) {
    assert.is(r.code, 0, r.stderr);
    assert.match(r.stdout, "COMMANDS");
    for (const id of ["transpile", "validate", "version", "formats"]) assert.match(r.stdout, new RegExp(`^  ${id}\\s`, "m"));
  }
  const sub = await cli(["help", "transpile"]);
  assert.is(sub.code, 0);
  assert.match(sub.stdout, "$ jsson transpile [FILE...]");
});

test("version: jsson version, --version, -version, -v", async () => {
  const want = `jsson ${pkgVersion} (language ${LANGUAGE_VERSION})\n`;
  const runs = await Promise.all([["version"], ["--version"], ["-version"], ["-v"]].map((a) => cli(a)));
  for (const r of runs) {
    assert.is(r.code, 0);
    assert.is(r.stdout, want);
  }
});

test("formats lists what the engine registered", async () => {
  const [table, json] = await Promise.all([cli(["formats"]), cli(["formats", "--json"])]);
  assert.is(table.code, 0);
  const engineFormats = createEngine().listFormats();
  for (const f of engineFormats) assert.match(table.stdout, new RegExp(`^${f.name}\\s`, "m"));
  assert.is(json.code, 0);
  assert.equal(JSON.parse(json.stdout), JSON.parse(JSON.stringify(engineFormats)));
});

test("root help shows the reference's command-less invocation; command help does not", async () => {
  const [root, viaHelp, transpile] = await Promise.all([cli(["--help"]), cli(["help"]), cli(["transpile", "--help"])]);
  for (const r of [root, viaHelp]) {
    assert.is(r.code, 0);
    assert.match(r.stdout, /WITHOUT A COMMAND/);
    assert.match(r.stdout, /\$ jsson -i FILE \[-f json\|yaml\|toml\|typescript\|ts\]/);
  }
  assert.not.match(transpile.stdout, /WITHOUT A COMMAND/);
});

test.run();
