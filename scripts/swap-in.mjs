// Replace a build's output folder in one step, for the build scripts:
// written beside the old folder and swapped in at the end, so that a process
// starting meanwhile (tests and builds run in parallel) never finds a
// half-written folder.
import { renameSync, rmSync } from "node:fs";

/** Replace `target` by `dir` with two renames (a parallel build may swap in between: then again). */
export function swapIn(dir, target) {
  const asides = [];
  try {
    for (let attempt = 0; ; attempt++) {
      const aside = `${target}.old-${process.pid}-${attempt}`;
      try {
        renameSync(target, aside);
        asides.push(aside);
      } catch (e) {
        if (e.code !== "ENOENT") throw e;
      }
      try {
        renameSync(dir, target);
        return;
      } catch (e) {
        if ((e.code !== "ENOTEMPTY" && e.code !== "EEXIST") || attempt >= 5) throw e;
      }
    }
  } finally {
    for (const aside of asides) rmSync(aside, { recursive: true, force: true });
  }
}
