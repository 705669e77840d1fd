/**
 * Include host over a virtual folder (HTTP `files`): keys are relative
 * POSIX paths; the root source sits at the folder's root. Absolute paths and
 * `..` that would leave the folder are refused. Missing files may fall back
 * to another host (the server's `-include-root`).
 */
import { posix } from "node:path";
import type { HostResult, IncludeHost } from "./include-host.js";
import { walkPath } from "./path-walk.js";

export interface MemoryHostOptions {
  /** Consulted for paths the virtual folder does not hold. */
  readonly fallback?: IncludeHost;
  /** Detail appended to I2 when a file is missing and there is no fallback. */
  readonly missingDetail?: string;
}

const VIRTUAL = "/";

export class MemoryHost implements IncludeHost {
  private readonly files = new Map<string, string>();

  constructor(
    files: Readonly<Record<string, string>> | ReadonlyMap<string, string> = {},
    private readonly options: MemoryHostOptions = {},
  ) {
    const entries = files instanceof Map ? [...files.entries()] : Object.entries(files);
    for (const [k, v] of entries) this.files.set(posix.normalize(VIRTUAL + k.replace(/\\/g, "/")), v);
  }

  resolve(path: string, from: string | undefined): HostResult<string> {
    if (path.includes("\0")) return { ok: false, detail: "invalid path" };
    if (path.startsWith("/") || /^[A-Za-z]:[\\/]/.test(path)) return { ok: false, detail: "absolute paths are not allowed" };
    const base = from === undefined ? VIRTUAL : posix.dirname(from);
    const parts = walkPath(base.split("/").filter((p) => p !== ""), path);
    if (parts === undefined) return { ok: false, detail: "path leaves the include folder" };
    return { ok: true, value: VIRTUAL + parts.join("/") };
  }

  read(id: string): HostResult<string> {
    const text = this.files.get(id);
    if (text !== undefined) return { ok: true, value: text };
    const fb = this.options.fallback;
    if (fb) {
      const r = fb.resolve(id.slice(1), undefined);
      return r.ok ? fb.read(r.value) : r;
    }
    return { ok: false, detail: this.options.missingDetail ?? "no such file" };
  }
}
