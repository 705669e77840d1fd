/**
 * A bounded LRU of compiled schemas, keyed by the SHA-256 of the schema
 * text and its format, so equal schemas compile once — and only equal ones:
 * the hash reads the text's exact UTF-16 code units where UTF-8 would not
 * tell them apart (every lone surrogate encodes as U+FFFD does, and one
 * client's compiled schema would answer another's). Failures are cached
 * too: a broken or hostile schema sent again is answered without redoing
 * the work.
 *
 * Bounded twice: by entries and by total weight (the subschema count of the
 * compiled schemas), since one big schema's generated code weighs as much
 * as hundreds of small ones.
 */
import { createRequire } from "node:module";

/** node:crypto, loaded on the first validation (not at start-up of every CLI run). */
let sha256: ((data: string | Uint8Array) => string) | undefined;
function sha256Hex(data: string | Uint8Array): string {
  if (!sha256) {
    const crypto = createRequire(import.meta.url)("node:crypto") as typeof import("node:crypto");
    sha256 = (d) => crypto.hash("sha256", d, "hex");
  }
  return sha256(data);
}

/** The UTF-16 code units of `text`, as bytes (lone surrogates included, as they are). */
function codeUnits(text: string): Uint8Array {
  const units = new Uint16Array(text.length);
  for (let i = 0; i < text.length; i++) units[i] = text.charCodeAt(i);
  return new Uint8Array(units.buffer);
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
    const keyed = `${format}\0${text}`;
    // One-shot `crypto.hash` is about twice as fast as createHash() for schema-sized texts (it runs on every validation).
    // UTF-8 is one-to-one on well-formed text only; other text is hashed as its code units, under keys of another length.
    return (keyed as string & { isWellFormed(): boolean }).isWellFormed() ? sha256Hex(keyed) : `u16:${sha256Hex(codeUnits(keyed))}`;
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
