// The pool hands the jobs queued in one turn of the event loop to a worker as one batch
// (cli/serve/run/pool/worker-pool.ts). Each job of a batch still has its own deadline, a
// worker stopped from outside takes only its running job with it, and the jobs it had not
// begun run elsewhere — each job evaluated exactly once (the shared work counts). The stuck
// job is a plugin's yaml emitter that never returns (fixtures/spin-plugin.mjs).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { WorkerPool, type JobHandlers } from "../../cli/serve/run/pool/worker-pool.js";
import type { TranspileJob } from "../../cli/serve/run/protocol.js";
import { WORK, WorkCounts } from "../../cli/serve/run/work-counts.js";
import { fixturesDir } from "./helpers.js";

const TIMEOUT_MS = 1000;
const SPIN = [{ url: pathToFileURL(join(fixturesDir, "spin-plugin.mjs")).href, origin: "spin-plugin.mjs (test)" }];

function makePool(size: number, counts: WorkCounts): WorkerPool {
  return new WorkerPool({
    size,
    maxQueue: 64,
    includeRoot: undefined,
    limits: { timeoutMs: TIMEOUT_MS, maxOutputBytes: 1 << 20, maxRangeItems: 1_000_000 },
    graceMs: 250,
    memoryMb: 96,
    workCounts: counts.buffer,
    log: () => undefined,
  });
}

function job(source: string, format: "json" | "yaml"): TranspileJob {
  return { kind: "transpile", source, format, includeMerge: "keep", streaming: false, streamThreshold: 10_000, files: [] };
}

/** Submit `job`; resolves with its whole body as text, and the order in which it was answered. */
function submit(pool: WorkerPool, j: TranspileJob, order: string[], name: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const handlers: JobHandlers = {
      body: (data) => {
        order.push(name);
        resolve(typeof data === "string" ? data : Buffer.from(data).toString("utf8"));
      },
      streamStart: () => reject(new Error("unexpected stream")),
      chunk: () => reject(new Error("unexpected stream")),
      streamEnd: () => reject(new Error("unexpected stream")),
      streamAbort: (reason) => reject(new Error(reason)),
      failed: (why, detail) => reject(new Error(`${why}: ${detail}`)),
    };
    if (!pool.submit(j, handlers)) reject(new Error("queue full"));
  });
}

const small = (n: number) => job(`n = ${n}\nname = "job ${n}"`, "json");
const stuck = job("stuck = true", "yaml");

/** Run `body` with a started pool of `workers` (with the spinning plugin) and its work counts; the pool is closed after. */
async function withPool(workers: number, body: (pool: WorkerPool, counts: WorkCounts) => Promise<void>): Promise<void> {
  const counts = new WorkCounts();
  const pool = makePool(workers, counts);
  await pool.start(SPIN);
  try {
    await body(pool, counts);
  } finally {
    await pool.close();
  }
}

test("one worker: a job stopped from outside mid-batch is answered with the time limit; those behind it run once, on the new worker", async () => {
  await withPool(1, async (pool, counts) => {
    const order: string[] = [];
    // Submitted in one turn: one batch [1, stuck, 3, 4].
    const answers = Promise.all([submit(pool, small(1), order, "1"), submit(pool, stuck, order, "stuck"), submit(pool, small(3), order, "3"), submit(pool, small(4), order, "4")]);
    const [a1, s, a3, a4] = await answers;
    for (const [n, body] of [[1, a1], [3, a3], [4, a4]] as const) {
      const answer = JSON.parse(body!);
      assert.is(answer.success, true);
      assert.equal(answer.output, { n, name: `job ${n}` });
    }
    const stopped = JSON.parse(s!);
    assert.is(stopped.success, false);
    assert.match(stopped.errors[0], /timed out \(limit 1000 ms\)/);
    assert.equal(order, ["1", "stuck", "3", "4"]);
    assert.is(pool.counters.overran, 1);
    assert.is(pool.counters.restarts, 1);
    assert.is(counts.read(WORK.EVALUATIONS), 4, "every job evaluated exactly once");
  });
});

test("two workers: jobs batched behind a stuck one are taken over by the idle worker, each evaluated once", async () => {
  await withPool(2, async (pool, counts) => {
    const order: string[] = [];
    const all = [submit(pool, stuck, order, "stuck")];
    for (let n = 1; n <= 7; n++) all.push(submit(pool, small(n), order, String(n)));
    const [s, ...rest] = await Promise.all(all);
    rest.forEach((body, i) => assert.equal(JSON.parse(body!).output, { n: i + 1, name: `job ${i + 1}` }));
    assert.match(JSON.parse(s!).errors[0], /timed out/);
    assert.is(order[order.length - 1], "stuck", "every small job answered before the stuck one was stopped");
    assert.is(counts.read(WORK.EVALUATIONS), 8, "every job evaluated exactly once");
  });
});

test.run();
