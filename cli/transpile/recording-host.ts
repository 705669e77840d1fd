/**
 * An include host that remembers which files a run asked for (read or
 * tried to read: a missing include that appears later matters too), so
 * `--watch` knows the include set of the last run. It only wraps another
 * host; the engine is unchanged.
 */
import type { HostResult, IncludeHost } from "../../core/index.js";

export class RecordingHost implements IncludeHost {
  /** Ids (absolute paths for the file-system host) read since the last {@link take}. */
  private seen = new Set<string>();

  constructor(private readonly inner: IncludeHost) {}

  resolve(path: string, from: string | undefined): HostResult<string> {
    return this.inner.resolve(path, from);
  }

  read(id: string): HostResult<string> {
    this.seen.add(id);
    return this.inner.read(id);
  }

  /** The ids read since the last call, and start a new record. */
  take(): Set<string> {
    const seen = this.seen;
    this.seen = new Set();
    return seen;
  }
}
