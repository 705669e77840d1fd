/**
 * The include host of one request (HTTP.md §5): its `files`, then
 * `-include-root` if the operator gave one. The virtual folder is confined:
 * `..` that climbs above its root is an error, not a path silently clamped
 * to the root (the engine's {@link MemoryHost} refuses absolute paths itself).
 */
import { MemoryHost, NodeFsHost, type IncludeHost } from "../../../../core/index.js";
import { walkPath } from "../../../../core/host/path-walk.js";

/** I2 detail when the server has no `-include-root` (HTTP.md §5). */
export const NO_FILES_DETAIL = 'this server reads no files; send it in "files"';
/** Detail of the I2 error for a path that leaves the virtual folder. */
const LEAVES_FOLDER = "path leaves the include folder";

/** Directory segments of a virtual id (`/conf/a.jsson` → `["conf"]`). */
function dirSegments(id: string | undefined): string[] {
  if (id === undefined) return [];
  const parts = id.split("/").filter((p) => p !== "");
  parts.pop();
  return parts;
}

/** A factory of per-request hosts; the rooted file-system host (if any) is shared. */
export function hostFactory(includeRoot: string | undefined): (files: readonly (readonly [string, string])[]) => IncludeHost {
  const fallback = includeRoot === undefined ? undefined : new NodeFsHost({ root: includeRoot });
  const make = (files: readonly (readonly [string, string])[]): IncludeHost => {
    const inner = new MemoryHost(new Map(files), fallback ? { fallback } : { missingDetail: NO_FILES_DETAIL });
    return {
      resolve(path, from) {
        const absolute = path.startsWith("/") || path.startsWith("\\") || /^[A-Za-z]:[\\/]/.test(path);
        if (!absolute && walkPath(dirSegments(from), path) === undefined) return { ok: false, detail: LEAVES_FOLDER };
        return inner.resolve(path, from);
      },
      read: (id) => inner.read(id),
    };
  };
  // Hosts hold no state but their files: requests without files share one.
  const noFiles = make([]);
  return (files) => (files.length === 0 ? noFiles : make(files));
}
