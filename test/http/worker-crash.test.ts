// #12 item 3, #26: a worker that dies costs only its own request — nothing for the requests
// running beside it or queued behind it — and is replaced. A job that reaches its memory budget
// (the worker's heap cap) is answered with that limit (200, a source error); a bug is a clean 500.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { join } from "node:path";
import { fixturesDir, post, startServer, type TestServer } from "./helpers.js";

let s: TestServer;
test.before(async () => {
  // A small memory budget so the memory bomb dies fast.
  s = await startServer({ workers: 2, maxMemoryBytes: 64 * 1024 * 1024, plugins: [join(fixturesDir, "fixture-plugin.mjs")] });
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
    if (format === "oom") {
      assert.is(died.status, 200);
      const j = died.json<{ success: boolean; errors: string[]; diagnostics: { code: string }[] }>();
      assert.is(j.success, false);
      assert.equal(j.errors, ["Line 1: evaluation ran out of memory (limit 64 MiB per request)"]);
      assert.is(j.diagnostics[0]?.code, "JSSON6002");
    } else {
      assert.is(died.status, 500);
      assert.equal(died.json(), { error: "internal error", request_id: `bomb-${format}` });
    }
    for (const [i, r] of (await Promise.all(others)).entries()) {
      assert.is(r.status, 200);
      const j = r.json<{ success: boolean; output: string }>();
      assert.is(j.success, true);
      assert.match(j.output, new RegExp(`\\nk: ${i}\\n$`));
    }
    for (const [i, r] of (await Promise.all(more)).entries()) assert.equal(r.json<{ output: unknown }>().output, { late: i });
    assert.ok(s.log.some((l) => l.includes(format === "oom" ? "worker_out_of_memory" : "worker_exited")), s.log.join("\n"));
    // Replaced: both workers take work again (two slow requests at once finish together).
    const again = await Promise.all([post(s.base, "/transpile", { source: WORK }), post(s.base, "/transpile", { source: WORK })]);
    for (const r of again) assert.is(r.json().success, true);
  });
}

test.run();
