/**
 * The plugin loader with real files in temporary folders: where plugins are
 * asked for (config, environment, flags), how names and paths resolve from
 * the user's project, every refusal as one line naming plugin and origin,
 * and the same engine rebuilt in a worker thread from the resolved URLs.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { collectPluginRequests, createEngineWithPlugins, loadPlugins, PluginLoadError, splitPluginList, type LoadPluginsOptions } from "../../cli/plugin-loader/index.js";
import { API2_PLUGINS, BROKEN_PLUGINS, probePlugin, standalonePlugin, TempTree } from "./plugin-files.js";

const tree = new TempTree("jsson-loader-");

async function refusal(options: LoadPluginsOptions): Promise<string> {
  try {
    await createEngineWithPlugins(options);
  } catch (e) {
    assert.instance(e, PluginLoadError, String(e));
    const message = (e as Error).message;
    assert.not.match(message, /\n/, "one line");
    return message;
  }
  throw new Error("expected a refusal");
}

test("sources: config (found walking up), then JSSON_PLUGINS, then flags; config paths from its folder", () => {
  const proj = tree.dir("order");
  tree.write("order/jsson.config.json", JSON.stringify({ plugins: ["./from-config.mjs"], other: true }));
  const cwd = tree.dir("order/a/b");
  const { requests, configFile } = collectPluginRequests({ cwd, env: { JSSON_PLUGINS: "env-one, ./env-two.mjs" }, cliPlugins: ["flag-one"] });
  assert.is(configFile, join(proj, "jsson.config.json"));
  assert.equal(
    requests.map((r) => [r.specifier, r.source, r.base, r.where]),
    [
      ["./from-config.mjs", "config", proj, join(proj, "jsson.config.json")],
      ["env-one", "env", cwd, "JSSON_PLUGINS"],
      ["./env-two.mjs", "env", cwd, "JSSON_PLUGINS"],
      ["flag-one", "flag", cwd, "--plugin"],
    ],
  );
  assert.equal(collectPluginRequests({ cwd, config: false }).requests, []);
});

test("JSSON_PLUGINS splits on commas and the path delimiter", () => {
  assert.equal(splitPluginList(" a ,b:./c.mjs,, "), ["a", "b", "./c.mjs"]);
  assert.equal(splitPluginList(""), []);
});

test("paths: file, file without extension, package folder, file: URL, name ending in .mjs; asked twice, loaded once", async () => {
  tree.write("paths/plug.mjs", standalonePlugin("p-file", "keys-a"));
  tree.write("paths/noext.js", standalonePlugin("p-noext", "keys-b"));
  tree.write("paths/pkgdir/package.json", JSON.stringify({ name: "pkgdir", type: "module", exports: { ".": { import: "./lib/main.js" } } }));
  tree.write("paths/pkgdir/lib/main.js", standalonePlugin("p-dir", "keys-c"));
  const url = pathToFileURL(tree.write("paths/url.mjs", standalonePlugin("p-url", "keys-d"))).href;
  const cwd = tree.dir("paths");
  const loaded = await loadPlugins({ cwd, cliPlugins: ["./plug.mjs", "./noext", "./pkgdir", url, "plug.mjs"] });
  assert.equal(loaded.resolved.map((r) => r.url.slice(pathToFileURL(cwd).href.length)), ["/plug.mjs", "/noext.js", "/pkgdir/lib/main.js", "/url.mjs"]);
  assert.equal(loaded.resolved[0]?.origin, '"./plug.mjs" from --plugin');
  const { engine } = await createEngineWithPlugins({ cwd, cliPlugins: ["./plug.mjs", "./noext", "./pkgdir", url] });
  const r = engine.transpile("b = 1\na = 2\n", { format: "keys-c" });
  assert.equal(r.ok && r.output, "b,a\n");
});

test("names resolve from the project's node_modules (walking up), jsson-plugin- prefix first, import-only exports", async () => {
  const proj = tree.dir("names");
  tree.write("names/node_modules/jsson-plugin-short/package.json", JSON.stringify({ name: "jsson-plugin-short", type: "module", exports: { ".": { import: "./esm.js", require: "./missing.cjs" } } }));
  tree.write("names/node_modules/jsson-plugin-short/esm.js", standalonePlugin("jsson-plugin-short", "short"));
  tree.write("names/node_modules/@acme/jsson-plugin-x/package.json", JSON.stringify({ name: "@acme/jsson-plugin-x", type: "module", main: "entry.js" }));
  tree.write("names/node_modules/@acme/jsson-plugin-x/entry.js", standalonePlugin("@acme/jsson-plugin-x", "acme"));
  tree.write("names/node_modules/plainname/package.json", JSON.stringify({ name: "plainname", type: "module" }));
  tree.write("names/node_modules/plainname/index.js", standalonePlugin("plainname", "plain"));
  const cwd = tree.dir("names/deep/er");
  const { engine, resolved } = await createEngineWithPlugins({ cwd, cliPlugins: ["short", "@acme/jsson-plugin-x"], env: { JSSON_PLUGINS: "plainname" } });
  assert.equal(resolved.map((r) => r.url.slice(pathToFileURL(proj).href.length)), [
    "/node_modules/plainname/index.js",
    "/node_modules/jsson-plugin-short/esm.js",
    "/node_modules/@acme/jsson-plugin-x/entry.js",
  ]);
  assert.equal(engine.listFormats().slice(-3).map((f) => `${f.name}:${f.plugin}`), ["plain:plainname", "short:jsson-plugin-short", "acme:@acme/jsson-plugin-x"]);
});

test("CommonJS plugins and a named `plugin` export are accepted", async () => {
  tree.write("shapes/cjs.cjs", `module.exports = { name: "p-cjs", version: "1.0.0", apiVersion: 3, apply(h) { h.registerFormat({ name: "cjs", extensions: ["c"], mediaType: "text/plain", emit(r, s) { s.write("c"); } }); } };\n`);
  tree.write("shapes/transpiled.cjs", `"use strict"; Object.defineProperty(exports, "__esModule", { value: true }); exports.default = { name: "p-ts", version: "1.0.0", apiVersion: 3, apply() {} };\n`);
  tree.write("shapes/named.mjs", `export const plugin = { name: "p-named", version: "1.0.0", apiVersion: 3, apply() {} };\n`);
  const { engine } = await createEngineWithPlugins({ cwd: tree.dir("shapes"), cliPlugins: ["./cjs.cjs", "./transpiled.cjs", "./named.mjs"] });
  assert.equal(engine.loadedPlugins.slice(-3).map((p) => p.name), ["p-cjs", "p-ts", "p-named"]);
});

test("refusals: each kind is one line naming the plugin and where it was asked for", async () => {
  const cwd = tree.dir("broken");
  for (const [file, text] of Object.entries(BROKEN_PLUGINS)) tree.write(`broken/${file}`, text);
  const flag = (spec: string) => refusal({ cwd, cliPlugins: [spec] });
  assert.is(await flag("./nope.mjs"), `plugin "./nope.mjs" from --plugin: not found (no file ${join(cwd, "nope.mjs")})`);
  assert.is(await flag("nope"), `plugin "nope" from --plugin: not found (no package jsson-plugin-nope or nope in node_modules folders from ${cwd} upwards)`);
  assert.is(await flag("./not-a-plugin.mjs"), 'plugin "./not-a-plugin.mjs" from --plugin: not a plugin: expected an object with name, version, apiVersion and apply (got a function)');
  assert.is(await flag("./no-export.mjs"), 'plugin "./no-export.mjs" from --plugin: not a plugin: the module has no default export and no "plugin" export');
  assert.is(await flag("./wrong-api.mjs"), 'plugin jsson-plugin-future ("./wrong-api.mjs" from --plugin): requires plugin API version 4, this jsson provides 3');
  assert.is(await flag("./duplicate-format.mjs"), 'plugin jsson-plugin-dup ("./duplicate-format.mjs" from --plugin): format name "yaml" is already registered by plugin jsson-plugin-yaml');
  assert.is(await flag("./apply-throws.mjs"), 'plugin jsson-plugin-boom ("./apply-throws.mjs" from --plugin): apply failed: boom at apply');
  assert.match(await flag("./syntax-error.mjs"), /^plugin "\.\/syntax-error\.mjs" from --plugin: failed to load: SyntaxError: /);
  assert.is(await refusal({ cwd, env: { JSSON_PLUGINS: "./wrong-api.mjs" } }), 'plugin jsson-plugin-future ("./wrong-api.mjs" from JSSON_PLUGINS): requires plugin API version 4, this jsson provides 3');
  tree.write("broken/cfg/jsson.config.json", JSON.stringify({ plugins: ["../apply-throws.mjs"] }));
  assert.is(
    await refusal({ cwd: join(cwd, "cfg") }),
    `plugin jsson-plugin-boom ("../apply-throws.mjs" from ${join(cwd, "cfg", "jsson.config.json")}): apply failed: boom at apply`,
  );
});

test("a broken jsson.config.json is refused with its path", async () => {
  tree.write("badcfg/a/jsson.config.json", "{ plugins: [] }");
  tree.write("badcfg/b/jsson.config.json", JSON.stringify({ plugins: "jsson-plugin-dotenv" }));
  assert.match(await refusal({ cwd: tree.dir("badcfg/a") }), new RegExp(`^${escape(join(tree.root, "badcfg/a/jsson.config.json"))}: not valid JSON: `));
  assert.is(await refusal({ cwd: tree.dir("badcfg/b") }), `${join(tree.root, "badcfg/b/jsson.config.json")}: "plugins" must be an array of plugin names or paths (non-empty strings)`);
});

test("a plugin needs no class identity: it reads the tree with another copy of jsson/plugin; with no jsson to import it is refused", async () => {
  // the project's own, separate copy of jsson (its modules are not the engine's)
  tree.copyJsson("copies");
  tree.write("copies/probe.mjs", probePlugin("p-probe", "probe"));
  // a value transform there builds its values with host.values (the running jsson's)
  tree.write(
    "copies/upper.mjs",
    `import { API_VERSION, definePlugin, isFloatValue } from "jsson/plugin";
export default definePlugin({ name: "p-upper", version: "1.0.0", apiVersion: API_VERSION, apply(host) {
  host.hooks.evaluated.tap("p-upper", (root) => host.values.object([...root.entries].map(([k, v]) => [k.toUpperCase(), isFloatValue(v) ? host.values.float(v.value + 1) : v])));
} });
`,
  );
  const { engine } = await createEngineWithPlugins({ cwd: tree.dir("copies"), cliPlugins: ["./probe.mjs", "./upper.mjs"] });
  const r = engine.transpile('f = 1.5\ni = 2\no { x = 1 }\nr = 1..3\ns = "t"\n', { format: "probe" });
  assert.equal(r.ok && r.output, "F:float\nI:integer\nO:object\nR:array\nS:string\n");
  const json = engine.transpile("f = 1.5\n", { format: "json" });
  assert.equal(json.ok && json.output, '{\n  "F": 2.5\n}\n');
  // a plugin in a folder with no jsson anywhere above (tmpdir): Node's "cannot find", and what to do
  tree.write("bare/probe2.mjs", probePlugin("p-probe2", "probe2"));
  assert.match(await refusal({ cwd: tree.dir("bare"), cliPlugins: ["./probe2.mjs"] }), /^plugin "\.\/probe2\.mjs" from --plugin: failed to load: .*Cannot find package 'jsson'.*; install jsson where the plugin can import it \(it is the plugin's peer dependency: npm install jsson in the project, or npm link jsson\)$/);
});

test("a plugin written for API 2 is refused with what to change, whether it gets to declare its version or fails on an import API 3 dropped", async () => {
  tree.linkJsson("v2");
  for (const [name, text] of Object.entries(API2_PLUGINS)) tree.write(`v2/${name}`, text);
  const cwd = tree.dir("v2");
  const declared = await refusal({ cwd, cliPlugins: ["./v2-kinds.mjs"] });
  assert.ok(declared.startsWith('plugin jsson-plugin-v2-kinds ("./v2-kinds.mjs" from --plugin): requires plugin API version 2, this jsson provides 3; to update it: '), declared);
  const imported = await refusal({ cwd, cliPlugins: ["./v2-classes.mjs"] });
  assert.ok(imported.startsWith('plugin "./v2-classes.mjs" from --plugin: failed to load: SyntaxError: '), imported);
  assert.match(imported, /export named '(ObjectValue|IntRange)'.*jsson's plugin API 3 has no (ObjectValue|IntRange) \(a plugin written for API 2\?\); to update it: /);
  for (const message of [declared, imported]) {
    for (const step of ["kindOf", "instead of instanceof", "host.values.object/float", "IntRange", "declare apiVersion: 3", 'docs/plugins.md, "From API 2 to 3"']) assert.ok(message.includes(step), `${step} in ${message}`);
  }
});

test("worker threads rebuild the same engine from the resolved URLs", async () => {
  tree.linkJsson("worker");
  tree.write("worker/probe.mjs", probePlugin("p-worker", "wprobe"));
  const { resolved } = await createEngineWithPlugins({ cwd: tree.dir("worker"), cliPlugins: ["./probe.mjs"] });
  const script = tree.write(
    "worker/run.mjs",
    `import { parentPort, workerData } from "node:worker_threads";
const { createEngineFromResolved } = await import(workerData.loader);
const engine = await createEngineFromResolved(workerData.resolved);
const r = engine.transpile("a = 1.5\\n", { format: "wprobe" });
parentPort.postMessage({ formats: engine.listFormats().map((f) => f.name), output: r.ok ? r.output : r.diagnostics[0].message });
`,
  );
  const loader = new URL("../../cli/plugin-loader/index.js", import.meta.url).href;
  const reply = await new Promise<{ formats: string[]; output: string }>((resolve, reject) => {
    const worker = new Worker(script, { workerData: { loader, resolved } });
    worker.once("message", (m: { formats: string[]; output: string }) => {
      resolve(m);
      void worker.terminate();
    });
    worker.once("error", reject);
  });
  assert.equal(reply, { formats: ["json", "yaml", "toml", "typescript", "wprobe"], output: "a:float\n" });
});

test.after(() => tree.remove());

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

test.run();
