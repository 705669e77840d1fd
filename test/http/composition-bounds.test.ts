// LANGUAGE.md §16.3 over HTTP (HTTP.md §6): a spread of a big range streams like
// the range itself, and the copy bomb (`ys = [...xs, ...xs, ...xs]` of a
// million-element `xs`) ends in a complete `Line <n>:` failure at the server's
// array limit, on a worker, while the server keeps answering. (Under the default
// limits it is a lazy array that streams, 3 million items.)
import { test } from "uvu";
import * as assert from "uvu/assert";
import { post, startServer, withoutTimes, type TestServer } from "./helpers.js";

let s: TestServer;
/** Arrays of at most 2.5 million elements: the bomb's 3 million pass the limit while they are spliced. */
let capped: TestServer;
test.before(async () => {
  s = await startServer({ workers: 1 });
  capped = await startServer({ workers: 1, maxRangeItems: 2_500_000 });
});
test.after(async () => {
  await s.close();
  await capped.close();
});

test("a spread of a range above stream_threshold streams by itself, the same bytes as buffered", async () => {
  const source = "head := [-1]\nxs = [...head, ...0..300000]\n";
  const auto = await post(s.base, "/transpile", { source });
  assert.is(auto.headers["transfer-encoding"], "chunked");
  const off = await post(s.base, "/transpile", { source, stream_threshold: 1_000_000 });
  assert.ok(off.headers["content-length"] !== undefined);
  assert.ok(withoutTimes(auto.text) === withoutTimes(off.text));
  const xs = auto.json<{ output: { xs: number[] } }>().output.xs;
  assert.is(xs.length, 300002);
  assert.equal([xs[0], xs[1], xs[300001]], [-1, 0, 300000]);
});

test("three spreads of a million-element range past the array limit: a complete success:false at the spreading line, and the server answers the next request", async () => {
  const bomb = post(capped.base, "/transpile", { source: "xs := 1..1000000\nys = [...xs, ...xs, ...xs]\n" });
  const small = await post(capped.base, "/transpile", { source: "a = [1] + [2]\n" });
  assert.equal(small.json<{ output: unknown }>().output, { a: [1, 2] });
  const r = await bomb;
  assert.is(r.status, 200, r.text);
  const body = r.json<{ success: boolean; errors?: string[] }>();
  assert.is(body.success, false, r.text.slice(0, 300));
  assert.is(body.errors?.[0], "Line 2: array too large (limit 2500000)");
});

test.run();
