// #12 item 3: a worker that dies (out of memory, a bug) costs only its own request — a clean
// 500 for it, nothing for the requests running beside it or queued behind it — and is replaced.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { join } from "node:path";
import { fixturesDir, post, startServer, type TestServer } from "./helpers.js";

let s: TestServer;
test.before(async () => {
  // A small heap so the memory bomb dies fast.
  s = await startServer({ workers: 2, workerHeapMb: 64, plugins: [join(fixturesDir, "fixture-plugin.mjs")] });
});
test.after(() => s.close());

/** About 50-100 ms of work per request: enough that the others queue behind the crash. */
const WORK = "xs = (0..20000 map (i) = { id = i, sq = i * i })\nn = 1\n";

for (const [format, how] of [["oom", "out of memory"], ["crash", "exits"]] as const) {
  test(`a worker that dies (${how}) costs only its own request`, async () => {
    const others = Array.from({ length: 8 }, (_, i) => post(s.base, "/transpile", { source: WORK + `k = ${i}\n`, format: "yaml" }));
    const bomb = post(s.base, "/transpile", { source: "a = 1", format }, { "X-Request-Id": `bomb-${format}` });
    const more = Array.from({ length: 4 }, (_, i) => post(s.base, "/transpile", { source: `late = ${i}` }));
    const died = await bomb;
    assert.is(died.status, 500);
    assert.equal(died.json(), { error: "internal error", request_id: `bomb-${format}` });
    for (const [i, r] of (await Promise.all(others)).entries()) {
      assert.is(r.status, 200);
      const j = r.json<{ success: boolean; output: string }>();
      assert.is(j.success, true);
      assert.match(j.output, new RegExp(`\\nk: ${i}\\n$`));
    }
    for (const [i, r] of (await Promise.all(more)).entries()) assert.equal(r.json<{ output: unknown }>().output, { late: i });
    assert.ok(s.log.some((l) => l.includes("worker_exited")), s.log.join("\n"));
    // Replaced: both workers take work again (two slow requests at once finish together).
    const again = await Promise.all([post(s.base, "/transpile", { source: WORK }), post(s.base, "/transpile", { source: WORK })]);
    for (const r of again) assert.is(r.json().success, true);
  });
}

test.run();
