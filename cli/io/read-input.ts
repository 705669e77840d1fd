/**
 * Reads the CLI's input (a file, or stdin for `-` / no file) as bytes and
 * decodes it as UTF-8 the way the include host does, so that invalid bytes
 * become U+FFFD for the lexer to report on its line.
 */
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { resolve } from "node:path";
import { decodeUtf8 } from "../../core/host/node-fs-host.js";
import { maxSourceBytes } from "../../core/host/source-bytes.js";
import { describeError } from "./errno-text.js";

/** The source text and where it came from. */
export type InputResult =
  | { readonly ok: true; readonly text: string; /** Absolute path; absent for stdin. */ readonly file?: string }
  | { readonly ok: false; readonly message: string };

/**
 * How many bytes of the input are read: enough for the engine to report the
 * source-length limit on the right line (its offset lies inside the prefix),
 * never more than could decode to a source within the limit.
 */
export const maxInputBytes: (maxSourceLength: number) => number = maxSourceBytes;

const CHUNK = 1 << 20;
const pause = new Int32Array(new SharedArrayBuffer(4));

/** Read `path` (`-` = stdin) and decode it, at most `maxBytes` (a device such as /dev/zero ends there); `what` names the file in messages. */
export function readInput(path: string, maxBytes: number, what = "input file"): InputResult {
  if (path === "-") return { ok: true, text: decodeUtf8(readFd(0, maxBytes)) };
  const file = resolve(path);
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch (e) {
    return { ok: false, message: `cannot read ${what} "${path}": ${describeError(e)}` };
  }
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) return { ok: false, message: `cannot read ${what} "${path}": is a directory` };
    return { ok: true, text: decodeUtf8(readFd(fd, maxBytes)), file };
  } catch (e) {
    return { ok: false, message: `cannot read ${what} "${path}": ${describeError(e)}` };
  } finally {
    closeSync(fd);
  }
}

/** The bytes of `fd` up to EOF or `maxBytes`. Retries EAGAIN (a non-blocking stdin). */
function readFd(fd: number, maxBytes: number): Buffer {
  const chunks: Buffer[] = [];
  let total = 0;
  while (total < maxBytes) {
    const want = Math.min(CHUNK, maxBytes - total);
    const buf = Buffer.allocUnsafe(want);
    let n: number;
    try {
      n = readSync(fd, buf, 0, want, null);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === "EAGAIN") {
        Atomics.wait(pause, 0, 0, 5);
        continue;
      }
      if (code === "EOF") break;
      throw e;
    }
    if (n === 0) break;
    total += n;
    chunks.push(n === want ? buf : buf.subarray(0, n));
  }
  return chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, total);
}
