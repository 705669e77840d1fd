/**
 * The VS Code extension's manifest says what VS Code needs: the `jsson`
 * language for `.jsson`, the grammar (its file exists and has the scope
 * name the manifest gives), the language configuration, the server command
 * setting, and what `vsce package` checks (engines, publisher, license,
 * repository, a README and a LICENSE). Packing itself needs the extension's
 * own dependencies: `cd editors/vscode && npm ci && npx @vscode/vsce package`.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { REPO_ROOT } from "../support/repo-root.js";

const DIR = join(REPO_ROOT, "editors", "vscode");
const read = (file: string): unknown => JSON.parse(readFileSync(join(DIR, file), "utf8"));

interface Manifest {
  name: string;
  publisher: string;
  license: string;
  repository: unknown;
  main: string;
  engines: { vscode: string };
  scripts: Record<string, string>;
  contributes: {
    languages: { id: string; extensions: string[]; configuration: string }[];
    grammars: { language: string; scopeName: string; path: string }[];
    configuration: { properties: Record<string, { default: unknown }> };
  };
}
const manifest = read("package.json") as Manifest;

test("the manifest has what vsce package requires", () => {
  assert.match(manifest.engines.vscode, /^\^1\.\d+\.\d+$/);
  assert.ok(manifest.publisher && manifest.license && manifest.repository, "publisher, license, repository");
  assert.ok(existsSync(join(DIR, "README.md")) && existsSync(join(DIR, "LICENSE")), "README.md and LICENSE");
  assert.is(manifest.main, "./dist/extension.js");
  assert.match(manifest.scripts["vscode:prepublish"] ?? "", /build/, "vsce builds the bundle before packing");
  assert.match(manifest.scripts["build"] ?? "", /esbuild src\/extension\.ts --bundle .*--external:vscode .*--outfile=dist\/extension\.js/);
  const ignore = readFileSync(join(DIR, ".vscodeignore"), "utf8");
  assert.match(ignore, /^node_modules\/\*\*$/m, "the bundle makes node_modules unnecessary in the .vsix");
});

test("the jsson language, its grammar and its language configuration", () => {
  const lang = manifest.contributes.languages.find((l) => l.id === "jsson");
  assert.ok(lang);
  assert.equal(lang.extensions, [".jsson"]);
  const grammar = manifest.contributes.grammars.find((g) => g.language === "jsson");
  assert.ok(grammar);
  const tm = read(grammar.path) as { scopeName: string };
  assert.is(tm.scopeName, grammar.scopeName);
  const config = read(lang.configuration) as { comments: { lineComment: string }; brackets: string[][]; autoClosingPairs: { open: string }[]; surroundingPairs: string[][] };
  assert.is(config.comments.lineComment, "//");
  assert.equal(config.brackets, [["{", "}"], ["[", "]"], ["(", ")"]]);
  for (const open of ["{", "[", "(", '"', "`"]) assert.ok(config.autoClosingPairs.some((p) => p.open === open), `auto-closes ${open}`);
  for (const open of ["{", "[", "(", '"', "`"]) assert.ok(config.surroundingPairs.some((p) => p[0] === open), `surrounds with ${open}`);
});

test("the client runs `<jsson.server.command> <args…> lsp`", () => {
  assert.is(manifest.contributes.configuration.properties["jsson.server.command"]?.default, "jsson");
  assert.equal(manifest.contributes.configuration.properties["jsson.server.args"]?.default, []);
  const src = readFileSync(join(DIR, "src", "extension.ts"), "utf8");
  assert.match(src, /"server\.command"/);
  assert.match(src, /\.\.\.config\.get<string\[\]>\("server\.args", \[\]\), "lsp"\]/);
});

test.run();
