/**
 * A bounded LRU of compiled schemas, keyed by the SHA-256 of the schema
 * text and its format, so equal schemas compile once. Failures are cached
 * too: a broken or hostile schema sent again is answered without redoing
 * the work.
 */
import { hash } from "node:crypto";

/** Counters for tests and diagnostics. */
export interface CacheStats {
  /** Schemas compiled (or found unusable) since start / the last reset. */
  compiles: number;
  /** Lookups answered from the cache. */
  hits: number;
  /** Entries held now. */
  size: number;
}

/** An LRU map with a fixed capacity (Map iteration order = recency). */
export class CompileCache<T> {
  private readonly entries = new Map<string, T>();
  private hits = 0;
  private compiles = 0;

  constructor(private readonly capacity: number) {}

  /** The key for a schema text read as `format`. */
  static key(text: string, format: string): string {
    // One-shot `crypto.hash` is about twice as fast as createHash() for schema-sized texts (it runs on every validation).
    return hash("sha256", `${format}\0${text}`, "hex");
  }

  /** The cached value for `key`, or the result of `build()` (stored, evicting the least recently used). */
  getOrBuild(key: string, build: () => T): T {
    const found = this.entries.get(key);
    if (found !== undefined) {
      this.hits++;
      this.entries.delete(key);
      this.entries.set(key, found);
      return found;
    }
    this.compiles++;
    const value = build();
    this.entries.set(key, value);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
    return value;
  }

  /** Current counters. */
  stats(): CacheStats {
    return { compiles: this.compiles, hits: this.hits, size: this.entries.size };
  }

  /** Empty the cache and zero the counters. */
  clear(): void {
    this.entries.clear();
    this.hits = 0;
    this.compiles = 0;
  }
}
