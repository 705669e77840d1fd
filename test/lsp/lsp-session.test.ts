/**
 * Scripted editor sessions against the real `jsson lsp` over stdio: open,
 * break, fix, hover, definition, references, completion, symbols, semantic
 * tokens, folding, shutdown.
 */
import { rmSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { SAMPLE_MAIN as MAIN, writeSampleWorkspace } from "../support/lsp-sample.js";
import { at, startSession, type LspSession } from "./lsp-client.js";

const { dir, mainUri, dbUri } = writeSampleWorkspace("jsson-lsp-");
const root = pathToFileURL(dir).href;

let s: LspSession;
let version = 1;

async function change(text: string): Promise<void> {
  await s.connection.sendNotification("textDocument/didChange", { textDocument: { uri: mainUri, version: ++version }, contentChanges: [{ text }] });
}

test.before(async () => {
  s = await startSession(root);
});

test.after(async () => {
  const code = await s.close();
  rmSync(dir, { recursive: true, force: true });
  assert.is(code, 0, "the server exits with 0 after shutdown and exit");
});

test("opening a valid document publishes no diagnostics", async () => {
  const diags = s.nextDiagnostics(mainUri);
  await s.connection.sendNotification("textDocument/didOpen", { textDocument: { uri: mainUri, languageId: "jsson", version, text: MAIN } });
  assert.equal(await diags, []);
});

test("an incremental edit that breaks the file brings a diagnostic at the place; fixing it clears it", async () => {
  const broken = s.nextDiagnostics(mainUri, (d) => d.length > 0);
  // Replace `"api"` on line 3 with `"api` + `+` (a dangling operator), as keystrokes do: a ranged change.
  const pos = at(MAIN, '"api"', 5);
  await s.connection.sendNotification("textDocument/didChange", {
    textDocument: { uri: mainUri, version: ++version },
    contentChanges: [{ range: { start: pos, end: pos }, text: " +" }],
  });
  const d = await broken;
  assert.is(d.length, 1);
  assert.is(d[0]?.source, "jsson");
  assert.match(String(d[0]?.code), /^JSSON\d{4}$/);
  assert.ok((d[0]?.range.start.line ?? -1) >= 2, "placed at or after the edited line");
  const fixed = s.nextDiagnostics(mainUri);
  await s.connection.sendNotification("textDocument/didChange", {
    textDocument: { uri: mainUri, version: ++version },
    contentChanges: [{ range: { start: pos, end: { line: pos.line, character: pos.character + 2 } }, text: "" }],
  });
  assert.equal(await fixed, []);
});

test("a burst of edits: the diagnostics that arrive are those of the last text", async () => {
  const first = s.nextDiagnostics(mainUri);
  // Each edit puts the error at another column: `b = = 1`, `bx = = 1`, … (the second '=' is the error).
  // Sent together (not one after another's write), as a fast typist's keystrokes arrive: no client stall can split the burst.
  await Promise.all([0, 1, 2, 3, 4].map((k) => change(MAIN + `b${"x".repeat(k)} = = 1\n`)));
  const d = await first;
  assert.is(d.length, 1);
  assert.equal(d[0]?.range.start, { line: MAIN.split("\n").length - 1, character: "bxxxx = ".length });
  const fixed = s.nextDiagnostics(mainUri);
  await change(MAIN);
  assert.equal(await fixed, []);
});

test("hover on a key shows its evaluated value and where it is defined", async () => {
  const h = (await s.connection.sendRequest("textDocument/hover", { textDocument: { uri: mainUri }, position: at(MAIN, "url =", 1) })) as { contents: { value: string } };
  assert.match(h.contents.value, /defined at line 8/);
  assert.match(h.contents.value, /"http:\/\/localhost:8080"/);
  const server = (await s.connection.sendRequest("textDocument/hover", { textDocument: { uri: mainUri }, position: at(MAIN, "server {", 2) })) as { contents: { value: string } };
  assert.match(server.contents.value, /"host": "localhost"/);
  const name = (await s.connection.sendRequest("textDocument/hover", { textDocument: { uri: mainUri }, position: at(MAIN, "port = port", 9) })) as { contents: { value: string } };
  assert.match(name.contents.value, /port\*\* — name \(`:=`/, "a use of a `:=` name hovers as that name");
  assert.match(name.contents.value, /line 4/);
});

test("hover on a name that an included file defines shows its value and the file", async () => {
  const h = (await s.connection.sendRequest("textDocument/hover", { textDocument: { uri: mainUri }, position: at(MAIN, "database.host", 2) })) as { contents: { value: string } };
  assert.match(h.contents.value, /included file .*db\\\.jsson, defined at line 1/);
  assert.match(h.contents.value, /"host": "db\.local"/);
});

test("go to definition: a name, a member chain, a preset, an include path, a name from an included file", async () => {
  const def = async (p: { line: number; character: number }): Promise<{ uri: string; range: { start: { line: number; character: number } } }[]> =>
    (await s.connection.sendRequest("textDocument/definition", { textDocument: { uri: mainUri }, position: p })) as { uri: string; range: { start: { line: number; character: number } } }[];
  const port = await def(at(MAIN, "port = port", 9));
  assert.equal(port[0]?.range.start, at(MAIN, "port :="));
  const host = await def(at(MAIN, "${host}", 3));
  assert.equal(host[0]?.range.start, at(MAIN, "host ="), "a name inside ${} resolves to the sibling key");
  const preset = await def(at(MAIN, '"svc" {', 1, 1));
  assert.equal(preset[0]?.range.start, at(MAIN, '"svc"'));
  const file = await def(at(MAIN, '"db.jsson"', 2));
  assert.is(file[0]?.uri, dbUri);
  const fromInclude = await def(at(MAIN, "database.host", 1));
  assert.is(fromInclude[0]?.uri, dbUri);
  assert.equal(fromInclude[0]?.range.start, { line: 0, character: 0 });
  const mapParam = await def(at(MAIN, "i * 10"));
  assert.equal(mapParam[0]?.range.start, at(MAIN, "(i)", 1));
});

test("find references of a name and of a preset", async () => {
  const refs = (await s.connection.sendRequest("textDocument/references", { textDocument: { uri: mainUri }, position: at(MAIN, "port :="), context: { includeDeclaration: true } })) as { range: { start: { line: number; character: number } } }[];
  const starts = refs.map((r) => r.range.start);
  assert.equal(starts, [at(MAIN, "port :="), at(MAIN, "port = port", 7), at(MAIN, '":" + port', 6)], "the value of `port = port` names the outer `port`");
  const inner = (await s.connection.sendRequest("textDocument/references", { textDocument: { uri: mainUri }, position: at(MAIN, "port = port"), context: { includeDeclaration: false } })) as { range: { start: { line: number; character: number } } }[];
  assert.equal(inner.map((r) => r.range.start), [at(MAIN, "${port}", 2)], "`${port}` in the block names the sibling key");
  const presetRefs = (await s.connection.sendRequest("textDocument/references", { textDocument: { uri: mainUri }, position: at(MAIN, '"svc"', 1), context: { includeDeclaration: false } })) as unknown[];
  assert.is(presetRefs.length, 2);
});

test("completion: names in scope and keywords; preset names after @use; include paths", async () => {
  const labels = async (text: string, p: { line: number; character: number }): Promise<string[]> => {
    await change(text);
    const r = (await s.connection.sendRequest("textDocument/completion", { textDocument: { uri: mainUri }, position: p })) as { label: string }[];
    return r.map((i) => i.label);
  };
  const names = await labels(MAIN + "x = ", at(MAIN + "x = ", "x = ", 4));
  for (const n of ["name", "port", "server", "dsn", "template", "map", "include"]) assert.ok(names.includes(n), `offers ${n}`);
  assert.not.ok(names.includes("host"), "a key inside server {…} is not in scope at top level");
  const presetText = MAIN + 'y = @use "';
  assert.equal(await labels(presetText, at(presetText, 'y = @use "', 10)), ["svc"]);
  const includeText = MAIN + 'include "';
  const paths = await labels(includeText, at(includeText, 'include "', 9, 1));
  assert.ok(paths.includes("db.jsson") && paths.includes("main.jsson"), `include paths: ${paths.join(", ")}`);
});

test("a broken document still has symbols, completion and folding", async () => {
  const broken = MAIN.replace('host = "localhost"', 'host = = "localhost"');
  const d = s.nextDiagnostics(mainUri, (x) => x.length > 0);
  await change(broken);
  await d;
  const symbols = (await s.connection.sendRequest("textDocument/documentSymbol", { textDocument: { uri: mainUri } })) as { name: string; children?: { name: string }[] }[];
  assert.equal(symbols.map((x) => x.name), ["svc", "name", "port", "server", "dsn", "api", "again", "ids"]);
  assert.equal(symbols.find((x) => x.name === "server")?.children?.map((c) => c.name), ["host", "port", "url"]);
  const folding = (await s.connection.sendRequest("textDocument/foldingRange", { textDocument: { uri: mainUri } })) as { startLine: number; endLine: number }[];
  assert.ok(folding.some((f) => f.startLine === at(MAIN, "server {").line && f.endLine === at(MAIN, "include").line - 2), JSON.stringify(folding));
  const items = (await s.connection.sendRequest("textDocument/completion", { textDocument: { uri: mainUri }, position: at(MAIN, "dsn") })) as { label: string }[];
  assert.ok(items.some((i) => i.label === "server"));
  const fixed = s.nextDiagnostics(mainUri);
  await change(MAIN);
  assert.equal(await fixed, []);
});

test("formatting returns the formatter's layout; a document with a syntax error gets no edits", async () => {
  const messy = 'a   =   1\nobj {\n      b = 2\n}\n';
  await change(messy);
  const edits = (await s.connection.sendRequest("textDocument/formatting", { textDocument: { uri: mainUri }, options: { tabSize: 2, insertSpaces: true } })) as { newText: string }[];
  assert.is(edits.length, 1);
  assert.is(edits[0]?.newText, "a = 1\nobj {\n  b = 2\n}\n");
  await change("a = = 1\n");
  const none = (await s.connection.sendRequest("textDocument/formatting", { textDocument: { uri: mainUri }, options: { tabSize: 2, insertSpaces: true } })) as unknown[];
  assert.equal(none, []);
  const fixed = s.nextDiagnostics(mainUri);
  await change(MAIN);
  assert.equal(await fixed, []);
});

test("semantic tokens classify keys, names, strings, numbers, keywords, comments and operators", async () => {
  const r = (await s.connection.sendRequest("textDocument/semanticTokens/full", { textDocument: { uri: mainUri } })) as { data: number[] };
  const legend = ["comment", "string", "number", "keyword", "operator", "property", "variable", "parameter", "macro"];
  const tokens: { line: number; char: number; len: number; type: string }[] = [];
  let line = 0;
  let char = 0;
  for (let i = 0; i < r.data.length; i += 5) {
    const [dl, dc, len, type] = r.data.slice(i, i + 4) as [number, number, number, number];
    line += dl;
    char = dl === 0 ? char + dc : dc;
    tokens.push({ line, char, len, type: legend[type] ?? "?" });
  }
  const lines = MAIN.split("\n");
  const typeOf = (needle: string, nth = 0): string | undefined => {
    const p = at(MAIN, needle, 0, nth);
    return tokens.find((t) => t.line === p.line && t.char === p.character && lines[t.line]?.slice(t.char, t.char + t.len) !== undefined)?.type;
  };
  assert.is(typeOf("// the service"), "comment");
  assert.is(typeOf("name ="), "property");
  assert.is(typeOf('"api"'), "string");
  assert.is(typeOf("8080"), "number");
  assert.is(typeOf("include"), "keyword");
  assert.is(typeOf("port :="), "variable");
  assert.is(typeOf("@preset"), "macro");
  assert.is(typeOf("+ "), "operator");
  assert.is(typeOf("i * 10"), "variable");
});

test.run();
