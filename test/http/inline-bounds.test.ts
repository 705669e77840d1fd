// #12 item 2: what runs on the event loop (the fast path) is bounded by limits of its own,
// far below the request's; a failure those limits cause is never the answer (the pool runs it
// under the request's limits), and any other failure is answered as the pool would.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createEngine, resolveLimits } from "../../index.js";
import { InlineRunner, INLINE_DEFAULTS, inlineLimits } from "../../cli/serve/inline-runner.js";
import { hostFactory } from "../../cli/serve/jobs/host-factory.js";
import type { TranspileJob } from "../../cli/serve/pool/protocol.js";
import { post, startServer, withoutTimes } from "./helpers.js";

const REQUEST_LIMITS = { timeoutMs: 10_000, maxOutputBytes: 64 * 1024 * 1024, maxRangeItems: 50_000 };
// The breaker off (a cold engine's first attempts may run past the budget while it compiles).
const runner = () => new InlineRunner(createEngine(), hostFactory(undefined), REQUEST_LIMITS, false, new Set(["json", "yaml"]), { ...INLINE_DEFAULTS, maxFailuresPerSecond: Infinity });
const job = (source: string, files: [string, string][] = []): TranspileJob => ({ kind: "transpile", source, format: "json", includeMerge: "keep", streaming: false, streamThreshold: 1_000_000, files });

test("an attempt's limits are the request's, tightened, never loosened", () => {
  const l = inlineLimits(resolveLimits(REQUEST_LIMITS), INLINE_DEFAULTS);
  assert.is(l.timeoutMs, 3);
  assert.ok(l.maxItems <= 20_000 && l.maxRangeItems <= 10_000 && l.maxStringLength <= 64 * 1024 && l.maxOutputBytes <= INLINE_DEFAULTS.maxOutput);
  const tiny = inlineLimits(resolveLimits({ maxRangeItems: 5 }), INLINE_DEFAULTS);
  assert.is(tiny.maxRangeItems, 5);
});

test("small sources are answered inline, their ordinary errors too", () => {
  const r = runner();
  // A cold engine's first runs can pass the 2 ms budget (compilation): warm it up.
  for (let i = 0; i < 50; i++) r.transpile(job(`w = ${i}\nv = 1 / 0`));
  let body: string | undefined;
  for (let i = 0; i < 20 && body === undefined; i++) body = r.transpile(job("a = 1"));
  assert.match(body ?? "", /^\{"success":true,"output":\{\s*"a": 1\s*\}/);
  assert.match(r.transpile(job("a = 1 / 0")) ?? "", /"errors":\["Line 1: division by zero"\]/);
});

test("work past the attempt's own limits leaves the event loop (items, ranges, includes)", () => {
  const r = runner();
  const hostile = [
    "xs = 0..20000\nn = xs == xs\n", // a range past the attempt's range limit
    "xs = (0..200 map (i) = (0..200 map (j) = i * j))\n", // 40,000 values
    'include "big.jsson"\n', // the include's range fails inside it: wrapped, still not answered here
    `xs = (0..9000 map (i) = "${"a".repeat(40)}")\n`, // ~400 KB of output, past the attempt's 256 KiB
  ];
  const files: [string, string][] = [["big.jsson", "ys = 0..30000\n"]];
  for (const source of hostile) assert.is(r.transpile(job(source, files)), undefined, source);
});

test("over HTTP: those requests get the request's own answer, with the request's limits in messages", async () => {
  const s = await startServer({ ...REQUEST_LIMITS });
  const plain = await startServer({ ...REQUEST_LIMITS, inline: false });
  try {
    const cases = [
      { source: "xs = 0..20000\n" },
      { source: "xs = 0..60000\n" },
      { source: `xs = (0..9000 map (i) = "${"a".repeat(40)}")\n` },
      { source: 'include "big.jsson"\n', files: { "big.jsson": "ys = 0..30000\n" } },
      { source: 'include "big.jsson"\n', files: { "big.jsson": "ys = 0..60000\n" } },
    ];
    for (const body of cases) {
      const fast = await post(s.base, "/transpile", body);
      const pool = await post(plain.base, "/transpile", body);
      assert.is(withoutTimes(fast.text), withoutTimes(pool.text), body.source);
    }
    const err = await post(s.base, "/transpile", { source: "xs = 0..60000\n" });
    assert.match(err.json<{ errors: string[] }>().errors[0]!, /limit 50000/);
  } finally {
    await Promise.all([s.close(), plain.close()]);
  }
});

test.run();
