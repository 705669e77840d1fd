/**
 * The language server on keys used across files (docs/editors.md): find
 * references on a key of an included file lists its uses in the open
 * documents that include it, from either side. Over the real `jsson lsp`,
 * driven by an LSP client.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { at, startSession, type LspSession } from "./lsp-client.js";

const MAIN = `replicas := 3
limits := { cpu = "2", memory = "1Gi" }
base := include "base.jsson"
server {
  depth := replicas * 2
  port = base.port
  copy = depth
  tail := depth + 1 }
mirror := server
db = base.db.host
again = base.port
big := 1..100000
tags = ["x", limits.cpu]
`;
const BASE = `port = 5432
db { host = "db.local" }
url = "pg://" + db.host + ":" + port
`;
const OTHER = `include "base.jsson"
p = port
`;
/** Includes base.jsson, but is never opened: not searched for references. */
const CLOSED = `b := include "base.jsson"
q = b.port
`;

const dir = mkdtempSync(join(tmpdir(), "jsson-lsp-cross-"));
for (const [name, text] of [["main.jsson", MAIN], ["base.jsson", BASE], ["other.jsson", OTHER], ["closed.jsson", CLOSED]] as const) writeFileSync(join(dir, name), text);
const uriOf = (name: string): string => pathToFileURL(join(dir, name)).href;
const [mainUri, baseUri, otherUri] = [uriOf("main.jsson"), uriOf("base.jsson"), uriOf("other.jsson")];

type Place = { line: number; character: number };
type Loc = { uri: string; range: { start: Place } };
let s: LspSession;

const open = async (uri: string, text: string): Promise<void> => {
  const diags = s.nextDiagnostics(uri);
  await s.connection.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: "jsson", version: 1, text } });
  assert.equal(await diags, [], `${uri} evaluates`);
};
const references = async (uri: string, p: Place, includeDeclaration = true): Promise<string[]> => {
  const locs = (await s.connection.sendRequest("textDocument/references", { textDocument: { uri }, position: p, context: { includeDeclaration } })) as Loc[];
  return locs.map((l) => `${l.uri.slice(l.uri.lastIndexOf("/") + 1)}:${l.range.start.line + 1}:${l.range.start.character + 1}`);
};
const place = (file: string, text: string, needle: string, delta = 0, nth = 0): string => {
  const p = at(text, needle, delta, nth);
  return `${file}:${p.line + 1}:${p.character + 1}`;
};

test.before(async () => {
  s = await startSession(pathToFileURL(dir).href);
  await open(mainUri, MAIN);
  await open(otherUri, OTHER);
});

test.after(async () => {
  const code = await s.close();
  rmSync(dir, { recursive: true, force: true });
  assert.is(code, 0);
});

test("references from `base.port` in the includer reach the key, its uses in its file and in every open includer", async () => {
  const expected = [
    place("base.jsson", BASE, "port ="),
    place("base.jsson", BASE, '" + port', 4),
    place("main.jsson", MAIN, "base.port", 5),
    place("main.jsson", MAIN, "base.port", 5, 1),
    place("other.jsson", OTHER, "port"),
  ];
  assert.equal(await references(mainUri, at(MAIN, "base.port", 6)), expected);
  assert.equal(await references(mainUri, at(MAIN, "base.port", 6, 1), false), expected.slice(1), "without the declaration");
  assert.not.ok((await references(mainUri, at(MAIN, "base.port", 6))).some((l) => l.startsWith("closed.jsson")), "a file that is not open is not searched");
});

test("references at the key in the included file (open) list the includers' uses", async () => {
  await open(baseUri, BASE);
  const expected = [place("base.jsson", BASE, "port ="), place("base.jsson", BASE, '" + port', 4), place("main.jsson", MAIN, "base.port", 5), place("main.jsson", MAIN, "base.port", 5, 1), place("other.jsson", OTHER, "port")];
  assert.equal(await references(baseUri, at(BASE, "port =")), expected);
  assert.equal(await references(otherUri, at(OTHER, "= port", 2)), expected, "from a statement includer's plain name too");
});

test("references of a nested key of an included file follow the member chain", async () => {
  assert.equal(await references(mainUri, at(MAIN, "base.db.host", 9)), [place("base.jsson", BASE, "host ="), place("base.jsson", BASE, "db.host", 3), place("main.jsson", MAIN, "base.db.host", 8)]);
});

test.run();
