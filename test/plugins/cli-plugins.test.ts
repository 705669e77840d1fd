/**
 * Plugins through the real CLI binary (spawned): a plugin written in a
 * temporary folder, loaded with `--plugin ./path`, `jsson.config.json` and
 * `JSSON_PLUGINS`; its format everywhere the built-ins appear (`-f`, the
 * unknown-format message, `jsson formats`); every refusal one line on stderr
 * with exit status 2, for the CLI and for `jsson serve` (which then does not
 * start).
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { join } from "node:path";
import { runCli, type CliRun } from "../support/spawn-cli.js";
import { BROKEN_PLUGINS, probePlugin, standalonePlugin, TempTree } from "./plugin-files.js";

const tree = new TempTree("jsson-cli-plugins-");
const proj = tree.dir("proj");
tree.write("proj/my-plugin.mjs", standalonePlugin("jsson-plugin-keys", "keys"));
tree.linkJsson("proj");
tree.write("proj/tools/probe.mjs", probePlugin("jsson-plugin-probe", "probe"));
tree.write("proj/config.jsson", "b = 1\na = 2.5\n");
for (const [file, text] of Object.entries(BROKEN_PLUGINS)) tree.write(`proj/broken/${file}`, text);
// a project whose jsson.config.json lists plugins; commands run from a subfolder
tree.write("withconfig/jsson.config.json", JSON.stringify({ plugins: ["./tools/probe.mjs", "../proj/my-plugin.mjs"] }));
tree.linkJsson("withconfig");
tree.write("withconfig/tools/probe.mjs", probePlugin("jsson-plugin-probe", "probe"));
tree.write("withconfig/sub/in.jsson", "x = [1, 2]\ny = null\n");

/** A refusal: status 2, exactly one line on stderr, nothing on stdout. */
function assertRefused(r: CliRun, expected: string | RegExp): void {
  assert.is(r.code, 2, `status (stderr: ${r.stderr})`);
  assert.is(r.stdout, "");
  const lines = r.stderr.split("\n").filter((l) => l !== "");
  assert.is(lines.length, 1, `one line on stderr: ${JSON.stringify(r.stderr)}`);
  if (typeof expected === "string") assert.is(lines[0], expected);
  else assert.match(lines[0] ?? "", expected);
}

test("--plugin ./path: the format works with -i/-f and with the transpile command", async () => {
  const a = await runCli(["-i", "config.jsson", "-f", "keys", "--plugin", "./my-plugin.mjs"], { cwd: proj });
  assert.is(a.stderr, "");
  assert.is(a.code, 0);
  assert.is(a.stdout, "b,a\n");
  const b = await runCli(["transpile", "config.jsson", "-f", "probe", "-plugin", "./tools/probe.mjs", "--plugin=./my-plugin.mjs"], { cwd: proj });
  assert.is(b.code, 0, b.stderr);
  assert.is(b.stdout, "b:integer\na:float\n");
});

test("jsson.config.json found from a subfolder, paths relative to the config file", async () => {
  const r = await runCli(["-i", "in.jsson", "-f", "probe"], { cwd: tree.dir("withconfig/sub") });
  assert.is(r.code, 0, r.stderr);
  assert.is(r.stdout, "x:array\ny:null\n");
  const k = await runCli(["in.jsson", "-f", "keys"], { cwd: tree.dir("withconfig/sub") });
  assert.is(k.stdout, "x,y\n");
});

test("JSSON_PLUGINS, stdin input", async () => {
  const r = await runCli(["-f", "keys"], { cwd: proj, input: "one = 1\ntwo = 2\n", env: { JSSON_PLUGINS: "./my-plugin.mjs" } });
  assert.is(r.code, 0, r.stderr);
  assert.is(r.stdout, "one,two\n");
});

test("plugin formats are listed by `jsson formats` and named in the unknown-format message", async () => {
  const table = await runCli(["formats", "--plugin", "./my-plugin.mjs"], { cwd: proj });
  assert.is(table.code, 0, table.stderr);
  assert.match(table.stdout, /^keys\s.*\.keys\s+jsson-plugin-keys/m);
  assert.match(table.stdout, /^json\s/m);
  const json = await runCli(["formats", "--json"], { cwd: tree.dir("withconfig/sub") });
  assert.is(json.code, 0, json.stderr);
  const listed = (JSON.parse(json.stdout) as { name: string; plugin: string }[]).map((f) => `${f.name}:${f.plugin}`);
  assert.equal(listed.slice(-2), ["probe:jsson-plugin-probe", "keys:jsson-plugin-keys"]);
  const unknown = await runCli(["-i", "config.jsson", "-f", "nope", "--plugin", "./my-plugin.mjs"], { cwd: proj });
  assertRefused(unknown, /^jsson: unknown format "nope" \(available: json, yaml \(yml\), toml, typescript \(ts\), keys\)/);
});

test("--help lists plugin formats with the built-ins (--plugin; help never reads jsson.config.json)", async () => {
  const help = await runCli(["transpile", "--help", "--plugin", "./my-plugin.mjs"], { cwd: proj });
  assert.is(help.code, 0, help.stderr);
  assert.match(help.stdout, /^\s+yaml \(yml\)\s/m);
  assert.match(help.stdout, /^\s+keys\s.*jsson-plugin-keys/m);
  const configured = await runCli(["--help"], { cwd: tree.dir("withconfig/sub") });
  assert.not.match(configured.stdout, /jsson-plugin-probe/);
  assert.match(configured.stdout, /jsson\.config\.json is not read for help; jsson formats lists its plugins too/);
});

test("without the plugin, its format is unknown (nothing leaks between runs)", async () => {
  const r = await runCli(["-i", "config.jsson", "-f", "keys"], { cwd: proj });
  assertRefused(r, /^jsson: unknown format "keys"/);
});

test("every refusal kind: exit 2, one line naming the plugin and where it came from", async () => {
  const cases: [string, string | RegExp][] = [
    ["./broken/nope.mjs", `jsson: plugin "./broken/nope.mjs" from --plugin: not found (no file ${join(proj, "broken", "nope.mjs")})`],
    ["jsson-plugin-absent", `jsson: plugin "jsson-plugin-absent" from --plugin: not found (no package jsson-plugin-absent in node_modules folders from ${proj} upwards)`],
    ["./broken/not-a-plugin.mjs", 'jsson: plugin "./broken/not-a-plugin.mjs" from --plugin: not a plugin: expected an object with name, version, apiVersion and apply (got a function)'],
    ["./broken/no-export.mjs", 'jsson: plugin "./broken/no-export.mjs" from --plugin: not a plugin: the module has no default export and no "plugin" export'],
    ["./broken/wrong-api.mjs", 'jsson: plugin jsson-plugin-future ("./broken/wrong-api.mjs" from --plugin): requires plugin API version 4, this jsson provides 3'],
    ["./broken/duplicate-format.mjs", 'jsson: plugin jsson-plugin-dup ("./broken/duplicate-format.mjs" from --plugin): format name "yaml" is already registered by plugin jsson-plugin-yaml'],
    ["./broken/apply-throws.mjs", 'jsson: plugin jsson-plugin-boom ("./broken/apply-throws.mjs" from --plugin): apply failed: boom at apply'],
    ["./broken/syntax-error.mjs", /^jsson: plugin "\.\/broken\/syntax-error\.mjs" from --plugin: failed to load: SyntaxError: /],
  ];
  const runs = await Promise.all(cases.map(([spec]) => runCli(["-i", "config.jsson", "--plugin", spec], { cwd: proj })));
  cases.forEach(([, expected], i) => assertRefused(runs[i] as CliRun, expected));
  // the same refusal whatever the command and whatever the source
  assertRefused(await runCli(["formats"], { cwd: proj, env: { JSSON_PLUGINS: "./broken/wrong-api.mjs" } }), 'jsson: plugin jsson-plugin-future ("./broken/wrong-api.mjs" from JSSON_PLUGINS): requires plugin API version 4, this jsson provides 3');
  tree.write("cfgbroken/jsson.config.json", JSON.stringify({ plugins: ["../proj/broken/apply-throws.mjs"] }));
  tree.write("cfgbroken/x.jsson", "a = 1\n");
  assertRefused(
    await runCli(["-i", "x.jsson"], { cwd: tree.dir("cfgbroken") }),
    `jsson: plugin jsson-plugin-boom ("../proj/broken/apply-throws.mjs" from ${join(tree.root, "cfgbroken", "jsson.config.json")}): apply failed: boom at apply`,
  );
});

test("jsson serve refuses to start with a broken plugin", async () => {
  const r = await runCli(["serve", "-port", "0", "-host", "127.0.0.1", "-workers", "1", "-plugin", "./broken/duplicate-format.mjs"], { cwd: proj, timeoutMs: 20_000 });
  assert.is(r.timedOut, false, "the server must not start");
  assert.is(r.code, 2, r.stderr);
  assert.not.match(r.stdout, /listening on/);
  const lines = r.stderr.split("\n").filter((l) => l !== "");
  assert.is(lines.length, 1, r.stderr);
  assert.match(lines[0] ?? "", /plugin jsson-plugin-dup \("\.\/broken\/duplicate-format\.mjs" from -plugin\): format name "yaml" is already registered by plugin jsson-plugin-yaml$/);
});

test.after(() => tree.remove());
test.run();
