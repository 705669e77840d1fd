/**
 * A sink that holds the output until the run is known to have succeeded:
 * in memory up to {@link MEMORY_LIMIT} characters, then in a temporary file.
 * The CLI writes through it so the engine can evaluate lazy data once (no
 * verify pass) and still never print a partial document followed by an
 * error; memory stays flat however large the output is.
 *
 * The temporary file is unlinked (and its folder removed) as soon as it is
 * open: the spool lives on through the descriptor only, so nothing is left
 * in the temporary folder however the process ends — SIGINT, SIGTERM,
 * SIGHUP, even SIGKILL — while a long synchronous run could not have run a
 * signal handler in time. (Where an open file cannot be unlinked, Windows,
 * it is removed by {@link SpoolSink.discard} instead.)
 */
import { closeSync, mkdtempSync, openSync, readSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TextSink } from "../../core/plugin/index.js";
import { writeAllSync } from "./fd-writer.js";

/** Where {@link SpoolSink.commit} hands the spooled output: text kept in memory, and bytes read back from the spool file. */
export interface SpoolTarget {
  write(text: string): void;
  writeBytes(bytes: Uint8Array): void;
}

const MEMORY_LIMIT = 4 * 1024 * 1024;
const BLOCK = 1024 * 1024;
const ENCODER = new TextEncoder();

export class SpoolSink implements TextSink {
  private parts: string[] = [];
  private size = 0;
  private spill: { dir: string | undefined; fd: number } | undefined;
  private block: Uint8Array | undefined;

  write(chunk: string): void {
    this.parts.push(chunk);
    this.size += chunk.length;
    if (this.size >= (this.spill ? BLOCK : MEMORY_LIMIT)) this.toFile();
  }

  /** Hand everything to `out` (in order), then release the spool. */
  commit(out: SpoolTarget): void {
    try {
      if (this.spill) for (const block of this.spilledBlocks()) out.writeBytes(block);
      else for (const p of this.parts) out.write(p);
    } finally {
      this.discard();
    }
  }

  /**
   * Everything spooled, in order, as blocks of UTF-8 taken one at a time
   * (for a writer that awaits between them, {@link replaceFile}; a block is
   * valid until the next is taken); the spool is released once they are taken.
   */
  *chunks(): Generator<Uint8Array> {
    try {
      if (this.spill) yield* this.spilledBlocks();
      else yield* this.encoded(true); // in memory (at most MEMORY_LIMIT characters): in blocks, not one per piece
    } finally {
      this.discard();
    }
  }

  /** The spool file's bytes (what is still in memory written to it first), in blocks read into one buffer: a block is valid until the next is taken. */
  private *spilledBlocks(): Generator<Uint8Array> {
    this.toFile(true);
    const { fd } = this.spill as { fd: number };
    const buf = Buffer.allocUnsafe(BLOCK);
    let position = 0;
    for (;;) {
      const n = readSync(fd, buf, 0, BLOCK, position);
      if (n === 0) return;
      position += n;
      yield buf.subarray(0, n);
    }
  }

  /** Drop the spooled text (the run failed). */
  discard(): void {
    this.parts = [];
    this.size = 0;
    if (this.spill) {
      closeSync(this.spill.fd);
      if (this.spill.dir !== undefined) rmSync(this.spill.dir, { recursive: true, force: true });
      this.spill = undefined;
    }
  }

  private toFile(final = false): void {
    if (!this.spill) {
      const dir = mkdtempSync(join(tmpdir(), "jsson-spool-"));
      let fd: number;
      try {
        fd = openSync(join(dir, "output"), "wx+", 0o600);
      } catch (e) {
        rmSync(dir, { recursive: true, force: true });
        throw e;
      }
      this.spill = { dir: unlinkedNow(dir) ? undefined : dir, fd };
    }
    if (this.size === 0) return;
    for (const bytes of this.encoded(final)) writeAllSync(this.spill.fd, bytes);
  }

  /**
   * The parts, taken, as blocks of UTF-8 (each valid until the next is taken), encoded into one reused block, never
   * joined: joined blocks (and fresh Buffers) of a MiB and more are memory V8 frees only in full collections (measured in
   * the HTTP server: ~70 MB more peak RSS over a 130 MB output). Unless `final`, a high surrogate ending the last part
   * stays, waiting for its pair.
   */
  private *encoded(final: boolean): Generator<Uint8Array> {
    // a small output needs no MiB
    const block = (this.block ??= new Uint8Array(Math.min(BLOCK, 3 * this.size + 4)));
    let used = 0;
    let carry = "";
    for (let i = 0; i < this.parts.length; i++) {
      let rest = carry + (this.parts[i] as string);
      carry = "";
      const last = rest.charCodeAt(rest.length - 1);
      if (last >= 0xd800 && last <= 0xdbff && !(final && i === this.parts.length - 1)) {
        carry = rest.slice(-1);
        rest = rest.slice(0, -1);
      }
      while (rest.length > 0) {
        // encodeInto never splits a character: a block's bytes are whole UTF-8 sequences.
        const { read, written } = ENCODER.encodeInto(rest, block.subarray(used));
        used += written;
        rest = read === rest.length ? "" : rest.slice(read);
        if (rest.length > 0) {
          yield block.subarray(0, used);
          used = 0;
        }
      }
    }
    if (used > 0) yield block.subarray(0, used);
    this.parts = carry === "" ? [] : [carry];
    this.size = carry.length;
  }
}

/** Remove the spool's folder and file while the file stays open; false where the system refuses (then `discard` removes them). */
function unlinkedNow(dir: string): boolean {
  try {
    rmSync(dir, { recursive: true });
    return true;
  } catch {
    return false;
  }
}
