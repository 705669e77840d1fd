/**
 * The folders of a many-file run's outputs stay inside `--out-dir`: each
 * folder on the way from the output folder down to an output's own is made
 * one step at a time, and a step that is a symbolic link is taken only when
 * its real path is still inside the output folder's. A link left in the
 * output folder (by an earlier run, a checkout, another user) never sends a
 * write elsewhere, which `mkdir -p` and an open through the link would.
 * The output folder itself may be a link: the user named it.
 */
import { lstatSync, mkdirSync, realpathSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { describeError } from "../io/errno-text.js";

/**
 * Make `folder` (under `outRoot`, both absolute) where missing; resolves
 * nothing outside `outRoot`. Returns why it cannot be used, or undefined.
 */
export function makeFolderInside(outRoot: string, folder: string): string | undefined {
  let realRoot: string;
  try {
    mkdirSync(outRoot, { recursive: true });
    realRoot = realpathSync(outRoot);
  } catch (e) {
    return `cannot create folder "${outRoot}": ${describeError(e)}`;
  }
  const rel = relative(outRoot, folder);
  if (rel.startsWith("..")) return `"${folder}" is outside the output folder "${outRoot}"`;
  let current = outRoot;
  for (const part of rel.split(sep)) {
    if (part === "") continue;
    current = join(current, part);
    try {
      if (lstatSync(current).isSymbolicLink()) {
        const real = realpathSync(current);
        if (!isInside(realRoot, real)) return `"${current}" is a symbolic link to "${real}", outside the output folder; not written through`;
      }
      if (!statSync(current).isDirectory()) return `"${current}" is not a folder`;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "ENOENT") return `cannot use folder "${current}": ${describeError(e)}`;
      try {
        mkdirSync(current);
      } catch (made) {
        return `cannot create folder "${current}": ${describeError(made)}`;
      }
    }
  }
  return undefined;
}

function isInside(root: string, path: string): boolean {
  return path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);
}
