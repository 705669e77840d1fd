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
 * Largest input read, in bytes. Beyond this a source cannot be within the
 * engine's source-length limit anyway, and decoding it could exceed the
 * longest string V8 can hold.
 */
export function maxInputBytes(maxSourceLength: number): number {
  return Math.min(3 * maxSourceLength + 4, 500_000_000);
}

const CHUNK = 1 << 20;
const pause = new Int32Array(new SharedArrayBuffer(4));

/** Read `path` (`-` = stdin) and decode it. */
export function readInput(path: string, maxBytes: number): InputResult {
  if (path === "-") {
    const bytes = readFd(0, maxBytes);
    return bytes ? { ok: true, text: decodeUtf8(bytes) } : tooLarge("stdin", maxBytes);
  }
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
    const bytes = readFd(fd, maxBytes);
    return bytes ? { ok: true, text: decodeUtf8(bytes), file } : tooLarge(`"${path}"`, maxBytes);
  } catch (e) {
    return { ok: false, message: `cannot read input file "${path}": ${describeError(e)}` };
  } finally {
    closeSync(fd);
  }
}

/** All bytes of `fd` up to EOF, or `undefined` past `maxBytes`. Retries EAGAIN (a non-blocking stdin). */
function readFd(fd: number, maxBytes: number): Buffer | undefined {
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const buf = Buffer.allocUnsafe(CHUNK);
    let n: number;
    try {
      n = readSync(fd, buf, 0, CHUNK, null);
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
    if (total > maxBytes) return undefined;
    chunks.push(n === CHUNK ? buf : buf.subarray(0, n));
  }
  return Buffer.concat(chunks, total);
}

function tooLarge(what: string, maxBytes: number): InputResult {
  return { ok: false, message: `input ${what} is too large (more than ${maxBytes} bytes)` };
}
