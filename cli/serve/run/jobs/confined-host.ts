/**
 * Guards the request's virtual folder against `..` that climbs above its
 * root (HTTP.md §5: an error, not a path silently clamped to the root).
 * Wraps the engine's {@link MemoryHost}, which refuses absolute paths itself.
 */
import type { HostResult, IncludeHost } from "../../../../core/index.js";
import { walkPath } from "../../../../core/host/path-walk.js";

/** Detail of the I2 error for a path that leaves the virtual folder. */
export const LEAVES_FOLDER = "path leaves the include folder";

/** Directory segments of a virtual id (`/conf/a.jsson` → `["conf"]`). */
function dirSegments(id: string | undefined): string[] {
  if (id === undefined) return [];
  const parts = id.split("/").filter((p) => p !== "");
  parts.pop();
  return parts;
}

/** An include host that refuses `..` escaping the virtual root, then defers to `inner`. */
export class ConfinedHost implements IncludeHost {
  constructor(private readonly inner: IncludeHost) {}

  resolve(path: string, from: string | undefined): HostResult<string> {
    const absolute = path.startsWith("/") || path.startsWith("\\") || /^[A-Za-z]:[\\/]/.test(path);
    if (!absolute && walkPath(dirSegments(from), path) === undefined) return { ok: false, detail: LEAVES_FOLDER };
    return this.inner.resolve(path, from);
  }

  read(id: string): HostResult<string> {
    return this.inner.read(id);
  }
}
