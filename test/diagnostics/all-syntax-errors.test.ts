/**
 * A document with five independent syntax errors (LANGUAGE.md §13.1 [D9])
 * reports exactly those five, in source order, everywhere: the engine's
 * check and transpile, the spawned CLI (human report, `--error-format json`
 * and `github`, exit 1), a real server's /transpile and /validate, and the
 * language server over stdio.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createEngine } from "../../index.js";
import { fixtureDir } from "../cli/fixtures.js";
import { runCli } from "../support/spawn-cli.js";
import { post, startServer, type TestServer } from "../http/helpers.js";
import { startSession } from "../lsp/lsp-client.js";

const SOURCE = `app {
  name = "api"
  port = = 8080
}
hosts = [ "a" "b" ]
limits {
  cpu = 10px
  memory = "512"
}
total = (1 + 2
debug = true
owner = @ 3
`;
/** The five errors: code and line, in source order. */
const EXPECTED = [
  ["JSSON2001", 3],
  ["JSSON2002", 5],
  ["JSSON1003", 7],
  ["JSSON2004", 11],
  ["JSSON2012", 12],
] as const;
const dir = fixtureDir({ "five.jsson": SOURCE });

let server: TestServer | undefined;
test.before(async () => {
  server = await startServer();
});
test.after(async () => {
  await server?.close();
});

test("engine: check and transpile give the five", () => {
  const engine = createEngine();
  const checked = engine.check(SOURCE, { file: "five.jsson" });
  assert.equal(
    checked.map((d) => [d.code, d.line]),
    EXPECTED.map((e) => [...e]),
  );
  const run = engine.transpile(SOURCE, { file: "five.jsson" });
  assert.is(run.ok, false);
  if (!run.ok) assert.is(run.diagnostics.length, 5);
});

test("CLI: the human report, json and github list the five in order, exit 1", async () => {
  const [human, json, github] = await Promise.all([
    runCli(["five.jsson"], { cwd: dir }),
    runCli(["--error-format", "json", "five.jsson"], { cwd: dir }),
    runCli(["--error-format", "github", "five.jsson"], { cwd: dir }),
  ]);
  for (const r of [human, json, github]) assert.is(r.code, 1, r.stderr);
  assert.equal(
    [...human.stderr.matchAll(/^Line (\d+): /gm)].map((m) => Number(m[1])),
    EXPECTED.map((e) => e[1]),
    human.stderr,
  );
  const listed = (JSON.parse(json.stderr) as { diagnostics: { code: string; line: number }[] }).diagnostics;
  assert.equal(
    listed.map((d) => [d.code, d.line]),
    EXPECTED.map((e) => [...e]),
  );
  assert.equal(
    [...github.stderr.matchAll(/^::error .*line=(\d+)/gm)].map((m) => Number(m[1])),
    EXPECTED.map((e) => e[1]),
    github.stderr,
  );
});

test("HTTP: /transpile and /validate carry the five as errors and diagnostics", async () => {
  const base = (server as TestServer).base;
  for (const path of ["/transpile", "/validate"]) {
    const reply = await post(base, path, { source: SOURCE });
    const body = reply.json<{ errors: string[]; diagnostics: { code: string; line: number }[] }>();
    assert.equal(
      body.diagnostics.map((d) => [d.code, d.line]),
      EXPECTED.map((e) => [...e]),
      `${path}: ${reply.text}`,
    );
    assert.equal(
      body.errors.map((e) => Number(/^Line (\d+):/.exec(e)?.[1])),
      EXPECTED.map((e) => e[1]),
    );
  }
});

test("language server: publishes the five", async () => {
  const s = await startSession(pathToFileURL(dir).href);
  try {
    const uri = pathToFileURL(join(dir, "five.jsson")).href;
    const published = s.nextDiagnostics(uri, (d) => d.length > 0);
    await s.connection.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: "jsson", version: 1, text: SOURCE } });
    const d = await published;
    assert.equal(
      d.map((x) => [x.code, x.range.start.line + 1]),
      EXPECTED.map((e) => [...e]),
    );
  } finally {
    await s.close();
  }
});

test.run();
