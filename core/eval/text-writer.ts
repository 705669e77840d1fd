/**
 * A base for emitters: text gathered in `out` and handed to the sink in
 * chunks of about {@link TEXT_CHUNK} code units, plus the two caches every
 * layout-writing emitter wants (indentation strings by depth, key texts).
 * Exported through the plugin API so third-party formats get the same
 * streaming behaviour with no code of their own.
 */
import type { TextSink } from "../plugin.js";

/** Flush threshold, in UTF-16 code units. */
export const TEXT_CHUNK = 32 * 1024;

/** Most distinct key texts remembered per run (keeps the cache small when keys are all different). */
const KEY_CACHE_LIMIT = 4096;

export class TextWriter {
  /** Pending text; append with `+=`, then call {@link flushIfFull} at safe points. */
  out = "";
  private readonly indents: string[] = [""];
  private readonly keyTexts = new Map<string, string>();

  constructor(
    protected readonly sink: TextSink,
    /** The indentation unit. */
    private readonly unit = "  ",
  ) {}

  /** Hand the pending text to the sink. */
  flush(): void {
    const chunk = this.out;
    if (chunk.length === 0) return;
    this.out = "";
    // `chunk` is a rope of many small pieces. Reading a character makes V8
    // flatten it once, here; a sink that keeps chunks (a buffered run) would
    // otherwise hold thousands of rope nodes per chunk and slow GC badly.
    chunk.charCodeAt(0);
    this.sink.write(chunk);
  }

  /** Flush when the pending text has reached the chunk size. */
  flushIfFull(): void {
    if (this.out.length >= TEXT_CHUNK) this.flush();
  }

  /** The indentation for `depth` levels. */
  indent(depth: number): string {
    let s = this.indents[depth];
    if (s === undefined) {
      s = this.unit.repeat(depth);
      this.indents[depth] = s;
    }
    return s;
  }

  /** The text for `key`, made once per run by `make` (generated data repeats a few keys millions of times). */
  cachedKey(key: string, make: (key: string) => string): string {
    let text = this.keyTexts.get(key);
    if (text === undefined) {
      text = make(key);
      if (this.keyTexts.size < KEY_CACHE_LIMIT) this.keyTexts.set(key, text);
    }
    return text;
  }
}
