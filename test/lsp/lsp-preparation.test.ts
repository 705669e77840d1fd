/**
 * What the server builds ahead and keeps between versions gives the answers
 * a server that builds everything fresh gives, through the real `jsson lsp`
 * over stdio:
 * - requests sent right behind the didOpen of W3 (bench/workloads/w3.jsson),
 *   while its tree and outline are built in steps between messages
 *   (cli/lsp/document-preparation.ts), answer as they do once it is built;
 * - semantic tokens, folding ranges and document symbols after random
 *   incremental edits (kept per top-level item, joined with moved lines)
 *   equal those of a fresh server opened with the final text.
 */
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { TextDocument } from "vscode-languageserver-textdocument";
import type { PreparationCounts } from "../../cli/lsp/document-preparation.js";
import { REPO_ROOT } from "../support/repo-root.js";
import { waitFor } from "../support/wait-for.js";
import { at, startSession, type LspSession } from "./lsp-client.js";

const W3 = readFileSync(join(REPO_ROOT, "bench", "workloads", "w3.jsson"), "utf8");

let edited: LspSession;
let fresh: LspSession;

test.before(async () => {
  [edited, fresh] = await Promise.all([startSession(null), startSession(null)]);
});

test.after(async () => {
  await Promise.all([edited.close(), fresh.close()]);
});

const preparation = async (s: LspSession): Promise<PreparationCounts> => ((await s.connection.sendRequest("jsson/evaluationStats")) as { preparation: PreparationCounts }).preparation;

/**
 * The editor requests on a whole document, one of each kind. A hover's value
 * preview is left out: it comes with W3's evaluation, which runs on its own
 * thread and ends before or after the tree is prepared as the machine's load
 * has it (what is compared here is what the preparation builds).
 */
async function editorRequests(s: LspSession, uri: string, text: string): Promise<unknown[]> {
  const textDocument = { uri };
  const answers = await Promise.all([
    s.connection.sendRequest("textDocument/hover", { textDocument, position: at(text, "basePort + 0") }),
    s.connection.sendRequest("textDocument/completion", { textDocument, position: at(text, "basePort + 0") }),
    s.connection.sendRequest("textDocument/hover", { textDocument, position: at(text, "svc100 {") }),
    s.connection.sendRequest("textDocument/semanticTokens/full", { textDocument }),
    s.connection.sendRequest("textDocument/foldingRange", { textDocument }),
    s.connection.sendRequest("textDocument/documentSymbol", { textDocument }),
  ]);
  return answers.map((a) => {
    const hover = a as { contents?: { value?: unknown } } | null;
    if (typeof hover?.contents?.value !== "string") return a;
    return { ...hover, contents: { ...hover.contents, value: hover.contents.value.split("\n\n```json")[0] } };
  });
}

test("requests sent right behind the didOpen of W3 answer as they do once its tree and outline are built ahead", async () => {
  const uri = "file:///prepared/w3.jsson";
  const before = await preparation(edited);
  // not awaited in between: the requests follow the didOpen on the wire, and reach the server while it prepares W3
  const opening = edited.connection.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: "jsson", version: 1, text: W3 } });
  const early = editorRequests(edited, uri, W3);
  await opening;
  const answers = await early;
  const done = await waitFor(async () => {
    const p = await preparation(edited);
    return p.prepared > before.prepared && p;
  }, { what: "W3 prepared" });
  assert.ok(done.steps > before.steps, "the preparation ran in steps");
  assert.equal(await editorRequests(edited, uri, W3), answers);

  // the hover says what basePort is and where; the completion offers the names in scope
  const hover = answers[0] as { contents: { value: string } };
  assert.match(hover.contents.value, /\*\*basePort\*\* — /);
  const labels = (answers[1] as { label: string }[]).map((c) => c.label);
  for (const name of ["basePort", "svc0", "svc100", "port"]) assert.ok(labels.includes(name), `completion offers ${name}`);
  assert.ok((answers[3] as { data: number[] }).data.length > 5 * 10_000, "W3 has tens of thousands of semantic tokens");

  // the same requests of a server that opened W3 and was left to build everything first
  await fresh.connection.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: "jsson", version: 1, text: W3 } });
  await waitFor(async () => (await preparation(fresh)).prepared > 0, { what: "W3 prepared on the other server" });
  assert.equal(await editorRequests(fresh, uri, W3), answers);
  await edited.connection.sendNotification("textDocument/didClose", { textDocument: { uri } });
  await fresh.connection.sendNotification("textDocument/didClose", { textDocument: { uri } });
});

const BASE = `// a service
base := { host = "h", port = 80 }
svc {
  port = base.port + 1
  // two
  // comments
  name = "a
b"
  tags = [1, 2,
    3]
  greet = \`hi \${base.host}
there\`
  @preset "p" { x = 1 }
}
other = svc.port // on the line of an item
a = 1 b = [
  2] c = 3 /* a block
comment */ d = a.
e
`;
const PIECES = ["a", "x.y", "=", ":=", "{", "}", "[", "]", "(", ")", ",", ".", "\n", "\r\n", " ", "// c\n", '"s"', '"', "`t${a}`", "`", "@", '@use "p"', "1", "include", "map"];

/** The requests whose answers are kept per top-level item. */
function itemRequests(s: LspSession, uri: string): Promise<unknown[]> {
  const textDocument = { uri };
  return Promise.all([
    s.connection.sendRequest("textDocument/semanticTokens/full", { textDocument }),
    s.connection.sendRequest("textDocument/foldingRange", { textDocument }),
    s.connection.sendRequest("textDocument/documentSymbol", { textDocument }),
  ]);
}

test("semantic tokens, folding and symbols after random edits equal a fresh server's on the same text", async () => {
  let run = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(fc.tuple(fc.nat(), fc.nat(4), fc.constantFrom(...PIECES)), { minLength: 1, maxLength: 8 }), async (edits) => {
      const uri = `file:///edited/${run++}.jsson`;
      let doc = TextDocument.create(uri, "jsson", 1, BASE);
      await edited.connection.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: "jsson", version: 1, text: BASE } });
      await itemRequests(edited, uri);
      for (const [where, remove, insert] of edits) {
        const start = where % (doc.getText().length + 1);
        const range = { start: doc.positionAt(start), end: doc.positionAt(start + remove) };
        doc = TextDocument.update(doc, [{ range, text: insert }], doc.version + 1);
        await edited.connection.sendNotification("textDocument/didChange", { textDocument: { uri, version: doc.version }, contentChanges: [{ range, text: insert }] });
        // answered after each edit: the next version reuses what this one kept
        await itemRequests(edited, uri);
      }
      const text = doc.getText();
      await fresh.connection.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: "jsson", version: 1, text } });
      const want = await itemRequests(fresh, uri);
      const got = await itemRequests(edited, uri);
      await edited.connection.sendNotification("textDocument/didClose", { textDocument: { uri } });
      await fresh.connection.sendNotification("textDocument/didClose", { textDocument: { uri } });
      assert.equal(got, want, `after edits ${JSON.stringify(edits)}: ${JSON.stringify(text)}`);
    }),
    { numRuns: 40 },
  );
});

test.run();
