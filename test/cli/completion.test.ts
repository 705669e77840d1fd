/**
 * `jsson completion bash|zsh|fish` (issue #15 item 6) and unknown commands
 * (item 7), on the real CLI. The bash script is checked by bash itself
 * (`bash -n`) and run: its function completes commands, flags, -f values
 * and command arguments. zsh and fish scripts are syntax-checked by those
 * shells where they are installed (`apt-get install zsh fish`); their
 * content is checked everywhere.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { routeArgv, type RouteOptions } from "../../cli/argv/route-argv.js";
import { runCli } from "../support/spawn-cli.js";
import { fixtureDir } from "./fixtures.js";

const dir = fixtureDir({ "config.jsson": "a = 1\n", formats: "b = 2\n" });

async function script(shell: string): Promise<string> {
  const r = await runCli(["completion", shell]);
  assert.is(r.code, 0, r.stderr);
  const file = join(dir, `jsson.${shell}`);
  writeFileSync(file, r.stdout);
  return file;
}

function shellHas(shell: string): boolean {
  return spawnSync(shell, ["-c", "exit 0"]).status === 0;
}

/** What the bash completion function offers for a command line (the last word is being completed). */
function bashComplete(file: string, words: readonly string[]): string[] {
  const quoted = words.map((w) => `'${w}'`).join(" ");
  const r = spawnSync("bash", ["-c", `source '${file}'; COMP_WORDS=(${quoted}); COMP_CWORD=${words.length - 1}; _jsson_complete; printf '%s\\n' "\${COMPREPLY[@]}"`], { cwd: dir, encoding: "utf8" });
  assert.is(r.status, 0, r.stderr);
  return r.stdout.split("\n").filter((l) => l !== "");
}

test("bash: the script parses (bash -n) and completes commands, flags, -f values, choices and files", async () => {
  const file = await script("bash");
  const check = spawnSync("bash", ["-n", file], { encoding: "utf8" });
  assert.is(check.status, 0, check.stderr);
  assert.equal(bashComplete(file, ["jsson", "fo"]), ["formats", "formats"]); // the command, and the file of that name
  assert.equal(bashComplete(file, ["jsson", "se"]), ["serve"]);
  assert.equal(bashComplete(file, ["jsson", "transpile", "--sel"]), ["--select"]);
  assert.equal(bashComplete(file, ["jsson", "config.jsson", "--blo"]), ["--block-strings"]);
  assert.equal(bashComplete(file, ["jsson", "serve", "--po"]), ["--port"]);
  assert.equal(bashComplete(file, ["jsson", "-f", "y"]), ["yaml", "yml"]);
  assert.equal(bashComplete(file, ["jsson", "transpile", "--include-merge", "o"]), ["overwrite"]);
  assert.equal(bashComplete(file, ["jsson", "completion", "z"]), ["zsh"]);
  assert.equal(bashComplete(file, ["jsson", "conf"]), ["config.jsson"]);
  assert.equal(bashComplete(file, ["jsson", "-i", "conf"]), ["config.jsson"]);
});

test("zsh and fish: scripts for their shells, accepted by them where installed", async () => {
  const zsh = await script("zsh");
  const fish = await script("fish");
  const zshText = (await runCli(["completion", "zsh"])).stdout;
  const fishText = (await runCli(["completion", "fish"])).stdout;
  assert.match(zshText, /^#compdef jsson\n/);
  assert.match(zshText, /bashcompinit/);
  assert.match(fishText, /complete -c jsson -n '__fish_use_subcommand' -a 'transpile'/);
  assert.match(fishText, /-l select -r -F -d 'write only the value at PATH/);
  assert.match(fishText, /-l format -s f -x -a 'json yaml yml toml typescript ts'/);
  if (shellHas("zsh")) {
    const r = spawnSync("zsh", ["-n", zsh], { encoding: "utf8" });
    assert.is(r.status, 0, r.stderr);
    const run = spawnSync("zsh", ["-c", `autoload -U compinit && compinit -u; source '${zsh}'; COMP_WORDS=(jsson transpile --sel); COMP_CWORD=2; _jsson_complete; print -l -- $COMPREPLY`], { encoding: "utf8", cwd: dir });
    assert.ok(run.stdout.split("\n").includes("--select"), run.stdout + run.stderr);
  }
  if (shellHas("fish")) {
    const r = spawnSync("fish", ["-n", fish], { encoding: "utf8" });
    assert.is(r.status, 0, r.stderr);
    const run = spawnSync("fish", ["-c", `source '${fish}'; complete -C 'jsson transpile --sel'; complete -C 'jsson fo'`], { encoding: "utf8", cwd: dir });
    assert.match(run.stdout, /^--select\t/m);
    assert.match(run.stdout, /^formats\t/m);
  }
  const bad = await runCli(["completion", "tcsh"]);
  assert.is(bad.code, 2);
});

test("unknown commands: the closest command is suggested, exit 2; files and the reference invocation still work", async () => {
  const typo = await runCli(["fmtt", "x"], { cwd: dir });
  assert.is(typo.code, 2);
  assert.is(typo.stderr, 'jsson: unknown command "fmtt" (did you mean "fmt"?) (see: jsson --help)\n');
  const serv = await runCli(["serv"], { cwd: dir });
  assert.match(serv.stderr, /unknown command "serv" \(did you mean "serve"\?\)/);
  const file = await runCli(["config.jsson", "--compact"], { cwd: dir });
  assert.is(file.stdout, '{"a":1}\n');
  const ref = await runCli(["-i", "config.jsson", "-f", "yaml"], { cwd: dir });
  assert.is(ref.stdout, "a: 1\n");
  // a file whose name looks like a command word is a file, when it exists
  const word = await runCli(["formats", "--json"], { cwd: dir });
  assert.is(word.code, 0); // the command wins over the file of the same name
  const missingPath = await runCli(["conf/x.jsson"], { cwd: dir });
  assert.is(missingPath.code, 1);
  assert.match(missingPath.stderr, /cannot read input file "conf\/x\.jsson"/);
});

test("routing: a command-like word that is no file is an unknown command; paths and existing files are inputs", () => {
  const options: RouteOptions = { commands: new Set(["formats", "serve", "transpile", "validate", "version", "help"]), defaultCommand: "transpile", versionCommand: "version", stdinIsTerminal: false, exists: (p) => p === "config" };
  assert.equal(routeArgv(["fmtt", "x"], options), { id: undefined, rest: ["x"], unknown: { word: "fmtt", closest: undefined } }); // no command is near
  assert.equal(routeArgv(["valdate"], options), { id: undefined, rest: [], unknown: { word: "valdate", closest: "validate" } });
  assert.equal(routeArgv(["verison"], options), { id: undefined, rest: [], unknown: { word: "verison", closest: "version" } });
  assert.equal(routeArgv(["config"], options), { id: "transpile", rest: ["config"] });
  assert.equal(routeArgv(["a.jsson"], options), { id: "transpile", rest: ["a.jsson"] });
  assert.equal(routeArgv(["dir/x"], options), { id: "transpile", rest: ["dir/x"] });
  assert.equal(routeArgv(["-i", "x"], options), { id: "transpile", rest: ["-i", "x"] });
});

test.run();
