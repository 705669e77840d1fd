/**
 * A sink that holds the output until the run is known to have succeeded:
 * in memory up to {@link MEMORY_LIMIT} characters, then in a temporary file.
 * The CLI writes through it so the engine can evaluate lazy data once (no
 * verify pass) and still never print a partial document followed by an
 * error; memory stays flat however large the output is.
 */
import { closeSync, mkdtempSync, openSync, readSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TextSink } from "../core/plugin.js";
import { writeAllSync, type BlockSink } from "./cli-fd-writer.js";

const MEMORY_LIMIT = 4 * 1024 * 1024;
const BLOCK = 1024 * 1024;
const ENCODER = new TextEncoder();

export class SpoolSink implements TextSink {
  private parts: string[] = [];
  private size = 0;
  private spill: { dir: string; fd: number } | undefined;
  private block: Uint8Array | undefined;

  write(chunk: string): void {
    this.parts.push(chunk);
    this.size += chunk.length;
    if (this.size >= (this.spill ? BLOCK : MEMORY_LIMIT)) this.toFile();
  }

  /** Hand everything to `out` (in order), then release the spool. */
  commit(out: Pick<BlockSink, "write" | "writeBytes">): void {
    try {
      if (this.spill) {
        this.toFile();
        const { fd } = this.spill;
        const buf = Buffer.allocUnsafe(BLOCK);
        let position = 0;
        for (;;) {
          const n = readSync(fd, buf, 0, BLOCK, position);
          if (n === 0) break;
          position += n;
          out.writeBytes(buf.subarray(0, n));
        }
      } else for (const p of this.parts) out.write(p);
    } finally {
      this.discard();
    }
  }

  /** Drop the spooled text (the run failed). */
  discard(): void {
    this.parts = [];
    this.size = 0;
    if (this.spill) {
      closeSync(this.spill.fd);
      rmSync(this.spill.dir, { recursive: true, force: true });
      this.spill = undefined;
    }
  }

  private toFile(): void {
    if (!this.spill) {
      const dir = mkdtempSync(join(tmpdir(), "jsson-spool-"));
      this.spill = { dir, fd: openSync(join(dir, "output"), "w+") };
    }
    if (this.size === 0) return;
    // Encoded into one reused block: a fresh Buffer per block is memory outside the heap that V8
    // collects late (measured in the HTTP server: ~100 MB more peak RSS over a 130 MB output).
    const block = (this.block ??= new Uint8Array(BLOCK));
    let rest = this.parts.join("");
    while (rest.length > 0) {
      // encodeInto never splits a character: every block holds whole UTF-8 sequences.
      const { read, written } = ENCODER.encodeInto(rest, block);
      writeAllSync(this.spill.fd, block.subarray(0, written));
      rest = read === rest.length ? "" : rest.slice(read);
    }
    this.parts = [];
    this.size = 0;
  }
}
