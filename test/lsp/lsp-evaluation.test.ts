/**
 * Evaluation off the server's thread, through the real `jsson lsp` over
 * stdio, on W3 (bench/workloads/w3.jsson, about 5,000 lines) with a schema
 * association (so a run is evaluate, check, locate): requests answer while
 * an evaluation runs; an edit cancels the running evaluation; a stream of
 * 200 edits, a hover after each, leaves nothing queued behind, has every
 * hover answered from the text just sent (the tree rebuilt after each
 * edit), ends in the diagnostics of the last text, and leaves memory flat. Read through the server's
 * `jsson/evaluationStats` request (counts, not times).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { EvaluationCounts } from "../../cli/lsp/evaluation-queue.js";
import { REPO_ROOT } from "../support/repo-root.js";
import { startSession, type LspSession, type PublishedDiagnostic } from "./lsp-client.js";

/** The answer to `jsson/evaluationStats`. */
type Stats = EvaluationCounts & { readonly memory: { readonly rss: number; readonly heapUsed: number } };

const W3 = readFileSync(join(REPO_ROOT, "bench", "workloads", "w3.jsson"), "utf8");
const W3_LINES = W3.split("\n").length - 1; // W3 ends with a line break: an appended line is this one (0-based)
const dir = mkdtempSync(join(tmpdir(), "jsson-lsp-evaluation-"));
writeFileSync(join(dir, "jsson.config.json"), JSON.stringify({ schemas: { "*.jsson": "schema.json" } }));
// one failure (svc0's port is 8000): the check fails, so the run locates it too
writeFileSync(join(dir, "schema.json"), JSON.stringify({ type: "object", properties: { svc0: { type: "object", properties: { port: { maximum: 10 } } } } }));
const uri = pathToFileURL(join(dir, "w3.jsson")).href;
let s: LspSession;
let version = 1;

const stats = async (): Promise<Stats> => (await s.connection.sendRequest("jsson/evaluationStats")) as Stats;

/** Ask for the stats until `ok` holds for them (a deadline, no fixed sleep: each answer is the next question's start). */
async function statsWhen(ok: (x: Stats) => boolean, what: string, timeoutMs = 20_000): Promise<Stats> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const x = await stats();
    if (ok(x)) return x;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms; last stats ${JSON.stringify(x)}`);
    await new Promise((r) => setImmediate(r));
  }
}

async function change(text: string): Promise<void> {
  await s.connection.sendNotification("textDocument/didChange", { textDocument: { uri, version: ++version }, contentChanges: [{ text }] });
}

/** W3 with a division by zero appended, `k` characters in (so each text's error is at its own column). */
const withError = (k: number): string => W3 + `${"x".repeat(k + 1)} = 1 / 0\n`;
/** Whether diagnostics are those of `withError(k)`: the division by zero at its column (the operator's). */
const isOf = (k: number) => (d: readonly PublishedDiagnostic[]) =>
  d.some((x) => x.range.start.line === W3_LINES && x.range.start.character === withError(k).slice(W3.length).indexOf("/") && /division by zero/.test(x.message));
const schemaFailure = (d: readonly PublishedDiagnostic[]): boolean => d.some((x) => x.source === "jsson schema" && /svc0\.port/.test(x.message));

test.before(async () => {
  s = await startSession(pathToFileURL(dir).href);
});

test.after(async () => {
  assert.is(await s.close(), 0);
  rmSync(dir, { recursive: true, force: true });
});

test("hover and completion answer from the last parse while W3's evaluation runs, before its diagnostics", async () => {
  let publishedFirst = false;
  const diagnostics = s.nextDiagnostics(uri, undefined, 30_000).then((d) => {
    publishedFirst = true;
    return d;
  });
  await s.connection.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: "jsson", version, text: W3 } });
  await statsWhen((x) => x.running === 1, "the evaluation of W3 starts");
  const [hover, completion] = await Promise.all([
    s.connection.sendRequest("textDocument/hover", { textDocument: { uri }, position: { line: 12, character: 10 } }) as Promise<{ contents: { value: string } } | null>,
    s.connection.sendRequest("textDocument/completion", { textDocument: { uri }, position: { line: 12, character: 9 } }) as Promise<{ label: string }[]>,
  ]);
  const answeredWhile = !publishedFirst;
  const during = await stats();
  assert.ok(answeredWhile, "hover and completion answered before the evaluation's diagnostics were published");
  assert.match(hover?.contents.value ?? "", /\*\*basePort\*\* — name \(`:=`/, "hover read the parse");
  assert.ok(completion.some((i) => i.label === "basePort") && completion.some((i) => i.label === "region"), "completion offers the names in scope");
  assert.is(during.started, 1);
  const d = await diagnostics;
  assert.ok(schemaFailure(d), `the schema failure is published: ${JSON.stringify(d.map((x) => x.message))}`);
  const after = await stats();
  assert.equal([after.started, after.completed, after.cancelled, after.running, after.queued], [1, 1, 0, 0, 0]);
});

test("an edit cancels the running evaluation: its diagnostics are never published", async () => {
  const before = await stats();
  const published = s.published(uri).length;
  await change(withError(0));
  await statsWhen((x) => x.started > before.started && x.running === 1, "the evaluation of the edited text starts");
  const last = s.nextDiagnostics(uri, isOf(1), 30_000);
  await change(withError(1));
  const d = await last;
  assert.ok(d.length > 0);
  const after = await stats();
  assert.is(after.cancelled, before.cancelled + 1, "the running evaluation was cancelled");
  assert.is(after.started, after.completed + after.cancelled + after.running);
  assert.equal(s.published(uri).slice(published).filter(isOf(0)), [], "the cancelled text's diagnostics never came");
});

/** The hover on the key of the line `withError` appends (its first column). */
async function hoverOnAppendedKey(): Promise<string> {
  const h = (await s.connection.sendRequest("textDocument/hover", { textDocument: { uri }, position: { line: W3_LINES, character: 0 } })) as { contents: { value: string } } | null;
  return h?.contents.value ?? "";
}

test("a stream of 200 edits in 2 s: nothing queued behind, every hover from the latest text, few evaluations run to the end, the last text's diagnostics, memory flat", async () => {
  const before = await stats();
  const published = s.published(uri).length;
  const edits = 200;
  const last = s.nextDiagnostics(uri, isOf(edits - 1), 60_000);
  let pauses = 0;
  /** Hovers that named the key of the text just sent (the tree of the latest version, not an earlier one's). */
  let current = 0;
  for (let k = 0; k < edits; k++) {
    await change(withError(k));
    // a request after an edit sees that edit (one connection, in order): the key just grew to k + 1 letters
    if ((await hoverOnAppendedKey()).startsWith(`**${"x".repeat(k + 1)}** — key, defined at line ${W3_LINES + 1}`)) current++;
    await new Promise((r) => setTimeout(r, 10)); // the typist's pace (200 edits in about 2 s), not a wait for the server
    if (k % 50 === 49 && k < edits - 1) {
      // the typist pauses until an evaluation starts, then types on: the next edit finds it running (or just ended)
      const started = (await stats()).started;
      await statsWhen((x) => x.started > started, "an evaluation starts in the pause");
      pauses++;
    }
  }
  await last;
  const after = await stats();
  assert.is(after.running, 0, "no evaluation runs after the last text's diagnostics");
  assert.is(after.queued, 0, "no evaluation waits");
  assert.ok(after.maxQueued <= 1, `at most one request waits per open document (at most ${after.maxQueued})`);
  assert.is(after.started, after.completed + after.cancelled, "every evaluation started ended, completed or cancelled");
  const started = after.started - before.started;
  assert.ok(started > pauses && started <= edits, `an evaluation in each pause and at the end, at most one per edit (${started})`);
  assert.is(current, edits, "every hover answered from the text just sent");
  // the evaluations that ran to the end: the last text's, and at most one per pause (the next edit comes as soon as it starts)
  const completed = after.completed - before.completed;
  assert.ok(completed >= 1 && completed <= pauses + 1, `${completed} evaluations ran to the end, ${after.cancelled - before.cancelled} were cancelled`);
  const since = s.published(uri).slice(published);
  assert.ok(isOf(edits - 1)(since[since.length - 1] ?? []), "the last diagnostics published are those of the last text");
  const growth = after.memory.rss - before.memory.rss;
  console.log(`200 edits: ${after.started - before.started} evaluations started, ${after.cancelled - before.cancelled} cancelled, ${after.completed - before.completed} completed; rss ${(before.memory.rss / 2 ** 20).toFixed(0)} → ${(after.memory.rss / 2 ** 20).toFixed(0)} MiB, threads ${after.threads}`);
  assert.ok(growth < 256 * 2 ** 20, `rss grew by ${(growth / 2 ** 20).toFixed(0)} MiB`);
});

test.run();
