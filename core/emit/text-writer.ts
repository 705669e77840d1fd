/**
 * A base for emitters: text gathered in `out` and handed to the sink in
 * chunks of about {@link TEXT_CHUNK} code units, plus the two caches every
 * layout-writing emitter wants (indentation strings by depth, key texts).
 * Exported through the plugin API so third-party formats get the same
 * streaming behaviour with no code of their own.
 */
import type { TextSink } from "./text-sink.js";

/** Flush threshold, in UTF-16 code units. */
export const TEXT_CHUNK = 32 * 1024;

/** Most distinct key texts remembered per key-writing function (the cache starts over when full). */
const KEY_CACHE_LIMIT = 4096;

/**
 * Key texts by the function that makes them, shared by all runs: a key's
 * text depends only on the key, and small documents (most server requests)
 * would otherwise pay for a cache they barely use. Bounded in both
 * directions; a plugin that makes a new function per run only churns it.
 */
const KEY_TEXTS = new Map<(key: string) => string, Map<string, string>>();
const KEY_MAKERS_LIMIT = 16;
/** Longer keys are made every time (they are rare, and the cache outlives runs). */
const KEY_CACHE_MAX_LENGTH = 256;

export class TextWriter {
  /** Pending text; append with `+=`, then call {@link flushIfFull} at safe points. */
  out = "";
  private readonly indents: string[] = [""];
  private keyMake: ((key: string) => string) | undefined = undefined;
  private keyTexts: Map<string, string> | undefined = undefined;

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

  /**
   * The text for `key` made by `make`, which must depend on the key alone
   * (generated data repeats a few keys millions of times); remembered across
   * runs.
   */
  cachedKey(key: string, make: (key: string) => string): string {
    let texts = this.keyTexts;
    if (this.keyMake !== make || texts === undefined) {
      texts = KEY_TEXTS.get(make);
      if (texts === undefined) {
        if (KEY_TEXTS.size >= KEY_MAKERS_LIMIT) KEY_TEXTS.clear();
        texts = new Map();
        KEY_TEXTS.set(make, texts);
      }
      this.keyMake = make;
      this.keyTexts = texts;
    }
    let text = texts.get(key);
    if (text === undefined) {
      text = make(key);
      if (key.length <= KEY_CACHE_MAX_LENGTH) {
        if (texts.size >= KEY_CACHE_LIMIT) texts.clear();
        texts.set(key, text);
      }
    }
    return text;
  }
}
