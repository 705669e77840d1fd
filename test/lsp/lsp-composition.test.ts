/**
 * The language server on composition (docs/language.md "Composition"):
 * definition, references and hover through spreads `...name`, and an include
 * used as a value (`base := include "f"`): completion of its keys after
 * `base.`, definition of `base` and of `base.port`, over the real `jsson lsp`.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { at, startSession, type LspSession } from "./lsp-client.js";

const MAIN = `common := { tier = "web", replicas = 2 }
tags := ["a", "b"]
defaults { host = "localhost", port = 80 }
server {
  ...common
  ...defaults
  port = 8080
}
all = [...tags, "c"]
base := include "base.jsson"
db = base.port
word = host
`;
const BASE = `port = 5432
host = "db.local"
`;

const dir = mkdtempSync(join(tmpdir(), "jsson-lsp-compose-"));
writeFileSync(join(dir, "main.jsson"), MAIN);
writeFileSync(join(dir, "base.jsson"), BASE);
const mainUri = pathToFileURL(join(dir, "main.jsson")).href;
const baseUri = pathToFileURL(join(dir, "base.jsson")).href;
const typingUri = pathToFileURL(join(dir, "typing.jsson")).href;

type Place = { line: number; character: number };
type Loc = { uri: string; range: { start: Place } };
let s: LspSession;

const definition = async (uri: string, p: Place): Promise<Loc[]> => (await s.connection.sendRequest("textDocument/definition", { textDocument: { uri }, position: p })) as Loc[];
const hover = async (p: Place): Promise<string> => ((await s.connection.sendRequest("textDocument/hover", { textDocument: { uri: mainUri }, position: p })) as { contents: { value: string } } | null)?.contents.value ?? "";

test.before(async () => {
  s = await startSession(pathToFileURL(dir).href);
  const diags = s.nextDiagnostics(mainUri);
  await s.connection.sendNotification("textDocument/didOpen", { textDocument: { uri: mainUri, languageId: "jsson", version: 1, text: MAIN } });
  assert.equal(await diags, [], "the composed document evaluates");
});

test.after(async () => {
  const code = await s.close();
  rmSync(dir, { recursive: true, force: true });
  assert.is(code, 0);
});

test("definition of a spread name (object and array spread) is its `:=` declaration", async () => {
  assert.equal((await definition(mainUri, at(MAIN, "...common", 4)))[0]?.range.start, at(MAIN, "common :="));
  assert.equal((await definition(mainUri, at(MAIN, "...defaults", 4)))[0]?.range.start, at(MAIN, "defaults {"));
  assert.equal((await definition(mainUri, at(MAIN, "...tags", 4)))[0]?.range.start, at(MAIN, "tags :="));
});

test("references of a declaration include its spreads", async () => {
  const refs = async (p: Place): Promise<Place[]> =>
    ((await s.connection.sendRequest("textDocument/references", { textDocument: { uri: mainUri }, position: p, context: { includeDeclaration: true } })) as Loc[]).map((r) => r.range.start);
  assert.equal(await refs(at(MAIN, "common :=")), [at(MAIN, "common :="), at(MAIN, "...common", 3)]);
  assert.equal(await refs(at(MAIN, "tags :=")), [at(MAIN, "tags :="), at(MAIN, "...tags", 3)]);
});

test("hover on a spread name: a key shows its value, a `:=` name its declaration", async () => {
  const key = await hover(at(MAIN, "...defaults", 4));
  assert.match(key, /defined at line 3/);
  assert.match(key, /"host": "localhost"/);
  const name = await hover(at(MAIN, "...common", 4));
  assert.match(name, /common\*\* — name \(`:=`, not in the output\), defined at line 1/);
});

test("an include value: definition of the name and of its member in the included file", async () => {
  assert.equal((await definition(mainUri, at(MAIN, "base.port", 1)))[0]?.range.start, at(MAIN, "base :="));
  const member = await definition(mainUri, at(MAIN, "base.port", 6));
  assert.is(member[0]?.uri, baseUri);
  assert.equal(member[0]?.range.start, { line: 0, character: 0 });
  const include = await definition(mainUri, at(MAIN, '"base.jsson"', 2));
  assert.is(include[0]?.uri, baseUri);
  assert.equal(await definition(mainUri, at(MAIN, "= host", 3)), [], "an include value binds its file's keys to nothing: `host` here is a bare word");
});

test("hover on a member of an include value names the included file and line", async () => {
  assert.match(await hover(at(MAIN, "base.port", 6)), /port\*\* — key of the included file .*base\\\.jsson, defined at line 1/);
});

test("completion after `base.` lists the included file's top-level keys", async () => {
  const text = `base := include "base.jsson"\nx = base.`;
  await s.connection.sendNotification("textDocument/didOpen", { textDocument: { uri: typingUri, languageId: "jsson", version: 1, text } });
  const items = (await s.connection.sendRequest("textDocument/completion", { textDocument: { uri: typingUri }, position: at(text, "base.", 5, 1) })) as { label: string }[];
  const labels = items.map((i) => i.label).sort();
  assert.equal(labels, ["host", "port"], "only the included file's keys, no keywords or local names");
});

test("completion after `obj.` lists the keys of a local object", async () => {
  const text = `srv { host = "h", port = 1 }\nx = srv.`;
  const uri = pathToFileURL(join(dir, "local.jsson")).href;
  await s.connection.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: "jsson", version: 1, text } });
  const items = (await s.connection.sendRequest("textDocument/completion", { textDocument: { uri }, position: at(text, "srv.", 4) })) as { label: string }[];
  assert.equal(items.map((i) => i.label).sort(), ["host", "port"]);
});

test.run();
