/**
 * Every answer is computed from its own request (HTTP.md §3, issue #26
 * finding 7): texts that differ only where their UTF-8 encodings agree (a
 * lone surrogate becomes U+FFFD when encoded) never share an answer, however
 * often one of them was sent first; nor do texts that differ past the first
 * 16 Ki characters (where V8 hashes a string by its length alone).
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { post, startServer, type TestServer } from "./helpers.js";

let s: TestServer;
test.before(async () => {
  s = await startServer({ workers: 2 });
});
test.after(() => s.close());

/** The value of `token` in the answer to `source`. */
async function tokenOf(source: string): Promise<unknown> {
  const r = await post(s.base, "/transpile", { source });
  assert.is(r.status, 200, r.text);
  const json = r.json<{ success: boolean; output: { token: unknown } }>();
  assert.is(json.success, true, r.text);
  return json.output.token;
}

test("a lone surrogate and U+FFFD: each text gets its own answer, in either order, however often", async () => {
  const comment = `// ${"x".repeat(2100)}\n`;
  const attacker = `token = "\ud800"\n${comment}`;
  const victim = `token = "\ufffd"\n${comment}`;
  assert.is.not(attacker, victim);
  assert.is(Buffer.from(attacker).equals(Buffer.from(victim)), true, "the two texts encode alike in UTF-8");
  for (let i = 0; i < 3; i++) assert.is(await tokenOf(attacker), "\ud800");
  for (let i = 0; i < 3; i++) assert.is(await tokenOf(victim), "\ufffd");
  assert.is(await tokenOf(attacker), "\ud800");
});

test("long texts of one length that differ only at their end get their own answers", async () => {
  const pad = `// ${"y".repeat(40_000)}\n`;
  const first = `${pad}token = "a"\n`;
  const second = `${pad}token = "b"\n`;
  assert.is(first.length, second.length);
  for (let i = 0; i < 3; i++) assert.is(await tokenOf(first), "a");
  assert.is(await tokenOf(second), "b");
  assert.is(await tokenOf(first), "a");
});

test.run();
