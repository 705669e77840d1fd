// The spool (cli/io/spool-sink.ts) hands back exactly the text written to it, past its memory
// part too, with surrogate pairs split between writes kept whole (it encodes part by part).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { SpoolSink } from "../../cli/io/spool-sink.js";

/** A spool holding `pieces` writes of ~70 KB, each ending with the high half of a pair whose low half starts the next; and the text written. */
function filled(pieces: number): { spool: SpoolSink; written: string } {
  const spool = new SpoolSink();
  const written: string[] = [];
  const piece = "ab😀" + "x".repeat(70_000) + "é";
  for (let i = 0; i < pieces; i++) {
    const text = (i === 0 ? "" : "\uDE00") + piece + "\uD83D";
    spool.write(text);
    written.push(text);
  }
  spool.write("\uDE00end");
  written.push("\uDE00end");
  return { spool, written: written.join("") };
}

/** What a consumer copying every part it is handed got, as bytes. */
function taken(parts: Iterable<string | Uint8Array>): Buffer {
  const back: Buffer[] = [];
  for (const p of parts) back.push(typeof p === "string" ? Buffer.from(p, "utf8") : Buffer.from(p));
  return Buffer.concat(back);
}

test("text past the memory part, pairs split between writes, comes back byte for byte", () => {
  const { spool, written } = filled(200);
  const back: Buffer[] = [];
  spool.commit({ write: (t) => void back.push(Buffer.from(t, "utf8")), writeBytes: (b) => void back.push(Buffer.from(b)) });
  const expected = Buffer.from(written, "utf8");
  const got = Buffer.concat(back);
  assert.ok(expected.length > 4 * 1024 * 1024, "the file part was used");
  assert.ok(got.equals(expected), `${got.length} vs ${expected.length} bytes`);
});

test("chunks(): the same bytes, from the file part and from memory, in blocks of about a MiB, each whole UTF-8 (a writer converts them one by one)", () => {
  for (const pieces of [200, 40]) {
    const { spool, written } = filled(pieces);
    const expected = Buffer.from(written, "utf8");
    let count = 0;
    const got = taken(
      (function* () {
        for (const c of spool.chunks()) {
          count++;
          yield c;
        }
      })(),
    );
    assert.ok(got.equals(expected), `${pieces} writes: ${got.length} vs ${expected.length} bytes`);
    assert.ok(count <= Math.ceil(expected.length / (1024 * 1024)) + 1, `${pieces} writes: ${count} chunks`);
  }
});

test.run();
