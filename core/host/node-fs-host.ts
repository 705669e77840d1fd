/**
 * Include host over the real file system (used by the CLI). Relative paths
 * resolve against the including file's folder (or the working directory for a
 * root source without a file). With `root`, every resolved real path
 * (symlinks followed) must stay inside `root`.
 */
import { readFileSync, realpathSync, statSync } from "node:fs";
import { dirname, isAbsolute, relative, resolve, sep } from "node:path";
import type { HostResult, IncludeHost } from "./include-host.js";

export interface NodeFsHostOptions {
  /** Confine reads to this folder (symlinks followed). */
  readonly root?: string;
  /** Base folder for relative includes in a root source that has no file; default `process.cwd()`. */
  readonly cwd?: string;
  /** Largest file read, in bytes. */
  readonly maxFileBytes?: number;
}

export class NodeFsHost implements IncludeHost {
  private readonly root: string | undefined;
  private readonly cwd: string;
  private readonly maxFileBytes: number;

  constructor(options: NodeFsHostOptions = {}) {
    this.root = options.root === undefined ? undefined : realpathSync(resolve(options.root));
    this.cwd = options.cwd ?? this.root ?? process.cwd();
    this.maxFileBytes = options.maxFileBytes ?? 256 * 1024 * 1024;
  }

  resolve(path: string, from: string | undefined): HostResult<string> {
    if (path.includes("\0")) return { ok: false, detail: "invalid path" };
    if (this.root !== undefined && isAbsolute(path)) return { ok: false, detail: "absolute paths are not allowed" };
    const base = from === undefined ? this.cwd : dirname(from);
    return { ok: true, value: resolve(base, path) };
  }

  read(id: string): HostResult<string> {
    try {
      let real = id;
      if (this.root !== undefined) {
        real = realpathSync(id);
        const rel = relative(this.root, real);
        if (rel === ".." || rel.startsWith(".." + sep) || isAbsolute(rel)) return { ok: false, detail: "outside the include root" };
      }
      const st = statSync(real);
      if (!st.isFile()) return { ok: false, detail: st.isDirectory() ? "is a directory" : "not a regular file" };
      if (st.size > this.maxFileBytes) return { ok: false, detail: `file too large (limit ${this.maxFileBytes} bytes)` };
      const bytes = readFileSync(real);
      return { ok: true, value: decodeUtf8(bytes) };
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      return { ok: false, detail: code === "ENOENT" ? "no such file" : code === "EACCES" ? "permission denied" : (code ?? "read error") };
    }
  }
}

/** Decode UTF-8; invalid sequences become U+FFFD, which the lexer reports as an illegal character. */
export function decodeUtf8(bytes: Uint8Array): string {
  return new TextDecoder("utf-8", { fatal: false, ignoreBOM: true }).decode(bytes);
}
