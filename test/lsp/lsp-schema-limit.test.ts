// #26 finding 1 in the language server: a schema check counts no work (anyOf of two recursions:
// 2^40 steps inside the validator), so the server terminates its evaluation thread at the run's limit.
// The editor gets a "validation timed out" warning, and the server keeps answering. Asserted in what
// the server counts (jsson/evaluationStats: threads started, jobs completed, requests waiting) and in
// the order and text of what it publishes; the waits below are test deadlines, never compared with a time.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { EvaluationCounts } from "../../cli/lsp/evaluation-queue.js";
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
const stats = async (): Promise<EvaluationCounts> => (await s.connection.sendRequest("jsson/evaluationStats")) as EvaluationCounts;

test("an exponential schema check ends at the server's limit as a warning; the document waiting behind it is checked next, in a new thread", async () => {
  const before = await stats();
  const published: string[] = [];
  const deep = s.nextDiagnostics(uri("deep.jsson"), (d) => d.length > 0, 60_000).then((d) => (published.push("deep"), d));
  const small = s.nextDiagnostics(uri("small.jsson"), (d) => d.length > 0, 60_000).then((d) => (published.push("small"), d));
  // one evaluation thread, one job at a time, in the order asked: the small document waits behind the deep one
  await open("deep.jsson", "x {\n".repeat(40) + "y = 1\n" + "}\n".repeat(40));
  await open("small.jsson", "x {\n  y = 1\n}\n");

  const d = await deep;
  assert.is(d.length, 1);
  assert.is(d[0]?.source, "jsson schema");
  assert.is(d[0]?.message, `${join(dir, "schema.json")}: validation timed out (limit ${LSP_LIMITS.timeoutMs} ms)`);

  // the stopped thread was replaced, and the small document is checked as usual in the new one
  const m = await small;
  assert.equal(published, ["deep", "small"]);
  assert.is(m.length, 1);
  assert.is(m[0]?.source, "jsson schema");
  assert.match(m[0]?.message ?? "", /^schema: .*x/);
  const after = await stats();
  assert.is(after.threads, before.threads + 1, "one thread stopped at the limit, one new thread");
  assert.is(after.completed, before.completed + 2);
  assert.is(after.cancelled, before.cancelled);
  assert.is(after.running + after.queued, 0);
});

test.run();
