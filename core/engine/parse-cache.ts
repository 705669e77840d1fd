/**
 * A bounded cache of parsed programs for long-lived engines (a server is
 * sent the same configuration again and again: every deploy of every
 * instance asks for it). A source is parsed once; evaluation still runs
 * every time.
 *
 * ```ts
 * import { createEngine } from "jsson";
 * import { ParseCache } from "jsson/parse-cache";
 * const engine = createEngine().useParseCache(new ParseCache());
 * ```
 *
 * - Programs are immutable once parsed (the evaluator never writes to the
 *   tree), so one program serves any number of runs.
 * - Entries are keyed by a SHA-256 digest of the source and of what else the
 *   result depends on (file name, parse limits). Long strings make poor Map
 *   keys: V8 hashes strings over 16 Ki characters by their length alone.
 * - A source is kept only when it is seen a second time (the first sighting
 *   leaves just its digest), so a stream of one-off sources never fills the
 *   cache with trees that would be thrown away, which costs garbage
 *   collection work on every request.
 * - Bounded by the total length of the sources held and the number of
 *   entries; the least recently used go first. Sources under `minChars` are
 *   not cached: they parse faster than they are hashed.
 *
 * This module loads node:crypto; the engine refers to it only as a type, so
 * the CLI (which never caches) does not pay for loading it.
 */
import { createHash } from "node:crypto";
import type { ParseResult } from "../syntax/parser.js";

/** Bounds of a {@link ParseCache}. */
export interface ParseCacheOptions {
  /** Most source characters held (a parsed tree takes about 16 bytes of memory per source character). Default 2 Mi. */
  readonly maxChars?: number;
  /** Most entries held. Default 64. */
  readonly maxEntries?: number;
  /** Smallest source cached, in characters. Default 2048. */
  readonly minChars?: number;
}

interface Entry {
  readonly chars: number;
  readonly result: ParseResult;
}

export class ParseCache {
  /** In use order: the first key is the least recently used. */
  private readonly entries = new Map<string, Entry>();
  /** Digests of sources seen once, in the order seen (bounded like {@link entries}, times four). */
  private readonly seen = new Set<string>();
  private chars = 0;
  private readonly maxChars: number;
  private readonly maxEntries: number;
  private readonly minChars: number;

  constructor(options: ParseCacheOptions = {}) {
    this.maxChars = options.maxChars ?? 2 * 1024 * 1024;
    this.maxEntries = options.maxEntries ?? 64;
    this.minChars = options.minChars ?? 2048;
  }

  /**
   * The result of parsing `source` under `context` (what else the result
   * depends on): cached, or made by `parse` (and then perhaps cached).
   */
  parse(source: string, context: string, parse: () => ParseResult): ParseResult {
    if (source.length < this.minChars || source.length > this.maxChars) return parse();
    const key = createHash("sha256").update(context).update("\0").update(source).digest("base64");
    const entry = this.entries.get(key);
    if (entry !== undefined) {
      // Move to the most recently used end.
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.result;
    }
    const result = parse();
    if (!this.seen.delete(key)) {
      this.seen.add(key);
      if (this.seen.size > this.maxEntries * 4) this.seen.delete(this.seen.values().next().value as string);
      return result;
    }
    this.entries.set(key, { chars: source.length, result });
    this.chars += source.length;
    for (const [k, e] of this.entries) {
      if (this.chars <= this.maxChars && this.entries.size <= this.maxEntries) break;
      this.entries.delete(k);
      this.chars -= e.chars;
    }
    return result;
  }

  /** Number of programs held (for tests and diagnostics). */
  get size(): number {
    return this.entries.size;
  }
}
