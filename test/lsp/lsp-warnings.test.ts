/**
 * Warnings in the editor (LANGUAGE.md §16.5), through the real `jsson lsp`
 * and a real LSP client: each is published with severity Warning at its
 * place, and the quick fix the server offers for it, applied to the text,
 * gives a program without that warning — the suggested name, the quoted
 * bare word, the inserted comma. A warning inside an included file is
 * shown there too.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { TextDocument } from "vscode-languageserver-textdocument";
import { startSession, type LspSession, type PublishedDiagnostic } from "./lsp-client.js";

const dir = mkdtempSync(join(tmpdir(), "jsson-lsp-warn-"));
writeFileSync(join(dir, "typo.jsson"), "base := 10\nvalue = bsae\n");
const root = pathToFileURL(dir).href;
const uriOf = (name: string): string => pathToFileURL(join(dir, name)).href;

/** LSP DiagnosticSeverity.Warning. */
const WARNING = 2;

interface Action {
  readonly title: string;
  readonly kind?: string;
  readonly edit?: { readonly changes?: Record<string, { range: PublishedDiagnostic["range"]; newText: string }[]> };
}

let s: LspSession;
let version = 1;
test.before(async () => {
  s = await startSession(root);
});
test.after(async () => {
  const code = await s.close();
  rmSync(dir, { recursive: true, force: true });
  assert.is(code, 0);
});

/** Open `text` as `name`, wait for its diagnostics, take the quick fix of the one with `code`, apply it; returns the fixed text and what was published. */
async function fixOnce(name: string, text: string, code: string): Promise<{ published: PublishedDiagnostic[]; action: Action; fixed: string }> {
  const uri = uriOf(name);
  const published = s.nextDiagnostics(uri);
  await s.connection.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: "jsson", version: version++, text } });
  const diagnostics = await published;
  const target = diagnostics.find((d) => d.code === code);
  assert.ok(target, `a ${code} warning is published: ${JSON.stringify(diagnostics)}`);
  assert.is((target as PublishedDiagnostic & { severity?: number }).severity, WARNING);
  const actions = await s.connection.sendRequest<Action[]>("textDocument/codeAction", { textDocument: { uri }, range: target.range, context: { diagnostics: [target] } });
  const action = actions[0];
  assert.ok(action, "a quick fix is offered");
  assert.is(action.kind, "quickfix");
  const edits = action.edit?.changes?.[uri] ?? [];
  const doc = TextDocument.create(uri, "jsson", 0, text);
  return { published: diagnostics, action, fixed: TextDocument.applyEdits(doc, edits) };
}

test("W1: a misspelt name is a warning at the word; the fix writes the name", async () => {
  const { published, action, fixed } = await fixOnce("w1.jsson", "replicas := 3\nsvc { count = replcias }\n", "JSSON8001");
  assert.equal(published[0]?.range, { start: { line: 1, character: 14 }, end: { line: 1, character: 22 } });
  assert.match(published[0]?.message ?? "", /did you mean 'replicas'\?/);
  assert.is(action.title, "Change to 'replicas'");
  assert.is(fixed, "replicas := 3\nsvc { count = replicas }\n");
});

test("W1: ture becomes true", async () => {
  const { fixed } = await fixOnce("ture.jsson", "enabled = ture\n", "JSSON8001");
  assert.is(fixed, "enabled = true\n");
});

test("W2: a bare word as an operand; the fix quotes it", async () => {
  const { action, fixed } = await fixOnce("w2.jsson", 'replicas = enviroment == "prod" ? 6 : 1\n', "JSSON8002");
  assert.is(action.title, 'Quote it: "enviroment"');
  assert.is(fixed, 'replicas = "enviroment" == "prod" ? 6 : 1\n');
});

test("W4: a line starting with '-' in an array; the fix inserts the comma", async () => {
  const { action, fixed } = await fixOnce("w4.jsson", "offsets = [\n  5\n  -3\n]\n", "JSSON8004");
  assert.is(action.title, "Insert ','");
  assert.is(fixed, "offsets = [\n  5,\n  -3\n]\n");
});

test("W3 and W5 are published as warnings (no fix: nothing to choose for the user)", async () => {
  const uri = uriOf("w3.jsson");
  const published = s.nextDiagnostics(uri);
  await s.connection.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: "jsson", version: version++, text: 'db { host = "h" }\ndb { port = 1 }\np = "a\\d"\n' } });
  const d = (await published) as (PublishedDiagnostic & { severity?: number })[];
  assert.equal(
    d.map((x) => [x.code, x.severity, x.range.start.line]),
    [
      ["JSSON8003", WARNING, 1],
      ["JSSON8005", WARNING, 2],
    ],
  );
  const actions = await s.connection.sendRequest<Action[]>("textDocument/codeAction", { textDocument: { uri }, range: d[0]?.range, context: { diagnostics: d } });
  assert.equal(actions, []);
});

test("a warning inside an included file: at the include, and at its place in that file", async () => {
  const uri = uriOf("main.jsson");
  const inIncluded = s.nextDiagnostics(uriOf("typo.jsson"), (d) => d.length > 0);
  const published = s.nextDiagnostics(uri);
  await s.connection.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: "jsson", version: version++, text: 'include "typo.jsson"\n' } });
  const own = (await published) as (PublishedDiagnostic & { severity?: number })[];
  assert.is(own[0]?.code, "JSSON8001");
  assert.is(own[0]?.severity, WARNING);
  const there = (await inIncluded) as (PublishedDiagnostic & { severity?: number })[];
  assert.equal([there[0]?.code, there[0]?.severity, there[0]?.range.start], ["JSSON8001", WARNING, { line: 1, character: 8 }]);
});

test.run();
