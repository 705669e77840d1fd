/**
 * A bounded cache of parsed programs, keyed by source text. A service that
 * is sent the same configuration again and again (every deploy of every
 * instance asks for it) parses it once; evaluation still runs every time.
 *
 * Programs are immutable once parsed (the evaluator never writes to the
 * tree), so one program can serve any number of runs, concurrent or not.
 * The cache is bounded by the total length of the sources it holds and by
 * the number of entries; the least recently used entries go first. Only
 * sources from `minChars` up are kept: a small source parses faster than it
 * is hashed and looked up.
 */
import type { ParseResult } from "../syntax/parser.js";

/** Bounds of a {@link ParseCache}. */
export interface ParseCacheOptions {
  /** Most source characters held (a parsed tree takes roughly 20 bytes of memory per source character). Default 2 Mi. */
  readonly maxChars?: number;
  /** Most entries held. Default 64. */
  readonly maxEntries?: number;
  /** Smallest source cached, in characters. Default 2048. */
  readonly minChars?: number;
}

interface Entry {
  /** What the result depends on besides the text: the file name and the parse limits. */
  readonly context: string;
  readonly result: ParseResult;
}

export class ParseCache {
  /** In use order: the first key is the least recently used. */
  private readonly entries = new Map<string, Entry>();
  private chars = 0;
  private readonly maxChars: number;
  private readonly maxEntries: number;
  readonly minChars: number;

  constructor(options: ParseCacheOptions = {}) {
    this.maxChars = options.maxChars ?? 2 * 1024 * 1024;
    this.maxEntries = options.maxEntries ?? 64;
    this.minChars = options.minChars ?? 2048;
  }

  /** The cached result for `source` parsed under `context`, or undefined. */
  get(source: string, context: string): ParseResult | undefined {
    const entry = this.entries.get(source);
    if (entry === undefined || entry.context !== context) return undefined;
    // Move to the most recently used end.
    this.entries.delete(source);
    this.entries.set(source, entry);
    return entry.result;
  }

  /** Remember `result` (ignored when the source is outside the bounds). */
  set(source: string, context: string, result: ParseResult): void {
    if (source.length < this.minChars || source.length > this.maxChars) return;
    const old = this.entries.get(source);
    if (old !== undefined) {
      this.entries.delete(source);
      this.chars -= source.length;
    }
    this.entries.set(source, { context, result });
    this.chars += source.length;
    for (const key of this.entries.keys()) {
      if (this.chars <= this.maxChars && this.entries.size <= this.maxEntries) break;
      this.entries.delete(key);
      this.chars -= key.length;
    }
  }

  /** Number of entries (for tests and diagnostics). */
  get size(): number {
    return this.entries.size;
  }
}
