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
import type { TextSink } from "../core/plugin.js";
import { writeAllSync, type BlockSink } from "./cli-fd-writer.js";

const MEMORY_LIMIT = 4 * 1024 * 1024;
const BLOCK = 1024 * 1024;

export class SpoolSink implements TextSink {
  private parts: string[] = [];
  private size = 0;
  private spill: { dir: string | undefined; fd: number } | undefined;

  write(chunk: string): void {
    this.parts.push(chunk);
    this.size += chunk.length;
    if (this.size >= (this.spill ? BLOCK : MEMORY_LIMIT)) this.toFile();
  }

  /** Hand everything to `out` (in order), then release the spool. */
  commit(out: BlockSink): void {
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
      if (this.spill.dir !== undefined) rmSync(this.spill.dir, { recursive: true, force: true });
      this.spill = undefined;
    }
  }

  private toFile(): void {
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
    writeAllSync(this.spill.fd, Buffer.from(this.parts.join(""), "utf8"));
    this.parts = [];
    this.size = 0;
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
