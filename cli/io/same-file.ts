/**
 * Whether two paths name the same file: the same path once resolved, or —
 * through symlinks and hard links — the same device and inode. `-o` naming
 * the input would truncate the source before (or while) it is read.
 */
import { statSync } from "node:fs";
import { resolve } from "node:path";

/** True when `a` and `b` are one file; a path that does not exist yet names no existing file. */
export function sameFile(a: string, b: string): boolean {
  if (resolve(a) === resolve(b)) return true;
  try {
    const sa = statSync(a);
    const sb = statSync(b);
    return sa.dev === sb.dev && sa.ino === sb.ino;
  } catch {
    return false;
  }
}
