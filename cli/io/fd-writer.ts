/**
 * Synchronous writes to a file descriptor, in blocks. The CLI writes its
 * output with `fs.writeSync` rather than through `process.stdout` so that a
 * large document never piles up in a stream buffer and nothing is lost when
 * the process exits: every byte is out when `finish()` returns. Files are
 * written through file-replacement.ts.
 */
import { writeSync } from "node:fs";
import { isatty } from "node:tty";
import { TextDecoder } from "node:util";
import type { TextSink } from "../../core/plugin/index.js";
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

/** Whether stdout is a terminal (asked once): output shown there has its control characters escaped. */
let stdoutTerminal: boolean | undefined;
function stdoutIsTerminal(): boolean {
  return (stdoutTerminal ??= isatty(1));
}

/**
 * Write a command's output to stdout (fd 1). On a terminal, control
 * characters that came from the data (ESC, BEL, C1, bidi overrides) are
 * shown as escapes ({@link terminalText}) rather than obeyed; a pipe or a
 * file gets the bytes unchanged.
 */
export function writeStdout(text: string): void {
  writeAllSync(1, Buffer.from(stdoutIsTerminal() ? terminalText(text) : text, "utf8"));
}

/**
 * A {@link TextSink} that gathers chunks into ~64 KB blocks and writes each
 * block to stdout as UTF-8 ({@link writeStdout}: escaped on a terminal).
 */
export class StdoutSink implements TextSink {
  private parts: string[] = [];
  private size = 0;
  /** On a terminal, bytes handed over are decoded to be escaped (a character may straddle two blocks). */
  private decoder: TextDecoder | undefined;

  write(chunk: string): void {
    this.parts.push(chunk);
    this.size += chunk.length;
    if (this.size >= BLOCK) this.flush();
  }

  /** Write encoded bytes (after any pending text). */
  writeBytes(bytes: Uint8Array): void {
    this.flush();
    if (!stdoutIsTerminal()) return writeAllSync(1, bytes);
    writeStdout((this.decoder ??= new TextDecoder()).decode(bytes, { stream: true }));
  }

  /** Write what is left. */
  finish(): void {
    if (this.decoder !== undefined) this.write(this.decoder.decode());
    this.flush();
  }

  private flush(): void {
    if (this.size === 0) return;
    const text = this.parts.length === 1 ? (this.parts[0] as string) : this.parts.join("");
    this.parts = [];
    this.size = 0;
    writeStdout(text);
  }
}
