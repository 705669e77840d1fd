// #12: requests can never make the supervisor give the service up. HTTP processes of a real
// `jsson serve -processes 2` are killed 11 times in well under a minute (the old supervisor
// stopped for good after the tenth) while /health is polled: it keeps answering.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { delay, send } from "./helpers.js";
import { startServe as serve } from "./serve-child.js";
import { restartDelayMs } from "../../cli/serve/run-server.js";
import { waitFor } from "../support/wait-for.js";

/** A port free right now (a fixed port: with -port 0 a fresh cluster socket could get another). */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** The supervisor's child processes (Linux /proc). */
function childrenOf(pid: number): number[] {
  const text = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
  return text === "" ? [] : text.split(/\s+/).map(Number);
}

/** GET /health: its status, or the connection error's code ("STALLED": a connection silent for a minute, a deadline for a service that stopped answering). */
function probe(base: string): Promise<string> {
  return send(base, "/health", { stalledAfterMs: 60_000 }).then(
    (r) => String(r.status),
    (e: NodeJS.ErrnoException) => e.code ?? String(e),
  );
}


test("replacements are immediate at first, then spaced out, never refused", () => {
  assert.equal([1, 10, 11, 12, 13, 100].map(restartDelayMs), [0, 0, 250, 500, 1000, 5000]);
});

test("killing HTTP processes 11 times: /health answers throughout, the supervisor never gives up", async () => {
  const port = await freePort();
  const s = await serve(["-port", String(port), "-host", "127.0.0.1", "-processes", "2", "-workers", "2", "-quiet", "-playground=false"]);
  const supervisor = s.child.pid!;
  const statuses = new Map<string, number>();
  let polling = true;
  /** Polls answered 200 so far. */
  let answered = 0;
  const poller = (async () => {
    while (polling) {
      const key = await probe(s.base);
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
      if (key === "200") answered++;
      await delay(20); // the poller's pace, not a wait for anything
    }
  })();
  try {
    const listening = () => (s.stderr().match(/server process \d+ listening/g) ?? []).length;
    const KILLS = 11;
    for (let kill = 1; kill <= KILLS; kill++) {
      // each kill comes once /health has answered since the last one: the service answers between all of them
      const before = answered;
      await waitFor(() => answered > before, { what: `an answer from /health before kill ${kill}` });
      const [victim] = childrenOf(supervisor);
      assert.ok(victim, "a child to kill");
      process.kill(victim!, "SIGKILL");
      // Kill again only once the replacement listens: the other process answers meanwhile.
      await waitFor(() => listening() >= kill, { what: `replacement ${kill}` });
    }
    polling = false;
    await poller;
    // A connection the killed process had accepted is reset with it (SIGKILL): at most one poll per kill.
    const seen = JSON.stringify(Object.fromEntries(statuses));
    for (const key of statuses.keys()) assert.ok(key === "200" || key === "ECONNRESET", seen); // never "STALLED"
    assert.ok((statuses.get("ECONNRESET") ?? 0) <= KILLS, seen);
    assert.ok(answered >= KILLS, `answered between the kills: ${seen}`);
    assert.not.match(s.stderr(), /stopping/);
    assert.is(childrenOf(supervisor).length, 2);

    // Both at once: the port closes with the last process, and answers again once a replacement listens.
    for (const pid of childrenOf(supervisor)) process.kill(pid, "SIGKILL");
    await waitFor(async () => (await probe(s.base)) === "200", { what: `the port to answer again; stderr: ${s.stderr()}` });
  } finally {
    polling = false;
    await poller;
    s.child.kill("SIGTERM");
    assert.is(await s.exit, 0);
  }
});

test.run();
