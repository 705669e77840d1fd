// The spool (cli/io/spool-sink.ts) hands back exactly the text written to it, past its memory
// part too, with surrogate pairs split between writes kept whole (it encodes part by part).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { SpoolSink } from "../../cli/io/spool-sink.js";

test("text past the memory part, pairs split between writes, comes back byte for byte", () => {
  const spool = new SpoolSink();
  const written: string[] = [];
  const piece = "ab😀" + "x".repeat(70_000) + "é";
  for (let i = 0; i < 200; i++) {
    // Every write ends with the high half of a pair whose low half starts the next.
    const text = (i === 0 ? "" : "\uDE00") + piece + "\uD83D";
    spool.write(text);
    written.push(text);
  }
  spool.write("\uDE00end");
  written.push("\uDE00end");
  const back: Buffer[] = [];
  spool.commit({ write: (t) => void back.push(Buffer.from(t, "utf8")), writeBytes: (b) => void back.push(Buffer.from(b)) });
  const expected = Buffer.from(written.join(""), "utf8");
  const got = Buffer.concat(back);
  assert.ok(expected.length > 4 * 1024 * 1024, "the file part was used");
  assert.ok(got.equals(expected), `${got.length} vs ${expected.length} bytes`);
});

test.run();
