/**
 * A hostile workspace cannot hang `jsson lsp` (issue #26, finding 9), driven
 * over stdio by a real client: a `jsson.config.json` that another user
 * could have written is ignored, as the plugin loader ignores it; a schema
 * path naming /dev/zero is refused before it is read; and a glob built to
 * make a backtracking matcher run forever is matched in linear time
 * (glob-match.ts), so the documents it does not match still get their
 * diagnostics.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { GlobMatcher, MAX_GLOB_LENGTH } from "../../cli/lsp/glob-match.js";
import { startSession } from "./lsp-client.js";

const SCHEMA = JSON.stringify({ type: "object", properties: { port: { type: "integer", maximum: 1000 } } });
const VIOLATING = "port = 8080\n";

function workspace(config: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), "jsson-lsp-trust-"));
  writeFileSync(join(dir, "jsson.config.json"), JSON.stringify(config));
  writeFileSync(join(dir, "schema.json"), SCHEMA);
  return dir;
}

test("globs: * and ? within a folder, **/ across any number of folders (none too), ** anything, the rest literal", () => {
  const cases: [string, string, boolean][] = [
    ["services/*.jsson", "services/api.jsson", true],
    ["services/*.jsson", "services/a/api.jsson", false],
    ["services/*.jsson", "services/.hidden.jsson", true],
    ["./services/*.jsson", "services/api.jsson", true],
    ["**/deploy.jsson", "deploy.jsson", true],
    ["**/deploy.jsson", "a/b/c/deploy.jsson", true],
    ["**/deploy.jsson", "a/bdeploy.jsson", false],
    ["a/**/b.jsson", "a/b.jsson", true],
    ["a/**/b.jsson", "a/x/y/b.jsson", true],
    ["a/**", "a/x/y/b.jsson", true],
    ["a/**", "b/x.jsson", false],
    ["?.jsson", "x.jsson", true],
    ["?.jsson", "/.jsson", false],
    ["a.(b|c)+[d]", "a.(b|c)+[d]", true],
    ["a.(b|c)+[d]", "a.b", false],
    ["*", "", true],
    ["", "", true],
    ["", "a", false],
  ];
  for (const [glob, path, expected] of cases) assert.is(new GlobMatcher(glob).matches(path), expected, `${glob} ~ ${path}`);
  assert.throws(() => new GlobMatcher("*".repeat(MAX_GLOB_LENGTH + 1)), /glob longer than/);
});

test("globs built to backtrack are answered: twelve `*a` then `b` against 4000 `a`s, 300 `**/` against 2000 folders", () => {
  assert.is(new GlobMatcher("*a".repeat(12) + "b").matches("a".repeat(4000)), false);
  assert.is(new GlobMatcher("*a".repeat(12) + "b").matches("a".repeat(4000) + "b"), true);
  assert.is(new GlobMatcher("**/".repeat(300) + "x").matches("a/".repeat(2000) + "y"), false);
  assert.is(new GlobMatcher("**/".repeat(300) + "x").matches("a/".repeat(2000) + "x"), true);
});

test("a config another user could have written is ignored (as for plugins), and the server says why", async () => {
  const dir = workspace({ schemas: { "*.jsson": "schema.json" } });
  chmodSync(join(dir, "jsson.config.json"), 0o666);
  const s = await startSession(pathToFileURL(dir).href);
  try {
    const uri = pathToFileURL(join(dir, "app.jsson")).href;
    const d = s.nextDiagnostics(uri);
    await s.connection.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: "jsson", version: 1, text: VIOLATING } });
    assert.equal(await d, [], "no schema applied");
    assert.ok(
      s.logMessages().some((m) => /^jsson\.config\.json ignored: not read: .*jsson\.config\.json is writable by others \(mode 666\)$/.test(m)),
      s.logMessages().join("\n"),
    );
  } finally {
    await s.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a schema path naming /dev/zero is refused at once, behind a glob built to backtrack; a trusted config's schema applies", async () => {
  const dir = workspace({ schemas: { ["*a".repeat(12) + "b"]: "schema.json", "zero/*.jsson": "/dev/zero", "*.jsson": "schema.json" } });
  const s = await startSession(pathToFileURL(dir).href);
  try {
    const name = "a".repeat(200) + ".jsson"; // matched against the backtracking glob first
    const uri = pathToFileURL(join(dir, name)).href;
    const applied = s.nextDiagnostics(uri, (x) => x.length > 0, 30_000);
    await s.connection.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: "jsson", version: 1, text: VIOLATING } });
    const diags = await applied;
    assert.is(diags.length, 1);
    assert.is(diags[0]?.source, "jsson schema");
    assert.match(diags[0]?.message ?? "", /port/);
    const zeroUri = pathToFileURL(join(dir, "zero", "z.jsson")).href;
    const refused = s.nextDiagnostics(zeroUri, (x) => x.length > 0, 30_000);
    await s.connection.sendNotification("textDocument/didOpen", { textDocument: { uri: zeroUri, languageId: "jsson", version: 1, text: VIOLATING } });
    const z = await refused;
    assert.is(z.length, 1);
    assert.match(z[0]?.message ?? "", /^cannot use schema \/dev\/zero: cannot read schema file "\/dev\/zero": is not a regular file \(a character device\)$/);
    // the server still answers
    const hover = await s.connection.sendRequest("textDocument/hover", { textDocument: { uri }, position: { line: 0, character: 1 } });
    assert.ok(hover === null || typeof hover === "object");
  } finally {
    await s.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
