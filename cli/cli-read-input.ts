/**
 * Reads the CLI's input (a file, or stdin for `-` / no file) as bytes and
 * decodes it as UTF-8 the way the include host does, so that invalid bytes
 * become U+FFFD for the lexer to report on its line.
 */
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { resolve } from "node:path";
import { decodeUtf8 } from "../core/host/node-fs-host.js";
import { describeError } from "./cli-errno.js";

/** The source text and where it came from. */
export type InputResult =
  | { readonly ok: true; readonly text: string; /** Absolute path; absent for stdin. */ readonly file?: string }
  | { readonly ok: false; readonly message: string };

/**
 * How many bytes of the input are read. A UTF-8 character takes at most 3
 * bytes per UTF-16 code unit, so a longer input is over the engine's
 * source-length limit anyway: reading this much is enough for the engine
 * to report that limit on the right line (its offset lies inside the
 * prefix), and never builds a string longer than V8 can hold.
 */
export function maxInputBytes(maxSourceLength: number): number {
  return Math.min(3 * maxSourceLength + 4, 500_000_000);
}

const CHUNK = 1 << 20;
const pause = new Int32Array(new SharedArrayBuffer(4));

/** Read `path` (`-` = stdin) and decode it. */
export function readInput(path: string, maxBytes: number): InputResult {
  if (path === "-") return { ok: true, text: decodeUtf8(readFd(0, maxBytes)) };
  const file = resolve(path);
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch (e) {
    return { ok: false, message: `cannot read input file "${path}": ${describeError(e)}` };
  }
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) return { ok: false, message: `cannot read input file "${path}": is a directory` };
    return { ok: true, text: decodeUtf8(readFd(fd, maxBytes)), file };
  } catch (e) {
    return { ok: false, message: `cannot read input file "${path}": ${describeError(e)}` };
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
