/**
 * A bounded LRU of compiled schemas, keyed by the SHA-256 of the schema
 * text and its format, so equal schemas compile once. Failures are cached
 * too: a broken or hostile schema sent again is answered without redoing
 * the work.
 *
 * Bounded twice: by entries and by total weight (the subschema count of the
 * compiled schemas), since one big schema's generated code weighs as much
 * as hundreds of small ones.
 */
import { createRequire } from "node:module";

/** node:crypto, loaded on the first validation (not at start-up of every CLI run). */
let sha256: ((text: string) => string) | undefined;
function sha256Hex(text: string): string {
  if (!sha256) {
    const crypto = createRequire(import.meta.url)("node:crypto") as typeof import("node:crypto");
    sha256 = (t) => crypto.hash("sha256", t, "hex");
  }
  return sha256(text);
}

/** Counters for tests and diagnostics. */
export interface CacheStats {
  /** Schemas compiled (or found unusable) since start / the last reset. */
  compiles: number;
  /** Lookups answered from the cache. */
  hits: number;
  /** Entries held now. */
  size: number;
  /** Total weight of the entries held now. */
  weight: number;
}

/** An LRU map with a fixed capacity and weight budget (Map iteration order = recency). */
export class CompileCache<T> {
  private readonly entries = new Map<string, { value: T; weight: number }>();
  private hits = 0;
  private compiles = 0;
  private weight = 0;

  /**
   * @param capacity most entries held
   * @param maxWeight most total weight held (the newest entry is always kept)
   * @param weightOf the weight of a value (at least 1 is counted)
   */
  constructor(
    private readonly capacity: number,
    private readonly maxWeight: number,
    private readonly weightOf: (value: T) => number,
  ) {}

  /** The key for a schema text read as `format`. */
  static key(text: string, format: string): string {
    // One-shot `crypto.hash` is about twice as fast as createHash() for schema-sized texts (it runs on every validation).
    return sha256Hex(`${format}\0${text}`);
  }

  /** The cached value for `key`, or the result of `build()` (stored, evicting the least recently used). */
  getOrBuild(key: string, build: () => T): T {
    const found = this.entries.get(key);
    if (found !== undefined) {
      this.hits++;
      this.entries.delete(key);
      this.entries.set(key, found);
      return found.value;
    }
    this.compiles++;
    const value = build();
    const weight = Math.max(1, this.weightOf(value));
    this.entries.set(key, { value, weight });
    this.weight += weight;
    while (this.entries.size > this.capacity || (this.weight > this.maxWeight && this.entries.size > 1)) {
      const oldest = this.entries.entries().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value[0]);
      this.weight -= oldest.value[1].weight;
    }
    return value;
  }

  /** Current counters. */
  stats(): CacheStats {
    return { compiles: this.compiles, hits: this.hits, size: this.entries.size, weight: this.weight };
  }

  /** Empty the cache and zero the counters. */
  clear(): void {
    this.entries.clear();
    this.weight = 0;
    this.hits = 0;
    this.compiles = 0;
  }
}
