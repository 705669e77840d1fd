// Issue #29: the README's way to get a `jsson` command on the PATH. The packed
// tarball installed globally into a temporary prefix (`npm install -g --prefix
// DIR jsson-x.y.z.tgz`, what `npm install -g .` does from a clone), and the
// installed `jsson` found on a PATH that has only that prefix's bin/ and node's
// folder, run on a file in an empty folder.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { execFile } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { freshDir, installedManifest, installOnce } from "./packed-install.js";

const run = promisify(execFile);

/** Run `jsson ARGS` by name, as a shell would find it on a PATH of the prefix's bin/, node's folder and the system's. */
async function jssonOnPath(prefix: string, args: readonly string[], cwd: string): Promise<{ stdout: string; stderr: string }> {
  const env = { PATH: `${join(prefix, "bin")}:${dirname(process.execPath)}:/usr/bin:/bin`, HOME: cwd };
  return run("jsson", [...args], { cwd, env, shell: false });
}

test("npm install -g of the packed tarball puts a jsson on the PATH that transpiles a file", async () => {
  const install = await installOnce("global");
  assert.ok(existsSync(join(install.root, "bin", "jsson")), "DIR/bin/jsson");
  const cwd = freshDir("global-use", true);
  writeFileSync(join(cwd, "app.jsson"), 'name = "api"\nport = 8000 + 80\ntags = [web, public]\n');
  const { stdout } = await jssonOnPath(install.root, ["app.jsson", "-f", "yaml"], cwd);
  assert.is(stdout, "name: api\nport: 8080\ntags:\n  - web\n  - public\n");
  const version = await jssonOnPath(install.root, ["--version"], cwd);
  assert.match(version.stdout, installedManifest(install).version);
});

test("the global install links the man page where man finds it", async () => {
  const install = await installOnce("global");
  const cwd = freshDir("global-man", true);
  const env = { PATH: "/usr/bin:/bin", MANPATH: join(install.root, "share", "man"), MANWIDTH: "100", MANPAGER: "cat", PAGER: "cat", HOME: cwd };
  const { stdout } = await run("man", ["jsson"], { cwd, env });
  assert.match(stdout.replace(/.\x08/g, ""), /jsson - transpile JSSON/);
});

test.run();
