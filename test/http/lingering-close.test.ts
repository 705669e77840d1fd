// HTTP.md §2: a 413 that clients actually receive. Node's fetch writes its whole body
// before reading: without a lingering close it often got EPIPE / ECONNRESET instead.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { connect } from "node:net";
import { startServer, type TestServer } from "./helpers.js";
import { LINGER_MS } from "../../cli/serve/http/lingering-close.js";

let s: TestServer;
test.before(async () => {
  s = await startServer({ maxBodyBytes: 2 * 1024 * 1024 });
});
test.after(() => s.close());

const FIFTY_MB = Buffer.alloc(50 * 1024 * 1024, 0x20);

test("fetch posting 50 MB gets the 413 every time (20 tries)", async () => {
  const outcomes: string[] = [];
  for (let i = 0; i < 20; i++) {
    try {
      const r = await fetch(s.base + "/transpile", { method: "POST", body: FIFTY_MB, headers: { "Content-Type": "application/json" } });
      const body = (await r.json()) as { error: string; limit_bytes: number };
      outcomes.push(`${r.status} ${body.limit_bytes}`);
    } catch (e) {
      const cause = (e as { cause?: { code?: string } }).cause;
      outcomes.push(`error ${cause?.code ?? String(e)}`);
    }
  }
  assert.equal(outcomes, Array(20).fill(`413 ${2 * 1024 * 1024}`));
});

test("fetch with a streamed (chunked) 50 MB body gets the 413 too", async () => {
  for (let i = 0; i < 3; i++) {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let off = 0; off < FIFTY_MB.length; off += 1 << 20) controller.enqueue(FIFTY_MB.subarray(off, off + (1 << 20)));
        controller.close();
      },
    });
    const r = await fetch(s.base + "/transpile", { method: "POST", body, duplex: "half" } as RequestInit);
    assert.is(r.status, 413);
    await r.arrayBuffer();
  }
});

test("the lingering is bounded: a client that never stops sending is cut after LINGER_MS", async () => {
  let sent = 0;
  let gaveUp = false;
  const result = await new Promise<{ text: string }>((resolve) => {
    let text = "";
    // allowHalfOpen: the server's half-close (its FIN after the answer) does not end this side's sending.
    const sock = connect({ port: s.port, host: "127.0.0.1", allowHalfOpen: true }, () => {
      sock.write(`POST /transpile HTTP/1.1\r\nHost: x\r\nContent-Length: ${1024 * 1024 * 1024}\r\n\r\n`);
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = setInterval(() => {
        if (sock.destroyed) return clearInterval(pump);
        sock.write(chunk);
        sent += chunk.length;
      }, 20);
      sock.on("close", () => clearInterval(pump));
    });
    // a deadline for the server's cut, generous: this side closing first is the failure
    const guard = setTimeout(() => ((gaveUp = true), sock.destroy()), LINGER_MS + 30_000);
    sock.on("data", (d) => (text += d.toString("latin1")));
    sock.on("error", () => undefined);
    sock.on("close", () => {
      clearTimeout(guard);
      resolve({ text });
    });
  });
  assert.match(result.text, /^HTTP\/1\.1 413 /);
  assert.not.ok(gaveUp, `the server never cut the connection (${sent} bytes sent)`);
});

test.run();
