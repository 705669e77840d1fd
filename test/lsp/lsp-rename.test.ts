/**
 * Rename (prepareRename and rename) through the real `jsson lsp` over stdio,
 * and a broken document: outline, hover, completion and rename still answer
 * from the tokens while the parser reports every syntax error.
 */
import { rmSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { SAMPLE_MAIN as MAIN, writeSampleWorkspace } from "../support/lsp-sample.js";
import { at, startSession, type LspSession } from "./lsp-client.js";

type Position = { line: number; character: number };
type TextEdit = { range: { start: Position; end: Position }; newText: string };

const { dir, mainUri: uri } = writeSampleWorkspace("jsson-lsp-rename-");
let s: LspSession;
let version = 1;
let current = MAIN;

function offsetOf(text: string, p: Position): number {
  const lines = text.split("\n");
  let o = 0;
  for (let l = 0; l < p.line; l++) o += (lines[l] as string).length + 1;
  return o + p.character;
}

/** `text` with the edits applied (they do not overlap; applied from the last). */
function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => offsetOf(text, b.range.start) - offsetOf(text, a.range.start));
  for (const e of sorted) text = text.slice(0, offsetOf(text, e.range.start)) + e.newText + text.slice(offsetOf(text, e.range.end));
  return text;
}

async function change(text: string): Promise<void> {
  current = text;
  await s.connection.sendNotification("textDocument/didChange", { textDocument: { uri, version: ++version }, contentChanges: [{ text }] });
}

async function rename(p: Position, newName: string): Promise<string> {
  const r = (await s.connection.sendRequest("textDocument/rename", { textDocument: { uri }, position: p, newName })) as { changes: Record<string, TextEdit[]> };
  assert.equal(Object.keys(r.changes), [uri], "every edit is in this document");
  return applyEdits(current, r.changes[uri] as TextEdit[]);
}

async function refusal(p: Position, newName: string): Promise<string> {
  try {
    await s.connection.sendRequest("textDocument/rename", { textDocument: { uri }, position: p, newName });
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error(`renaming to ${newName} was not refused`);
}

test.before(async () => {
  s = await startSession(pathToFileURL(dir).href);
  const d = s.nextDiagnostics(uri);
  await s.connection.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: "jsson", version, text: MAIN } });
  assert.equal(await d, []);
});

test.after(async () => {
  await s.close();
  rmSync(dir, { recursive: true, force: true });
});

test("the server offers rename with prepare", async () => {
  assert.equal((s.initialized.capabilities as { renameProvider?: unknown }).renameProvider, { prepareProvider: true });
  const prep = (await s.connection.sendRequest("textDocument/prepareRename", { textDocument: { uri }, position: at(MAIN, "port = port", 8) })) as { range: { start: Position; end: Position }; placeholder: string };
  assert.is(prep.placeholder, "port");
  assert.equal(prep.range, { start: at(MAIN, "port = port", 7), end: at(MAIN, "port = port", 11) });
  const nothing = await s.connection.sendRequest("textDocument/prepareRename", { textDocument: { uri }, position: at(MAIN, "8080", 1) });
  assert.is(nothing, null, "a number is not renamable");
});

test("renaming a := name renames its uses and nothing the inner keys name; the result still evaluates", async () => {
  const after = await rename(at(MAIN, "port :="), "listen");
  assert.is(after, MAIN.replace("port := 8080", "listen := 8080").replace("port = port", "port = listen").replace('":" + port', '":" + listen'));
  const d = s.nextDiagnostics(uri);
  await change(after);
  assert.equal(await d, [], "the renamed document has no errors");
  const back = s.nextDiagnostics(uri);
  await change(MAIN);
  assert.equal(await back, []);
});

test("renaming from a use, a key inside a block, a preset (definition and uses), a map parameter", async () => {
  assert.is(await rename(at(MAIN, "${host}", 3), "hostname"), MAIN.replace('host = "localhost"', 'hostname = "localhost"').replace("${host}", "${hostname}"));
  assert.is(await rename(at(MAIN, '@use "svc"', 7, 1), "service"), MAIN.replaceAll('"svc"', '"service"'));
  assert.is(await rename(at(MAIN, "i * 10"), "n"), MAIN.replace("(i) = i * 10", "(n) = n * 10"));
  assert.is(await rename(at(MAIN, "server {"), "backend"), MAIN.replace("server {", "backend {"));
});

test("a rename that would change a meaning, or to what is not a name, is refused with the reason", async () => {
  assert.match(await refusal(at(MAIN, "port :="), "map"), /not a name/);
  assert.match(await refusal(at(MAIN, "port :="), "1port"), /not a name/);
  assert.match(await refusal(at(MAIN, '  host = "', 2), "port"), /already defined here/);
  // the inner key `host` would hide the renamed `port :=` at `port = port`
  assert.match(await refusal(at(MAIN, "port :="), "host"), /would hide/);
  // `database` in `database.host` (a key of the included file) would then name the renamed top-level key
  assert.match(await refusal(at(MAIN, "api ="), "database"), /would then name/);
  assert.match(await refusal(at(MAIN, "database.host", 2), "db"), /included file defines it/);
  assert.match(await refusal(at(MAIN, '@use "svc"', 7), 'a"b'), /cannot be a preset name/);
});

test("a broken document: every syntax error is reported; outline, hover, completion and rename still answer", async () => {
  // two independent errors: `= =` in the block, and an unclosed `(` at the end
  const broken = MAIN.replace('host = "localhost"', 'host = = "localhost"') + "tail = (1 +\n";
  const d = s.nextDiagnostics(uri, (x) => x.length > 0);
  await change(broken);
  const errors = await d;
  assert.ok(errors.length >= 2, `all independent syntax errors: ${JSON.stringify(errors.map((e) => e.message))}`);
  assert.equal(errors[0]?.range.start.line, at(broken, "= =").line);
  const symbols = (await s.connection.sendRequest("textDocument/documentSymbol", { textDocument: { uri } })) as { name: string; children?: { name: string }[] }[];
  assert.equal(symbols.map((x) => x.name), ["svc", "name", "port", "server", "dsn", "api", "again", "ids", "tail"]);
  assert.equal(symbols.find((x) => x.name === "server")?.children?.map((c) => c.name), ["host", "port", "url"]);
  const hover = (await s.connection.sendRequest("textDocument/hover", { textDocument: { uri }, position: at(broken, "url =", 1) })) as { contents: { value: string } };
  assert.ok(hover.contents.value.includes(`**url** — key, defined at line ${at(broken, "url =").line + 1}`), hover.contents.value);
  assert.match(hover.contents.value, /"http:\/\/localhost:8080"/, "the value of the last evaluation that succeeded");
  assert.match(hover.contents.value, /before the latest edits/, "marked as such");
  const items = (await s.connection.sendRequest("textDocument/completion", { textDocument: { uri }, position: at(broken, "dsn") })) as { label: string }[];
  for (const n of ["port", "server", "api"]) assert.ok(items.some((i) => i.label === n), `offers ${n}`);
  assert.is(await rename(at(broken, "port :="), "listen"), broken.replace("port := 8080", "listen := 8080").replace("port = port", "port = listen").replace('":" + port', '":" + listen'));
  const fixed = s.nextDiagnostics(uri);
  await change(MAIN);
  assert.equal(await fixed, []);
});

test.run();
