/**
 * Synchronous writes to a file descriptor, in blocks. The CLI writes its
 * output with `fs.writeSync` rather than through `process.stdout` so that a
 * large document never piles up in a stream buffer and nothing is lost when
 * the process exits: every byte is out when `finish()` returns.
 */
import { closeSync, openSync, writeSync } from "node:fs";
import type { TextSink } from "../../core/plugin.js";
import { describeError } from "./errno-text.js";
import { terminalText } from "../terminal/terminal-text.js";

const BLOCK = 64 * 1024;
const pause = new Int32Array(new SharedArrayBuffer(4));

/** Thrown when the reader of stdout went away (EPIPE). */
export class BrokenPipeError extends Error {}

/** Thrown when the output cannot be written (e.g. `-o` into a missing folder); the message says why. */
export class OutputWriteError extends Error {}

/** Write all of `data` to `fd`, retrying while a non-blocking descriptor is full (EAGAIN). */
export function writeAllSync(fd: number, data: Uint8Array): void {
  let offset = 0;
  let waitMs = 1;
  while (offset < data.length) {
    try {
      offset += writeSync(fd, data, offset, data.length - offset);
      waitMs = 1;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === "EPIPE") throw new BrokenPipeError("broken pipe");
      if (code !== "EAGAIN") throw new OutputWriteError(`cannot write output: ${describeError(e)}`);
      Atomics.wait(pause, 0, 0, waitMs); // let the reader drain the pipe
      waitMs = Math.min(waitMs * 2, 50);
    }
  }
}

/** Write text for people to stderr (fd 2), control characters shown as escapes ({@link terminalText}). */
export function writeStderr(text: string): void {
  writeAllSync(2, Buffer.from(terminalText(text), "utf8"));
}

/**
 * A {@link TextSink} that gathers chunks into ~64 KB blocks and writes each
 * block as UTF-8. The target is opened on the first write (or at `finish`),
 * so a run that fails before producing output never creates or truncates
 * an output file.
 */
export class BlockSink implements TextSink {
  private parts: string[] = [];
  private size = 0;
  private fd: number | undefined;

  /** @param target fd 1 for stdout, or the path of an output file. */
  constructor(private readonly target: 1 | string) {}

  write(chunk: string): void {
    this.parts.push(chunk);
    this.size += chunk.length;
    if (this.size >= BLOCK) this.flush();
  }

  /** Write encoded bytes (after any pending text). */
  writeBytes(bytes: Uint8Array): void {
    this.flush();
    writeAllSync(this.open(), bytes);
  }

  /** Write what is left and close an output file. */
  finish(): void {
    this.flush();
    const fd = this.open();
    if (typeof this.target === "string") closeSync(fd);
    this.fd = undefined;
  }

  private flush(): void {
    if (this.size === 0) return;
    const text = this.parts.length === 1 ? (this.parts[0] as string) : this.parts.join("");
    this.parts = [];
    this.size = 0;
    writeAllSync(this.open(), Buffer.from(text, "utf8"));
  }

  private open(): number {
    if (this.fd !== undefined) return this.fd;
    if (typeof this.target !== "string") return (this.fd = this.target);
    try {
      return (this.fd = openSync(this.target, "w"));
    } catch (e) {
      throw new OutputWriteError(`cannot write output file "${this.target}": ${describeError(e)}`);
    }
  }
}
