/**
 * Plugin code never runs on the event loop, and runs once per request
 * (issue #26): a plugin that taps every hook, the json emitter's ahead of
 * the built-in one (stage -100), is loaded into a real `jsson serve` with
 * `-plugin`; each tap notes whether it ran on a main thread. Three identical
 * requests call each tap three times, every time in a worker thread.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fixturesDir, post } from "./helpers.js";
import { startServe, type ServeProcess } from "./serve-child.js";

const dir = mkdtempSync(join(tmpdir(), "jsson-plugin-threads-"));
const log = join(dir, "probe.log");
let server: ServeProcess;

test.before(async () => {
  writeFileSync(log, "");
  server = await startServe(["-port", "0", "-host", "127.0.0.1", "-processes", "1", "-workers", "2", "-q", "-plugin", join(fixturesDir, "thread-probe-plugin.mjs")], {
    THREAD_PROBE_LOG: log,
  });
});

test.after(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** POST `body` to `path` `times` times; the taps called meanwhile, counted by "hook thread". */
async function tapsOf(path: string, body: unknown, times: number): Promise<Record<string, number>> {
  writeFileSync(log, "");
  for (let i = 0; i < times; i++) {
    const r = await post(server.base, path, body);
    assert.is(r.status, 200, r.text);
  }
  const seen: Record<string, number> = {};
  for (const line of readFileSync(log, "utf8").split("\n")) if (line !== "") seen[line] = (seen[line] ?? 0) + 1;
  return seen;
}

test("/transpile (json, a small source): each tap once per request, in a worker; three identical requests, three calls", async () => {
  const seen = await tapsOf("/transpile", { source: "a = 1\n" }, 3);
  assert.equal(seen, { "parsed worker": 3, "evaluated worker": 3, "emit.json worker": 3 });
});

test("/transpile (yaml) with an include: the include's taps too, all in a worker", async () => {
  const seen = await tapsOf("/transpile", { source: 'include "b.jsson"\na = 1\n', format: "yaml", files: { "b.jsson": "b = 2\n" } }, 3);
  assert.equal(seen, { "parsed worker": 6, "resolveInclude worker": 3, "evaluated worker": 3, "emit.yaml worker": 3 });
});

test("/validate-schema: the validate tap too, in a worker", async () => {
  const seen = await tapsOf("/validate-schema", { source: "port = 1\n", schema: '{"type":"object"}' }, 3);
  assert.equal(seen, { "parsed worker": 3, "evaluated worker": 3, "emit.json worker": 3, "validate worker": 3 });
});

test("/validate: the parse tap, in a worker", async () => {
  const seen = await tapsOf("/validate", { source: "a = 1\n" }, 3);
  assert.equal(seen, { "parsed worker": 3 });
});

test.run();
