/** The include host of one request (HTTP.md §5): its `files`, confined, then `-include-root` if the operator gave one. */
import { MemoryHost, NodeFsHost, type IncludeHost } from "../../../../core/index.js";
import { ConfinedHost } from "./confined-host.js";

/** I2 detail when the server has no `-include-root` (HTTP.md §5). */
export const NO_FILES_DETAIL = 'this server reads no files; send it in "files"';

/** A factory of per-request hosts; the rooted file-system host (if any) is shared. */
export function hostFactory(includeRoot: string | undefined): (files: readonly (readonly [string, string])[]) => IncludeHost {
  const fallback = includeRoot === undefined ? undefined : new NodeFsHost({ root: includeRoot });
  const make = (files: readonly (readonly [string, string])[]) => new ConfinedHost(new MemoryHost(new Map(files), fallback ? { fallback } : { missingDetail: NO_FILES_DETAIL }));
  // Hosts hold no state but their files: requests without files share one.
  const noFiles = make([]);
  return (files) => (files.length === 0 ? noFiles : make(files));
}
