/**
 * The worked example of docs/plugins.md, as written there: its files are
 * extracted into a temporary folder and its shell session is replayed
 * against the real CLI, so the guide cannot drift from what jsson does.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { createEngineWithPlugins } from "../../cli/plugin-loader/index.js";
import { REPO_ROOT } from "../support/repo-root.js";
import { runCli } from "../support/spawn-cli.js";
import { TempTree } from "./plugin-files.js";

const guide = readFileSync(join(REPO_ROOT, "docs", "plugins.md"), "utf8");
const tree = new TempTree("jsson-docs-example-");
// the project the guide installs the plugin into has jsson installed (linked: `npm link jsson`)
tree.linkJsson(".");

/** `<!-- file: path -->` followed by a fenced block: the files of the example. */
const files = [...guide.matchAll(/<!-- file: (\S+) -->\n```[^\n]*\n([\s\S]*?)```/g)].map((m) => ({ path: m[1] as string, text: m[2] as string }));

test("the guide's example files are all there", () => {
  assert.equal(files.map((f) => f.path).sort(), ["app.jsson", "jsson-plugin-properties/index.js", "jsson-plugin-properties/package.json", "jsson-plugin-properties/test/format.test.js"]);
  for (const f of files) tree.write(f.path, f.text);
});

test("the guide's shell session gives the output it shows", async () => {
  const session = /```sh\n\$ (jsson -i app\.jsson [^\n]*)\n([\s\S]*?)```/.exec(guide);
  assert.ok(session, "a `$ jsson -i app.jsson …` session");
  const args = (session[1] as string).split(/\s+/).slice(1);
  const r = await runCli(args, { cwd: tree.root });
  assert.is(r.stderr, "");
  assert.is(r.code, 0);
  assert.is(r.stdout, session[2]);
});

test("the guide's HTTP example output and alias", async () => {
  const { engine } = await createEngineWithPlugins({ cwd: tree.root, cliPlugins: ["./jsson-plugin-properties"] });
  const r = engine.transpile("a { b = 1 }", { format: "props" });
  assert.ok(r.ok);
  assert.ok(guide.includes(`"output":${JSON.stringify(r.ok ? r.output : "")},"format":"${r.format}"`), "the curl reply in the guide");
});

test("the guide's test of the example passes: the plugin test kit under node:test, jsson installed as a link", () => {
  const plugin = join(tree.root, "jsson-plugin-properties");
  mkdirSync(join(plugin, "node_modules"));
  symlinkSync(REPO_ROOT, join(plugin, "node_modules", "jsson"), "dir");
  const r = spawnSync(process.execPath, ["test/format.test.js"], { cwd: plugin, encoding: "utf8" });
  const out = `${r.stdout}${r.stderr}`;
  assert.is(r.status, 0, out);
  assert.match(out, /^# fail 0$/m);
  assert.match(out, /^ok \d+ - properties: control-characters: refused with a diagnostic$/m);
  assert.match(out, /^ok \d+ - properties: the output size limit ends the run with a diagnostic$/m);
  assert.ok(Number(/^# tests (\d+)$/m.exec(out)?.[1]) > 40, out);
  // what is skipped is reading back, which the format does not offer
  const skipped = [...out.matchAll(/^ok \d+ - (.*) # SKIP/gm)].map((m) => m[1] ?? "");
  assert.ok(skipped.every((name) => /: (reads back|selected values read back)$/.test(name)), skipped.join("\n"));
});

test.after(() => tree.remove());
test.run();
