/**
 * Issue #26, the attacker's pass, round 3 (bench/attack/, bench/RESULTS.md):
 * variants of the fifteen findings' classes that escaped the first fixes,
 * each reproduced here through a real server and asserted by what the code
 * guarantees (statuses, messages, counts), never by elapsed time.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { connect } from "node:net";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createEngine, MemoryHost } from "../../index.js";
import { post, startServer, type TestServer } from "../http/helpers.js";
import { startServe } from "../http/serve-child.js";

let root: string;
let rooted: TestServer;

test.before(async () => {
  root = mkdtempSync(join(tmpdir(), "jsson-attack-"));
  writeFileSync(join(root, "secret.jsson"), 'token = "s3cret"\n');
  rooted = await startServer({ includeRoot: root });
});
test.after(async () => {
  await rooted.close();
  rmSync(root, { recursive: true, force: true });
});

/** A POST written on a raw socket with these exact `Host` lines: the status code and whether the secret came back. */
function rawPost(port: number, hostLines: readonly string[]): Promise<{ status: number; leaked: boolean }> {
  const body = JSON.stringify({ source: 'include "secret.jsson"\n' });
  return new Promise((resolve, reject) => {
    const sock = connect(port, "127.0.0.1");
    let got = "";
    sock.setEncoding("utf8");
    sock.on("data", (d: string) => (got += d));
    sock.on("error", reject);
    sock.on("close", () => resolve({ status: Number(got.split(" ")[1]), leaked: got.includes("s3cret") }));
    const hosts = hostLines.map((h) => `Host: ${h}\r\n`).join("");
    sock.write(`POST /transpile HTTP/1.1\r\n${hosts}Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  });
}

test("finding 8 variant: two Host lines name no host (Node reads the first, a proxy may have routed by the second): 403, nothing read", async () => {
  const one = await rawPost(rooted.port, ["localhost"]);
  assert.equal(one, { status: 200, leaked: true }, "one allowed Host line is answered");
  for (const lines of [
    ["localhost", "evil.example"],
    ["evil.example", "localhost"],
    ["localhost", "localhost"],
  ]) {
    assert.equal(await rawPost(rooted.port, lines), { status: 403, leaked: false }, lines.join(" + "));
  }
});

test("finding 7 variant: a schema with a lone surrogate and one with U+FFFD never share a compiled schema (one worker, so one cache)", async () => {
  const server = await startServe(["-port", "0", "-host", "127.0.0.1", "-processes", "1", "-workers", "1", "-q", "-playground=false"]);
  try {
    // the schema texts differ in one code unit; their UTF-8 encodings (which the cache's key hashed) do not
    const schema = (c: string) => `{"properties":{"t":{"const":"${c}"}}}`;
    const victim = { source: 't = "\ufffd"\n', schema: schema("\ufffd") };
    const attacker = { source: 't = "x"\n', schema: schema("\ud800") };
    const answer = async (body: object) => (await post(server.base, "/validate-schema", body)).json<{ valid: boolean; errors: string[] }>();
    const first = await answer(attacker);
    assert.is(first.valid, false, "the attacker's own request fails its own schema");
    assert.is(first.errors.length, 1);
    for (let i = 0; i < 2; i++) {
      const v = await answer(victim);
      assert.equal([v.valid, v.errors], [true, []], "the victim's valid data, checked with the victim's schema");
    }
    assert.equal((await answer(attacker)).errors, first.errors, "and the attacker's again with its own");
  } finally {
    await server.stop();
  }
});

test("long numbers: a JSON include's integer of 10^6 digits is out of range before BigInt reads it (superlinear in the digits)", () => {
  const real = globalThis.BigInt;
  let longest = 0;
  const counting = (value: string | number | bigint | boolean) => {
    if (typeof value === "string") longest = Math.max(longest, value.length);
    return real(value);
  };
  globalThis.BigInt = Object.assign(counting, real) as BigIntConstructor;
  try {
    const files = { "d.json": `{"a":${"9".repeat(1_000_000)},"b":-${"9".repeat(1_000_000)},"c":9223372036854775807}` };
    const r = createEngine().transpile('include "d.json"\n', { host: new MemoryHost(files) });
    assert.is(r.ok, false);
    const cause = !r.ok ? (r.diagnostics[0] as { cause?: { message: string } }).cause : undefined;
    assert.is(cause?.message, 'integer out of range in "d.json"');
    assert.ok(longest <= 20, `BigInt read a string of ${longest} characters`);
    const ok = createEngine().transpile('include "d.json"\n', { host: new MemoryHost({ "d.json": '{"c":9223372036854775807,"d":-9223372036854775808}' }) });
    assert.ok(ok.ok && ok.output === '{\n  "c": 9223372036854775807,\n  "d": -9223372036854775808\n}\n', ok.ok ? ok.output : "");
  } finally {
    globalThis.BigInt = real;
  }
});

test.run();
