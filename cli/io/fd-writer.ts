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
import { describeError } from "./errno-text.js";
import { terminalText } from "../terminal/terminal-text.js";

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
 * Write a run's output to stdout: text through {@link writeStdout}, and
 * blocks of UTF-8 as they are — on a terminal decoded (a character may
 * straddle two blocks) to be escaped.
 */
export function writeOutputToStdout(chunks: Iterable<string | Uint8Array>): void {
  const decoder = new TextDecoder();
  for (const chunk of chunks) {
    if (typeof chunk === "string") writeStdout(chunk);
    else if (!stdoutIsTerminal()) writeAllSync(1, chunk);
    else writeStdout(decoder.decode(chunk, { stream: true }));
  }
  writeStdout(decoder.decode());
}
