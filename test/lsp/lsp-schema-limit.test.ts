// #26 finding 1 in the language server: a schema check counts no work (anyOf of two recursions:
// 2^40 steps inside the validator), so the server terminates its evaluation thread at the run's limit.
// The editor gets a "validation timed out" warning, and the server keeps answering.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { LSP_LIMITS } from "../../cli/lsp/lsp-limits.js";
import { startSession, type LspSession } from "./lsp-client.js";

const dir = mkdtempSync(join(tmpdir(), "jsson-lsp-schema-limit-"));
const uri = (name: string): string => pathToFileURL(join(dir, name)).href;
writeFileSync(join(dir, "jsson.config.json"), JSON.stringify({ schemas: { "*.jsson": "schema.json" } }));
const schema = { $defs: { n: { type: "object", required: ["x"], properties: { x: { anyOf: [{ $ref: "#/$defs/n" }, { $ref: "#/$defs/n" }] } } } }, $ref: "#/$defs/n" };
writeFileSync(join(dir, "schema.json"), JSON.stringify(schema));

let s: LspSession;
test.before(async () => {
  s = await startSession(pathToFileURL(dir).href);
});
test.after(async () => {
  await s.close();
  rmSync(dir, { recursive: true, force: true });
});

const open = (name: string, text: string): Promise<void> =>
  s.connection.sendNotification("textDocument/didOpen", { textDocument: { uri: uri(name), languageId: "jsson", version: 1, text } });

test("an exponential schema check ends at the server's limit as a warning; the next document is still checked", async () => {
  const deep = s.nextDiagnostics(uri("deep.jsson"), (d) => d.length > 0, 30_000);
  await open("deep.jsson", "x {\n".repeat(40) + "y = 1\n" + "}\n".repeat(40));
  const d = await deep;
  // the answer comes at the limit plus the server's grace
  assert.is(d.length, 1);
  assert.is(d[0]?.source, "jsson schema");
  assert.is(d[0]?.message, `${join(dir, "schema.json")}: validation timed out (limit ${LSP_LIMITS.timeoutMs} ms)`);
  // The checking thread was replaced: a small document is checked as usual.
  const small = s.nextDiagnostics(uri("small.jsson"), (x) => x.length > 0);
  await open("small.jsson", "x {\n  y = 1\n}\n");
  const m = await small;
  assert.match(m[0]?.message ?? "", /^schema: .*x/);
});

test.run();
