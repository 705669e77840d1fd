// #18: a repeat of a request the fast path answered is answered from memory
// (cli/serve/answer-memo.ts): the same bytes but for transpile_time_ms, never
// the answer to another text, bounded, and off where the fast path is.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { AnswerMemo } from "../../cli/serve/answer-memo.js";
import { post, send, startServer, withoutTimes, type TestServer } from "./helpers.js";

test("a remembered answer gets this request's time; an answer without a time field is returned as it was", () => {
  const memo = new AnswerMemo();
  assert.is(memo.answer("/transpile", "t", 1), undefined);
  memo.remember("/transpile", "t", '{"success":true,"output":{"a":1},"format":"json","transpile_time_ms":0.731}');
  // the time since the given start: 5 ms ago, and a little more by now
  assert.match(memo.answer("/transpile", "t", performance.now() - 5) ?? "", /^\{"success":true,"output":\{"a":1\},"format":"json","transpile_time_ms":5(\.\d{1,3})?\}$/);
  assert.is(memo.answer("/validate", "t", 1), undefined, "each endpoint has its own answers");
  memo.remember("/validate", "t", '{"valid":true,"errors":[]}');
  assert.is(memo.answer("/validate", "t", 1), '{"valid":true,"errors":[]}');
  // The time field must be the last one, with a number: anything else is kept as it is.
  memo.remember("/transpile", "u", '{"output":{"transpile_time_ms":1},"x":2}');
  assert.is(memo.answer("/transpile", "u", 5), '{"output":{"transpile_time_ms":1},"x":2}');
  assert.is(memo.hits, 3);
});

test("bounded: large texts and answers are not kept; the least recently used entry goes first", () => {
  const memo = new AnswerMemo();
  memo.remember("/validate", "x".repeat(16 * 1024 + 1), "{}");
  assert.is(memo.answer("/validate", "x".repeat(16 * 1024 + 1), 0), undefined);
  memo.remember("/validate", "big answer", `{"e":"${"y".repeat(16 * 1024)}"}`);
  assert.is(memo.answer("/validate", "big answer", 0), undefined);
  for (let i = 0; i < 1024; i++) memo.remember("/validate", `text ${i}`, `{"n":${i}}`);
  assert.is(memo.answer("/validate", "text 0", 0), '{"n":0}'); // now the most recently used
  memo.remember("/validate", "one more", '{"n":-1}');
  assert.is(memo.answer("/validate", "text 1", 0), undefined, "the least recently used went");
  assert.is(memo.answer("/validate", "text 0", 0), '{"n":0}');
  assert.is(memo.answer("/validate", "one more", 0), '{"n":-1}');
});

test("bounded by characters too: 4 Mi per endpoint, whatever the number of entries", () => {
  const memo = new AnswerMemo();
  const text = (i: number) => `${i} `.padEnd(8 * 1024, "x");
  // 600 texts of 8 Ki characters: 4.7 Mi, over the bound long before 1,024 entries
  for (let i = 0; i < 600; i++) memo.remember("/transpile", text(i), "{}");
  assert.is(memo.answer("/transpile", text(0), 0), undefined, "the oldest went for characters");
  assert.is(memo.answer("/transpile", text(599), 0), "{}");
  let kept = 0;
  for (let i = 0; i < 600; i++) if (memo.answer("/transpile", text(i), 0) !== undefined) kept++;
  assert.ok(kept < 512 && kept > 400, `${kept} entries kept`);
  assert.is(memo.answer("/validate", text(599), 0), undefined, "another endpoint's bound is its own");
});

/** The server's count of requests answered from memory. */
async function remembered(s: TestServer): Promise<number> {
  const m = /^jsson_remembered_answers_total (\d+)$/m.exec((await send(s.base, "/metrics")).text);
  assert.ok(m, "the metric is exported");
  return Number(m[1]);
}

/** Post `body` until an answer comes from memory (a cold engine's first attempts may run past the fast path's budget and go to the pool). */
async function postUntilRemembered(s: TestServer, path: string, body: unknown): Promise<string[]> {
  const texts: string[] = [];
  const before = await remembered(s);
  for (let i = 0; i < 30; i++) {
    texts.push((await post(s.base, path, body)).text);
    if ((await remembered(s)) > before) return texts;
  }
  assert.unreachable(`no answer from memory after 30 requests: ${texts[0]}`);
  return texts;
}

test("through the server: repeats are answered from memory, byte for byte but the time; other texts are not", async () => {
  const s = await startServer();
  try {
    const body = { source: "n = x * 2\nlist = [n, n + 1]\n", vars: { x: 20 } };
    const texts = await postUntilRemembered(s, "/transpile", body);
    const first = texts[0] as string;
    assert.match(first, /^\{"success":true,"output":\{"n":40,"list":\[40,41\]\},"format":"json","transpile_time_ms":[0-9.]+\}$/);
    for (const t of texts) assert.is(withoutTimes(t), withoutTimes(first));
    // Another text (other vars, the same source): its own answer, never the remembered one.
    const other = await post(s.base, "/transpile", { ...body, vars: { x: 1 } });
    assert.match(other.text, /"output":\{"n":2,"list":\[2,3\]\}/);
    // A failure of the source is as deterministic as a success; /validate's answers too.
    const failed = await postUntilRemembered(s, "/transpile", { source: "a = 1 / 0" });
    assert.match(failed.at(-1) ?? "", /"errors":\["Line 1: division by zero"\]/);
    const valid = await postUntilRemembered(s, "/validate", { source: "a = [1, 2" });
    assert.is(withoutTimes(valid.at(-1) ?? ""), withoutTimes(valid[0] ?? ""));
    assert.match(valid[0] ?? "", /^\{"valid":false/);
  } finally {
    await s.close();
  }
});

test("through the server: what the fast path does not answer is never remembered", async () => {
  const s = await startServer({ maxRangeItems: 100_000 });
  try {
    // Past the fast path's own range limit: the pool answers it, every time.
    const body = { source: "xs = 0..20000\nn = 1\n", format: "yaml" };
    const before = await remembered(s);
    for (let i = 0; i < 3; i++) {
      const r = await post(s.base, "/transpile", body);
      assert.is(r.json().success, true);
    }
    assert.is(await remembered(s), before);
  } finally {
    await s.close();
  }
});

test("off with the fast path, and when asked", async () => {
  for (const options of [{ inline: false }, { memo: false }]) {
    const s = await startServer(options);
    try {
      for (let i = 0; i < 5; i++) assert.match((await post(s.base, "/transpile", { source: "a = 1" })).text, /"output":\{"a":1\}/);
      assert.is(await remembered(s), 0, JSON.stringify(options));
    } finally {
      await s.close();
    }
  }
});

test.run();
