/**
 * Whether a file may be trusted to decide what code runs (a
 * `jsson.config.json`, or a plugin module it names), in the spirit of git's
 * `safe.directory`: the file and every folder above it must be owned by the
 * current user or root, the file and its folder writable by nobody else, and
 * any folder above writable by others only when sticky (like `/tmp`, where
 * others cannot rename or replace what is ours). Otherwise another user
 * could have put the file there, or could swap it. Both the path as found
 * and its real path (symlinks resolved) are checked.
 *
 * Where the system has no POSIX owners (Windows: `process.getuid` is
 * missing) everything is trusted, as before.
 */
import { realpathSync, statSync, type Stats } from "node:fs";
import { resolve } from "node:path";
import { foldersUp } from "./package-entry.js";

const OTHERS_WRITE = 0o022;
const STICKY = 0o1000;

/** Why `file` is not to be trusted, as a phrase for messages (`"/x is writable by others"`), or `undefined` when it is. */
export function untrustedReason(file: string): string | undefined {
  const uid = process.getuid?.();
  if (uid === undefined) return undefined;
  const literal = resolve(file);
  let real: string;
  try {
    real = realpathSync(literal);
  } catch (e) {
    return `${literal} cannot be checked (${(e as NodeJS.ErrnoException).code ?? String(e)})`;
  }
  return chainReason(literal, uid) ?? (real === literal ? undefined : chainReason(real, uid));
}

/** Check `file` and each folder above it, nearest first. */
function chainReason(file: string, uid: number): string | undefined {
  for (const [depth, path] of [...foldersUp(file)].entries()) {
    let st: Stats;
    try {
      st = statSync(path);
    } catch (e) {
      return `${path} cannot be checked (${(e as NodeJS.ErrnoException).code ?? String(e)})`;
    }
    if (st.uid !== uid && st.uid !== 0) return `${path} is owned by another user (uid ${st.uid})`;
    // the file itself and its folder: nobody else may write; higher folders: only when sticky
    if ((st.mode & OTHERS_WRITE) !== 0 && (depth <= 1 || (st.mode & STICKY) === 0)) return `${path} is writable by others (mode ${(st.mode & 0o7777).toString(8)})`;
  }
  return undefined;
}
