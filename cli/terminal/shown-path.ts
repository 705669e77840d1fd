/** How reports name a file. */
import { isAbsolute, relative } from "node:path";

/** `path` as reports show it: relative to `cwd` when it lies inside it, else as it is. */
export function shownPath(path: string, cwd: string = process.cwd()): string {
  const rel = relative(cwd, path);
  return rel === "" || rel.startsWith("..") || isAbsolute(rel) ? path : rel;
}
