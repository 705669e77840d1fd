/**
 * Where include text comes from. The engine never touches the file system
 * itself: the CLI passes a {@link NodeFsHost}, the HTTP server a
 * {@link MemoryHost} (optionally backed by a rooted file-system host).
 */

/** Outcome of resolving or reading an include. */
export type HostResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly detail: string };

/** A source of include files. */
export interface IncludeHost {
  /**
   * Resolve `path` (as written in the `include`) relative to the including
   * file `from` (`undefined` for a root source given without a file) to a
   * canonical id, used for cycle detection and in messages.
   */
  resolve(path: string, from: string | undefined): HostResult<string>;
  /** Read the text of a resolved id. `detail` on failure is appended to I2 (`could not read include file "x": <detail>`). */
  read(id: string): HostResult<string>;
}
