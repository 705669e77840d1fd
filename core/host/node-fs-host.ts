/**
 * Include host over the real file system (used by the CLI). Relative paths
 * resolve against the including file's folder (or the working directory for a
 * root source without a file). With `root`, every resolved real path
 * (symlinks followed) must stay inside `root`.
 *
 * A read opens the file first and checks the open descriptor, never the path:
 * its real path (for `root`), its type and its size come from the descriptor,
 * so a symlink swapped between the check and the read cannot redirect it.
 * The open is non-blocking, so a FIFO or a device never hangs it, and only a
 * regular file is read, at most {@link NodeFsHostOptions.maxFileBytes} bytes.
 */
import { closeSync, constants, fstatSync, openSync, readlinkSync, readSync, realpathSync, statSync, type Stats } from "node:fs";
import { dirname, isAbsolute, relative, resolve, sep } from "node:path";
import { DEFAULT_LIMITS } from "../values/limits.js";
import type { HostResult, IncludeHost } from "./include-host.js";
import { maxSourceBytes } from "./source-bytes.js";

export interface NodeFsHostOptions {
  /** Confine reads to this folder (symlinks followed). */
  readonly root?: string;
  /** Base folder for relative includes in a root source that has no file; default `process.cwd()`. */
  readonly cwd?: string;
  /**
   * Largest file read, in bytes; a larger one is refused from its size alone.
   * Default: the most bytes that can decode to a source within the default
   * source-length limit (`maxSourceBytes(DEFAULT_LIMITS.maxSourceLength)`).
   */
  readonly maxFileBytes?: number;
}

// O_NOCTTY: opening a terminal device must not make it ours; O_NONBLOCK: a FIFO with no writer must not hang the open.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

export class NodeFsHost implements IncludeHost {
  private readonly root: string | undefined;
  private readonly cwd: string;
  private readonly maxFileBytes: number;

  constructor(options: NodeFsHostOptions = {}) {
    this.root = options.root === undefined ? undefined : realpathSync(resolve(options.root));
    this.cwd = options.cwd ?? this.root ?? process.cwd();
    this.maxFileBytes = options.maxFileBytes ?? maxSourceBytes(DEFAULT_LIMITS.maxSourceLength);
  }

  resolve(path: string, from: string | undefined): HostResult<string> {
    if (path.includes("\0")) return { ok: false, detail: "invalid path" };
    if (this.root !== undefined && isAbsolute(path)) return { ok: false, detail: "absolute paths are not allowed" };
    const base = from === undefined ? this.cwd : dirname(from);
    return { ok: true, value: resolve(base, path) };
  }

  /** Whether the real path `real` lies inside the root. */
  private inside(real: string): boolean {
    const rel = relative(this.root ?? "/", real);
    return !(rel === ".." || rel.startsWith(".." + sep) || isAbsolute(rel));
  }

  read(id: string): HostResult<string> {
    let fd: number | undefined;
    try {
      // a path that plainly leads out of the root is refused without being opened (opening a device can act);
      // the check that counts is the one on the descriptor below
      if (this.root !== undefined && !this.inside(realpathSync(id))) return { ok: false, detail: OUTSIDE };
      fd = openSync(id, OPEN_FLAGS);
      const st = fstatSync(fd);
      if (this.root !== undefined) {
        const real = descriptorPath(fd, id, st);
        if (real === undefined) return { ok: false, detail: "file changed while being opened" };
        if (!this.inside(real)) return { ok: false, detail: OUTSIDE };
      }
      if (!st.isFile()) return { ok: false, detail: st.isDirectory() ? "is a directory" : "not a regular file" };
      // refused from its size alone when it can be, else once it reads past the limit (a file that grew after fstat)
      const bytes = st.size > this.maxFileBytes ? undefined : readBounded(fd, this.maxFileBytes);
      if (bytes === undefined) return { ok: false, detail: `file too large (limit ${this.maxFileBytes} bytes)` };
      return { ok: true, value: decodeUtf8(bytes) };
    } catch (e) {
      return { ok: false, detail: errnoDetail(e) };
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  }
}

const OUTSIDE = "outside the include root";

function errnoDetail(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  return code === "ENOENT" ? "no such file" : code === "EACCES" ? "permission denied" : code === "ELOOP" ? "too many symbolic links" : (code ?? "read error");
}

/**
 * The real path of the file open on `fd`. On Linux the kernel says it
 * (`/proc/self/fd/N`); elsewhere the path's real path counts only if it
 * names the same file (device and inode) as the descriptor.
 */
function descriptorPath(fd: number, id: string, st: Stats): string | undefined {
  if (process.platform === "linux") {
    try {
      const link = readlinkSync(`/proc/self/fd/${fd}`);
      if (isAbsolute(link) && !link.endsWith(" (deleted)")) return link;
    } catch {
      // no /proc (a sandbox): fall through to the portable check
    }
  }
  try {
    const real = realpathSync(id);
    const again = statSync(real);
    return again.dev === st.dev && again.ino === st.ino ? real : undefined;
  } catch {
    return undefined;
  }
}

/** The bytes of `fd` to EOF, or `undefined` once more than `limit` (a file that grew after fstat). */
function readBounded(fd: number, limit: number): Buffer | undefined {
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const buf = Buffer.allocUnsafe(Math.min(1 << 20, limit + 1 - total));
    const n = readSync(fd, buf, 0, buf.length, null);
    if (n === 0) break;
    total += n;
    if (total > limit) return undefined;
    chunks.push(buf.subarray(0, n));
  }
  return Buffer.concat(chunks, total);
}

/** Decode UTF-8; invalid sequences become U+FFFD, which the lexer reports as an illegal character. */
export function decodeUtf8(bytes: Uint8Array): string {
  return new TextDecoder("utf-8", { fatal: false, ignoreBOM: true }).decode(bytes);
}
