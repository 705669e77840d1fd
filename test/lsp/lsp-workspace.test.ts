/**
 * Workspace behaviour of `jsson lsp`, driven over stdio: errors inside
 * included files shown in both files, schema failures from
 * jsson.config.json, and runaway evaluations ended by the limits.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { startSession, type LspSession } from "./lsp-client.js";

const dir = mkdtempSync(join(tmpdir(), "jsson-lsp-ws-"));
const uri = (name: string): string => pathToFileURL(join(dir, name)).href;
writeFileSync(join(dir, "jsson.config.json"), JSON.stringify({ schemas: { "services/*.jsson": "schema.json" } }));
writeFileSync(join(dir, "schema.json"), JSON.stringify({ type: "object", properties: { port: { type: "integer", maximum: 1000 }, name: { type: "string" } }, required: ["name"] }));
const BAD = 'ok = 1\nbroken = = 2\n';
writeFileSync(join(dir, "bad.jsson"), BAD);
writeFileSync(join(dir, "middle.jsson"), 'include "bad.jsson"\n');

let s: LspSession;
test.before(async () => {
  s = await startSession(pathToFileURL(dir).href);
});
test.after(async () => {
  await s.close();
  rmSync(dir, { recursive: true, force: true });
});

const open = async (name: string, text: string): Promise<void> => {
  await s.connection.sendNotification("textDocument/didOpen", { textDocument: { uri: uri(name), languageId: "jsson", version: 1, text } });
};

test("an error inside an included file is shown at the include line and at its place in the included file", async () => {
  const MAIN = 'a = 1\ninclude "bad.jsson"\n';
  const inMain = s.nextDiagnostics(uri("main.jsson"), (d) => d.length > 0);
  const inBad = s.nextDiagnostics(uri("bad.jsson"), (d) => d.length > 0);
  await open("main.jsson", MAIN);
  const m = await inMain;
  assert.is(m[0]?.range.start.line, 1, "the include line of the includer");
  assert.match(m[0]?.message ?? "", /error in included file "bad.jsson"/);
  const b = await inBad;
  assert.is(b[0]?.range.start.line, 1, "line 2 of bad.jsson");
  assert.is(b[0]?.range.start.character, 9, "the second '='");
  assert.equal(b[0]?.range.end, { line: 1, character: 10 }, "the engine's span, end included");
  assert.match(b[0]?.message ?? "", /^unexpected '='/);
  assert.is(b[0]?.relatedInformation?.[0]?.location.uri, uri("main.jsson"));
});

test("through two levels of includes, and fixed in the editor: both files clear", async () => {
  const inTop = s.nextDiagnostics(uri("top.jsson"), (d) => d.length > 0);
  const inBad = s.nextDiagnostics(uri("bad.jsson"), (d) => d.length > 0);
  const inMiddle = s.nextDiagnostics(uri("middle.jsson"), (d) => d.length > 0);
  await open("top.jsson", 'include "middle.jsson"\n');
  assert.is((await inTop)[0]?.range.start.line, 0);
  assert.is((await inMiddle)[0]?.range.start.line, 0);
  assert.is((await inBad)[0]?.range.start.line, 1);
  // Open the included file and fix it (unsaved): the includers see the editor's text.
  const badCleared = s.nextDiagnostics(uri("bad.jsson"), (d) => d.length === 0);
  const mainCleared = s.nextDiagnostics(uri("main.jsson"), (d) => d.length === 0);
  const topCleared = s.nextDiagnostics(uri("top.jsson"), (d) => d.length === 0);
  await open("bad.jsson", BAD);
  await s.connection.sendNotification("textDocument/didChange", { textDocument: { uri: uri("bad.jsson"), version: 2 }, contentChanges: [{ text: "ok = 1\nbroken = 2\n" }] });
  await Promise.all([badCleared, mainCleared, topCleared]);
});

test("schema failures of an associated file sit at the span of the value they are about (LANGUAGE.md §12.3)", async () => {
  const d = s.nextDiagnostics(uri("services/api.jsson"), (x) => x.length > 0);
  await open("services/api.jsson", 'name = "api"\n\nport = 8080\n');
  const diags = await d;
  assert.is(diags.length, 1);
  assert.is(diags[0]?.source, "jsson schema");
  assert.equal(diags[0]?.range, { start: { line: 2, character: 7 }, end: { line: 2, character: 11 } }, "the value 8080");
  assert.match(diags[0]?.message ?? "", /port/);
  // a value from an included file: shown at its span there, and here at the include, pointing to it
  writeFileSync(join(dir, "part.jsson"), "// part\nport = 9000\n");
  const inPart = s.nextDiagnostics(uri("part.jsson"), (x) => x.some((y) => y.source === "jsson schema"));
  const inInc = s.nextDiagnostics(uri("services/inc.jsson"), (x) => x.length > 0);
  await open("services/inc.jsson", 'name = "i"\ninclude "../part.jsson"\n');
  const inc = await inInc;
  assert.is(inc[0]?.range.start.line, 1, "the include line");
  assert.is(inc[0]?.relatedInformation?.[0]?.location.uri, uri("part.jsson"));
  const part = await inPart;
  assert.equal(part[0]?.range, { start: { line: 1, character: 7 }, end: { line: 1, character: 11 } }, "9000 in part.jsson");
  // a `@use` as the value: the `@use`
  const schemaNested = s.nextDiagnostics(uri("services/deep.jsson"), (x) => x.length > 0);
  await open("services/deep.jsson", 'name = "n"\n@preset "p" {\n  port = 5000\n}\nport = @use "p"\n');
  const deep = await schemaNested;
  assert.match(deep[0]?.message ?? "", /\$\.port: Expected type integer but got object/);
  assert.equal(deep[0]?.range, { start: { line: 4, character: 7 }, end: { line: 4, character: 15 } }, "the @use");
  const missing = s.nextDiagnostics(uri("services/web.jsson"), (x) => x.length > 0);
  await open("services/web.jsson", "port = 80\n");
  assert.match((await missing)[0]?.message ?? "", /name/);
  // A file the glob does not match is not validated.
  const none = s.nextDiagnostics(uri("other.jsson"));
  await open("other.jsson", "port = 8080\n");
  assert.equal(await none, []);
});

test("a runaway evaluation ends in a limit diagnostic and the server keeps answering", async () => {
  const d = s.nextDiagnostics(uri("runaway.jsson"), (x) => x.length > 0, 20_000);
  await open("runaway.jsson", "grid = [1..100000] map (i) = [1..100000] map (j) = i * j\nafter = 1\n");
  const diags = await d;
  assert.match(diags[0]?.message ?? "", /limit/);
  const symbols = (await s.connection.sendRequest("textDocument/documentSymbol", { textDocument: { uri: uri("runaway.jsson") } })) as { name: string }[];
  assert.equal(symbols.map((x) => x.name), ["grid", "after"]);
});

test.run();
