/**
 * Engine.use, the one path every plugin takes (built-in or third-party):
 * each refusal is one line naming the plugin (and its origin when given), and
 * a refused plugin leaves the engine exactly as it was.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createEngine, Engine, PluginError } from "../../index.js";
import { BUILTIN_PLUGINS } from "../../plugins/builtins.js";
import { API_VERSION, defineFormat, definePlugin, type OutputFormat } from "../../core/plugin/index.js";

function format(name: string, extra: Partial<OutputFormat> = {}): OutputFormat {
  return defineFormat({ name, extensions: [name], mediaType: "text/plain", emit: (root, sink) => sink.write(`${name}:${root.size}\n`), ...extra });
}

function refusal(engine: Engine, candidate: unknown, origin?: string): string {
  try {
    engine.use(candidate, origin);
  } catch (e) {
    assert.instance(e, PluginError);
    const message = (e as Error).message;
    assert.not.match(message, /\n/, "one line");
    return message;
  }
  throw new Error("expected a refusal");
}

test("built-ins go through use(): their formats and plugin names are listed", () => {
  const engine = createEngine();
  assert.equal(
    engine.listFormats().map((f) => `${f.name}:${f.plugin}`),
    ["json:jsson-plugin-json", "yaml:jsson-plugin-yaml", "toml:jsson-plugin-toml", "typescript:jsson-plugin-typescript"],
  );
  assert.equal(engine.loadedPlugins.map((p) => p.name), BUILTIN_PLUGINS.map((p) => p.name));
  assert.equal(engine.listSchemaTypes(), ["json-schema"]);
});

test("a valid plugin adds its format, aliases included, case-insensitively", () => {
  const engine = createEngine();
  engine.use(definePlugin({ name: "p-ok", version: "1.0.0", apiVersion: API_VERSION, apply: (h) => h.registerFormat(format("Shout", { aliases: ["LOUD"] })) }));
  assert.equal(engine.canonicalFormat("loud"), "shout");
  const r = engine.transpile("a = 1\nb = 2\n", { format: "LOUD" });
  assert.equal(r.ok && r.output, "Shout:2\n");
  assert.equal(engine.listFormats().at(-1), { name: "shout", aliases: ["loud"], extensions: ["Shout"], mediaType: "text/plain", description: "", plugin: "p-ok" });
});

test("not a plugin: non-objects and objects missing members, named by origin or name", () => {
  const engine = createEngine();
  assert.equal(refusal(engine, "jsson-plugin-x", '"./x.mjs" from --plugin'), 'plugin "./x.mjs" from --plugin: not a plugin: expected an object with name, version, apiVersion and apply (got a string)');
  assert.equal(refusal(engine, () => {}), "plugin (unnamed): not a plugin: expected an object with name, version, apiVersion and apply (got a function)");
  assert.equal(
    refusal(engine, { name: "p-half", apiVersion: 1 }, "here"),
    "plugin p-half (here): not a plugin: expected an object with name, version, apiVersion and apply; missing or wrong: version (a string), apply (a function)",
  );
});

test("wrong or missing apiVersion", () => {
  const engine = createEngine();
  const apply = () => {};
  assert.equal(refusal(engine, { name: "p-old", version: "1.0.0", apiVersion: 99, apply }, "o"), `plugin p-old (o): requires plugin API version 99, this jsson provides ${API_VERSION}`);
  assert.equal(refusal(engine, { name: "p-str", version: "1.0.0", apiVersion: "1", apply }), `plugin p-str: requires plugin API version "1", this jsson provides ${API_VERSION}`);
  assert.match(refusal(engine, { name: "p-none", version: "1.0.0", apply }), /missing or wrong: apiVersion \(a number\)/);
});

test("a plugin written for API 1 is refused with what to change", () => {
  const engine = createEngine();
  const message = refusal(engine, { name: "p-v1", version: "1.0.0", apiVersion: 1, apply: () => {} }, "o");
  assert.ok(message.startsWith(`plugin p-v1 (o): requires plugin API version 1, this jsson provides ${API_VERSION}; to update it: `), message);
  for (const step of ["TextWriter.write(text)", "ObjectValue.keys/values as read-only", "ObjectValue.weight", "From API 1 to 2", "instead of instanceof", "apiVersion: 3", "From API 2 to 3"]) assert.ok(message.includes(step), step);
  assert.not.match(message, /\n/);
});

test("duplicate format names and aliases, across plugins and within one", () => {
  const engine = createEngine();
  const plugin = (name: string, ...formats: OutputFormat[]) => ({ name, version: "1.0.0", apiVersion: API_VERSION, apply: (h: { registerFormat(f: OutputFormat): void }) => formats.forEach((f) => h.registerFormat(f)) });
  assert.equal(refusal(engine, plugin("p-json", format("JSON")), "src"), 'plugin p-json (src): format name "json" is already registered by plugin jsson-plugin-json');
  assert.equal(refusal(engine, plugin("p-alias", format("mine", { aliases: ["yml"] }))), 'plugin p-alias: format name "yml" is already registered by plugin jsson-plugin-yaml');
  assert.equal(refusal(engine, plugin("p-self", format("a"), format("b", { aliases: ["a"] }))), 'plugin p-self: format name "a" is already registered by plugin p-self');
  engine.use(plugin("p-first", format("first")));
  assert.equal(refusal(engine, plugin("p-first", format("other"))), "plugin p-first: a plugin with this name is already loaded");
});

test("apply throws: refused with the first line of the error, nothing registered", () => {
  const engine = createEngine();
  const before = engine.listFormats().length;
  const boom = {
    name: "p-boom",
    version: "1.0.0",
    apiVersion: API_VERSION,
    apply(h: { registerFormat(f: OutputFormat): void }) {
      h.registerFormat(format("half"));
      throw new TypeError("kaboom\n    at somewhere (file.js:1:1)");
    },
  };
  assert.equal(refusal(engine, boom, '"./boom.mjs" from JSSON_PLUGINS'), 'plugin p-boom ("./boom.mjs" from JSSON_PLUGINS): apply failed: TypeError: kaboom');
  assert.is(engine.listFormats().length, before);
  assert.is(engine.findFormat("half"), undefined);
  assert.is(engine.loadedPlugins.some((p) => p.name === "p-boom"), false);
  // the name is free again: the refused plugin was never loaded
  engine.use({ ...boom, apply: (h: { registerFormat(f: OutputFormat): void }) => h.registerFormat(format("half")) });
  assert.ok(engine.findFormat("half"));
});

test("apply returning a promise is refused (registration is synchronous)", () => {
  const engine = createEngine();
  const message = refusal(engine, { name: "p-async", version: "1.0.0", apiVersion: API_VERSION, apply: async () => Promise.reject(new Error("late")) });
  assert.equal(message, "plugin p-async: apply returned a promise; it must register its formats synchronously");
});

test("malformed formats are refused with what is wrong", () => {
  const engine = createEngine();
  const withFormat = (f: unknown) => ({ name: "p-bad", version: "1.0.0", apiVersion: API_VERSION, apply: (h: { registerFormat(f: unknown): void }) => h.registerFormat(f) });
  assert.match(refusal(engine, withFormat(null)), /^plugin p-bad: registerFormat needs a format object \(got null\)$/);
  assert.match(refusal(engine, withFormat({ ...format("x"), name: "two words" })), /format name "two words" is not valid/);
  assert.match(refusal(engine, withFormat({ ...format("x"), extensions: [".x"] })), /format "x": extensions must be an array of file extensions without the dot/);
  assert.match(refusal(engine, withFormat({ ...format("x"), mediaType: "" })), /format "x": mediaType must be a media type/);
  assert.match(refusal(engine, withFormat({ ...format("x"), emit: "no" })), /format "x": emit must be a function/);
  assert.match(refusal(engine, withFormat({ ...format("x"), aliases: "y" })), /format "x": aliases must be an array/);
  assert.is(engine.findFormat("x"), undefined);
});

test("schema types: duplicates refused", () => {
  const engine = createEngine();
  const m = refusal(engine, { name: "p-schema", version: "1.0.0", apiVersion: API_VERSION, apply: (h: { registerSchemaType(t: unknown): void }) => h.registerSchemaType({ name: "json-schema", validate: () => ({ valid: true, errors: [] }) }) });
  const owner = BUILTIN_PLUGINS.at(-1)?.name;
  assert.equal(m, `plugin p-schema: schema type "json-schema" is already registered by plugin ${owner}`);
});

test.run();
