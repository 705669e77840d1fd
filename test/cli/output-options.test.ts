/**
 * The output options on the real CLI (issue #15 item 3): -o picks the format
 * from the extension, --select / --documents / --block-strings / --compact /
 * --sort-keys, and their usage errors; the --select path syntax.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { loadAll } from "js-yaml";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseToml } from "smol-toml";
import { parseSelectPath } from "../../cli/argv/select-path.js";
import { selectPathText } from "../../core/index.js";
import { runCli } from "../support/spawn-cli.js";
import { fixtureDir } from "./fixtures.js";

const dir = fixtureDir({
  "app.jsson": `name = "app"
envs = [ { name = dev, replicas = 1 }, { name = prod, replicas = 3 } ]
script = "set -e\\nmake\\n"
"x.y" { b = 1 }
`,
  "plain.jsson": 'name = "app"\nport = 80\n',
});
const app = join(dir, "app.jsson");
const plain = join(dir, "plain.jsson");

test("-o FILE without -f: the format from the extension (case-insensitive; .yml, .ts); -f wins; no extension stays JSON", async () => {
  const cases: [string, (text: string) => void][] = [
    ["out.yaml", (t) => assert.match(t, /^name: app\n/)],
    ["out.YML", (t) => assert.match(t, /^name: app\n/)],
    ["out.toml", (t) => assert.is((parseToml(t) as { name: string }).name, "app")],
    ["out.ts", (t) => assert.match(t, /^export const name = "app" as const;/)],
    ["out", (t) => assert.match(t, /^\{\n {2}"name": "app",/)],
  ];
  for (const [name, check] of cases) {
    const r = await runCli([plain, "-o", join(dir, name)]);
    assert.is(r.code, 0, r.stderr);
    check(readFileSync(join(dir, name), "utf8"));
  }
  const r = await runCli([plain, "-o", join(dir, "forced.yaml"), "-f", "json"]);
  assert.is(r.code, 0, r.stderr);
  assert.match(readFileSync(join(dir, "forced.yaml"), "utf8"), /^\{/);
});

test("-o FILE with an extension no format writes: usage error listing the known extensions, nothing written", async () => {
  const r = await runCli([app, "-o", join(dir, "out.txt")]);
  assert.is(r.code, 2);
  assert.match(r.stderr, /cannot tell the output format from ".*out\.txt": no format writes "\.txt" files \(known: \.json, \.yaml, \.yml, \.toml, \.ts\); give -f FORMAT/);
});

test("-o FILE: a plugin format's extension counts too", async () => {
  const plugin = join(dir, "keys-ext.mjs");
  writeFileSync(
    plugin,
    `export default { name: "jsson-plugin-keysext", version: "1.0.0", apiVersion: 3, apply(host) {
      host.registerFormat({ name: "keysx", extensions: ["keys"], mediaType: "text/plain", emit(root, sink) { for (const k of root.keys) sink.write(k + "\\n"); } });
    } };`,
  );
  const out = join(dir, "out.keys");
  const r = await runCli([app, "--plugin", plugin, "-o", out]);
  assert.is(r.code, 0, r.stderr);
  assert.is(readFileSync(out, "utf8"), "name\nenvs\nscript\nx.y\n");
});

test("--select with --documents writes a YAML stream; --block-strings writes | blocks; the data reads back", async () => {
  const r = await runCli([app, "-f", "yaml", "--select", "envs", "--documents"]);
  assert.is(r.code, 0, r.stderr);
  assert.equal(loadAll(r.stdout), [{ name: "dev", replicas: 1 }, { name: "prod", replicas: 3 }]);
  const b = await runCli([app, "-f", "yaml", "--block-strings", "--select", "envs[1]"]);
  assert.is(b.stdout, "name: prod\nreplicas: 3\n");
  const s = await runCli([app, "-f", "yaml", "--block-strings"]);
  assert.match(s.stdout, /\nscript: \|\n {2}set -e\n {2}make\n/);
});

test("--select: quoted keys, JSON compact, sort-keys, and streaming gives the same bytes", async () => {
  const q = await runCli([app, "--select", '["x.y"].b']);
  assert.is(q.stdout, "1\n");
  const c = await runCli([app, "--compact", "--sort-keys", "--select", "envs"]);
  assert.is(c.stdout, '[{"name":"dev","replicas":1},{"name":"prod","replicas":3}]\n');
  const streamed = await runCli([app, "--compact", "--sort-keys", "--select", "envs", "-stream", "-stream-threshold", "0"]);
  assert.is(streamed.stdout, c.stdout);
});

test("option errors: a flag of another format, a bad path, a path that leads nowhere, a non-object for TOML", async () => {
  const yamlCompact = await runCli([app, "-f", "yaml", "--compact"]);
  assert.is(yamlCompact.code, 2);
  assert.match(yamlCompact.stderr, /--compact is an option of the json format, not of yaml/);
  const jsonDocs = await runCli([app, "--documents"]);
  assert.is(jsonDocs.code, 2);
  assert.match(jsonDocs.stderr, /--documents is an option of the yaml format, not of json/);
  const badPath = await runCli([app, "--select", "envs[x]"]);
  assert.is(badPath.code, 2);
  assert.match(badPath.stderr, /--select "envs\[x\]": expected \.key, \[index\] or \["key"\] at character 5/);
  const nowhere = await runCli([app, "--select", "envs[5]"]);
  assert.is(nowhere.code, 1);
  assert.match(nowhere.stderr, /^Line 2: cannot select envs\[5\]: envs has 2 elements, no index 5\n/);
  const toml = await runCli([app, "-f", "toml", "--select", "envs"]);
  assert.is(toml.code, 1);
  assert.match(toml.stderr, /toml output needs an object at the top; the selected value \(envs\) is an array/);
  const docsOfObject = await runCli([app, "-f", "yaml", "--documents"]);
  assert.is(docsOfObject.code, 1);
  assert.match(docsOfObject.stderr, /YAML documents need an array/);
});

test("--select with -schema validates the selected value (and a YAML stream as the array of its documents)", async () => {
  const schema = join(fixtureDir({ "s.json": '{"type":"array","items":{"required":["name","replicas"]}}' }), "s.json");
  const ok = await runCli([app, "-f", "yaml", "--select", "envs", "--documents", "-schema", schema]);
  assert.is(ok.code, 0, ok.stderr);
  const json = await runCli([app, "--select", "envs", "-schema", schema]);
  assert.is(json.code, 0, json.stderr);
  const wrong = await runCli([app, "--select", "envs[0]", "-schema", schema]);
  assert.is(wrong.code, 2);
  assert.match(wrong.stderr, /\$: Expected type array but got object/);
});

test("the --select path syntax: bare keys, [index], [\"quoted\"], and clear errors", () => {
  assert.equal(parseSelectPath("a.b[2]"), { ok: true, path: ["a", "b", 2] });
  assert.equal(parseSelectPath('a["x.y"][0].my-key'), { ok: true, path: ["a", "x.y", 0, "my-key"] });
  assert.equal(parseSelectPath('["with \\"quote\\""]'), { ok: true, path: ['with "quote"'] });
  assert.equal(parseSelectPath("[3]"), { ok: true, path: [3] });
  assert.equal(parseSelectPath("servers.0"), { ok: true, path: ["servers", "0"] });
  for (const bad of ["", "a.", "a..b", "a[", "a[01]", "a[-1]", "a b", ".a", 'a["x]', "a]", "a[99999999999999999999]"])
    assert.not.ok(parseSelectPath(bad).ok, bad);
  for (const path of [["a", "b", 2], ["x.y", "odd key", 0], ['q"', "é"], [0, "a-b"]] as const) assert.equal(parseSelectPath(selectPathText(path)), { ok: true, path: [...path] });
});

test.run();
