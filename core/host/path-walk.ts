/**
 * The one walk of an include path through a folder tree, shared by every
 * host that confines includes to a folder (the memory host, the server's
 * request folder, the playground's markers). Pure string work, no
 * `node:path`: `posix.join` would clamp a `..` above the root to the root
 * instead of refusing it, and the playground runs this in the browser.
 */

/**
 * The segments of `path` walked from the folder `base` (its segments from
 * the root): `/` and `\` separate, empty and `.` segments are skipped, `..`
 * goes up one. `undefined` when a `..` would climb above the root.
 * Whether `path` is absolute is the caller's question (this treats it as
 * relative).
 */
export function walkPath(base: readonly string[], path: string): string[] | undefined {
  const out = [...base];
  for (const seg of path.split(/[\\/]+/)) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") {
      if (out.length === 0) return undefined;
      out.pop();
    } else out.push(seg);
  }
  return out;
}
