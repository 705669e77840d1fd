/**
 * Reads the CLI's input (a file, or stdin for `-` / no file) as bytes and
 * decodes it as UTF-8 the way the include host does, so that invalid bytes
 * become U+FFFD for the lexer to report on its line.
 */
import { closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats } from "node:fs";
import { resolve } from "node:path";
import { decodeUtf8 } from "../../core/host/node-fs-host.js";
import { maxSourceBytes } from "../../core/host/source-bytes.js";
import { DEFAULT_LIMITS } from "../../core/values/limits.js";
import { describeError } from "./errno-text.js";

/** The source text and where it came from. */
export type InputResult =
  | { readonly ok: true; readonly text: string; /** Absolute path; absent for stdin. */ readonly file?: string }
  | { readonly ok: false; readonly message: string };

const CHUNK = 1 << 20;
/** For the fallback wait: {@link readFd}. */
const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Read `path` (`-` = stdin) and decode it, at most `maxBytes` (by default
 * enough for the engine to report the source-length limit on the right line,
 * never more than could decode to a source within it); `what` names the file
 * in messages. A named file is looked at before it is opened: only
 * a regular file is read (a FIFO would block the open, a device such as
 * /dev/zero never ends; stdin is the way to pipe text in), and one larger
 * than `maxBytes` is refused from its size, before a byte is read. It is
 * opened without blocking and checked again, so a file swapped for a FIFO
 * in between is refused too.
 */
export function readInput(path: string, maxBytes = maxSourceBytes(DEFAULT_LIMITS.maxSourceLength), what = "input file"): InputResult {
  const fail = (reason: string): InputResult => ({ ok: false, message: `cannot read ${what} "${path}": ${reason}` });
  /** Why a file with these stats is not read, or undefined when it is a regular file within `maxBytes`. */
  const refusedFile = (st: Stats): InputResult | undefined => {
    if (st.isDirectory()) return fail("is a directory");
    // the source (never a schema) can come from a pipe: say how
    if (!st.isFile()) return fail(`is not a regular file (${specialKind(st)})${what === "input file" ? "; pipe its text to stdin (-) instead" : ""}`);
    return st.size > maxBytes ? fail(tooLarge(st.size, maxBytes)) : undefined;
  };
  if (path === "-") {
    const size = regularSize(0);
    if (size !== undefined && size > maxBytes) return fail(tooLarge(size, maxBytes));
    try {
      return { ok: true, text: decodeUtf8(readFd(0, maxBytes)) };
    } catch (e) {
      // stdin redirected from a folder (`jsson < /tmp`: EISDIR), or closed
      return fail(describeError(e));
    }
  }
  const file = resolve(path);
  let fd: number | undefined;
  try {
    const refused = refusedFile(statSync(file)) ?? refusedFile(fstatSync((fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK))));
    return refused ?? { ok: true, text: decodeUtf8(readFd(fd as number, maxBytes)), file };
  } catch (e) {
    return fail(describeError(e));
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function tooLarge(size: number, maxBytes: number): string {
  return `too large (${size} bytes; at most ${maxBytes} bytes are read)`;
}

function specialKind(st: Stats): string {
  if (st.isFIFO()) return "a FIFO";
  if (st.isCharacterDevice()) return "a character device";
  if (st.isBlockDevice()) return "a block device";
  if (st.isSocket()) return "a socket";
  return "a special file";
}

/** The size of `fd` when it is a regular file (stdin redirected from a file), else undefined. */
function regularSize(fd: number): number | undefined {
  try {
    const st = fstatSync(fd);
    return st.isFile() ? st.size : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The bytes of `fd` up to EOF or `maxBytes`. A read that finds a non-blocking
 * stdin empty (EAGAIN) makes it blocking for the rest of the input
 * ({@link blockStdin}), so that the next read waits in the kernel and returns
 * as soon as the writer writes: no polling, however slow or bursty the writer
 * and however busy the machine. A regular file or a blocking pipe never
 * meets EAGAIN and reads as before.
 */
function readFd(fd: number, maxBytes: number): Buffer {
  const chunks: Buffer[] = [];
  let total = 0;
  let unblock: (() => void) | false | undefined;
  try {
    while (total < maxBytes) {
      const want = Math.min(CHUNK, maxBytes - total);
      const buf = Buffer.allocUnsafe(want);
      let n: number;
      try {
        n = readSync(fd, buf, 0, want, null);
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        if (code === "EAGAIN") {
          unblock ??= blockStdin(fd) ?? false;
          // only fd 0 can be non-blocking here (readInput reads regular files only, which never say EAGAIN); should it refuse, poll gently
          if (unblock === false) Atomics.wait(pause, 0, 0, 1);
          continue;
        }
        if (code === "EOF") break;
        throw e;
      }
      if (n === 0) break;
      total += n;
      chunks.push(n === want ? buf : buf.subarray(0, n));
    }
  } finally {
    if (typeof unblock === "function") unblock();
  }
  return chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, total);
}

/**
 * Clear O_NONBLOCK on stdin (a parent that shares the pipe or socket set it,
 * or something in this process created `process.stdin`); returns the function
 * that sets it again, so that the pipe is left as it was found (Node also
 * restores fd 0's flags at exit). `undefined` when `fd` is not stdin or its
 * stream has no handle that can (a regular file, which never says EAGAIN).
 * process.stdin is only created here, where fd 0 is non-blocking already
 * (creating it is what makes a pipe non-blocking).
 */
function blockStdin(fd: number): (() => void) | undefined {
  if (fd !== 0) return undefined;
  // node's libuv stream wrap
  const handle = (process.stdin as unknown as { _handle?: { setBlocking?(blocking: boolean): number } | null })._handle;
  if (typeof handle?.setBlocking !== "function" || handle.setBlocking(true) !== 0) return undefined;
  return () => void handle.setBlocking?.(false);
}
