// The worker pool's ring of shared memory for streamed pieces (pool/protocol.ts): a piece's
// memory is reused only once the event loop has said it is done with it, across jobs too.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { WorkerPool, type JobHandlers } from "../../cli/serve/run/pool/worker-pool.js";
import type { TranspileJob } from "../../cli/serve/run/protocol.js";
import { WorkCounts } from "../../cli/serve/run/work-counts.js";
import { createEngine } from "../../index.js";

function makePool(timeoutMs: number): WorkerPool {
  return new WorkerPool({
    size: 1,
    maxQueue: 8,
    includeRoot: undefined,
    limits: { timeoutMs, maxOutputBytes: 1 << 30, maxRangeItems: 10_000_000 },
    sendTimeoutMs: timeoutMs,
    graceMs: 2000,
    memoryMb: 512,
    workCounts: new WorkCounts().buffer,
    log: () => undefined,
  });
}
const pool = makePool(30_000);
/** A pool whose jobs end after 3 s: A's evaluation fits in it on a loaded machine, and the stream then waits out the rest. */
const shortPool = makePool(3000);
test.before(() => Promise.all([pool.start(), shortPool.start()]).then(() => undefined));
test.after(() => Promise.all([pool.close(), shortPool.close()]).then(() => undefined));

function job(source: string): TranspileJob {
  return { kind: "transpile", source, format: "yaml", includeMerge: "keep", streaming: true, streamThreshold: 10_000, files: [] };
}

/** Runs a streamed job; `onPiece` decides when each piece's memory is given back. */
function run(source: string, onPiece: (bytes: Uint8Array, written: () => void) => void, on = pool): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    const handlers: JobHandlers = {
      body: (bytes) => resolve(Buffer.from(bytes).toString("utf8")),
      streamStart: (bytes) => void parts.push(Buffer.from(bytes)),
      chunk: (bytes, written) => {
        parts.push(Buffer.from(bytes)); // a copy, as the socket would send it right now
        onPiece(bytes, written);
      },
      streamEnd: (bytes) => {
        parts.push(Buffer.from(bytes));
        resolve(Buffer.concat(parts).toString("utf8"));
      },
      streamAbort: (reason) => reject(new Error(reason)),
      failed: (why, detail) => reject(new Error(`${why}: ${detail}`)),
    };
    if (!on.submit(job(source), handlers)) reject(new Error("queue full"));
  });
}

const A = 'who = "A"\nrows = (0..30000 map (i) = { id = i, name = "a_" + i, note = "αβγ ✓ 𝄞" })\n';
const B = 'who = "B"\nrows = (0..100000 map (i) = { id = i * 7, name = "b-" + i })\n';

test("pieces still held when a job ends are not overwritten by the next job", async () => {
  // Job A: give pieces back late, keeping the three newest held (a slow socket); at its end they stay held.
  const held: { view: Uint8Array; copy: Buffer; written: () => void }[] = [];
  const a = await run(A, (view, written) => {
    held.push({ view, copy: Buffer.from(view), written });
    while (held.length > 3) held.shift()!.written();
  });
  assert.is(held.length, 3, "A ended with pieces still on their way");
  // Job B runs while A's last pieces are held, giving its own back at once.
  let bPieces = 0;
  const b = await run(B, (_view, written) => {
    bPieces++;
    written();
  });
  assert.ok(bPieces > 8, `B streamed ${bPieces} pieces through the ring`);
  for (const [i, h] of held.entries()) assert.ok(Buffer.compare(Buffer.from(h.view), h.copy) === 0, `A's held piece ${i} was overwritten`);
  for (const h of held) h.written();
  const engine = createEngine();
  for (const [got, source] of [[a, A], [b, B]] as const) {
    const want = engine.transpile(source, { format: "yaml" });
    assert.ok(want.ok);
    if (want.ok) assert.ok(JSON.parse(got).output === want.output, "streamed output differs from the engine's");
  }
});

test("a reader that never lets go of its pieces: the stream ends at the time limit and the worker is free again", async () => {
  const held: (() => void)[] = [];
  const stuck = await run(A, (_view, written) => void held.push(written), shortPool).then(
    () => "completed",
    (e: Error) => e.message,
  );
  // the limit ended it (no clock: the message says which limit, and the ring's size bounds the pieces)
  assert.is(stuck, "time limit reached while the client was reading");
  assert.ok(held.length > 0 && held.length <= 4, `${held.length} pieces held: the ring's size bounds what a reader can hold`);
  // The response is gone: its pieces are given back, and the same worker streams the next job.
  for (const written of held) written();
  const next = await run(B, (_view, written) => written(), shortPool);
  assert.ok(next.startsWith('{"success":true'));
});

test.run();
