/**
 * A base for emitters: text gathered by `write` and handed to the sink in
 * chunks of about {@link TEXT_CHUNK} code units, plus the two caches every
 * layout-writing emitter wants (indentation strings by depth, key texts),
 * both owned by the writer, so they live exactly as long as one run.
 * Exported through the plugin API so third-party formats get the same
 * streaming behaviour with no code of their own.
 */
import type { TextSink } from "./text-sink.js";

/** Flush threshold, in UTF-16 code units. */
export const TEXT_CHUNK = 32 * 1024;

/** Most distinct key texts one writer remembers (its cache starts over when full). */
const KEY_CACHE_LIMIT = 4096;
/** Longer keys are made every time (they are rare, and would make the cache large). */
const KEY_CACHE_MAX_LENGTH = 256;
/** Slots of the front cache of key texts (a power of two; see {@link TextWriter.cachedKey}). */
const KEY_SLOTS = 64;
/** Keys a writer writes before it makes the front cache (a small document never pays for it). */
const KEY_SLOTS_AFTER = 64;

/**
 * Pending text and its caches for one emission run. Subclass it (the
 * built-in formats do), append with {@link write}, and call
 * {@link flushIfFull} at safe points and {@link flush} at the end.
 */
export class TextWriter {
  /** Pending text, a rope of small pieces until it is flushed. */
  #out = "";
  readonly #indents: string[] = [""];
  /** The function that made the remembered key texts (one per writer in practice). */
  #keyMake: ((key: string) => string) | undefined = undefined;
  /** Key texts made by `keyMake`, for this writer only: a cache belongs to its run, not to the process. */
  #keyTexts: Map<string, string> | undefined = undefined;
  /** The front cache of `keyTexts`: the last key seen in each slot, and its text; made after {@link KEY_SLOTS_AFTER} keys. */
  #slotKeys: (string | undefined)[] | undefined = undefined;
  #slotTexts: string[] | undefined = undefined;
  /** Keys looked up before the front cache exists. */
  #keyReads = 0;

  /** The indentation unit. */
  readonly #unit: string;

  constructor(
    protected readonly sink: TextSink,
    unit = "  ",
  ) {
    this.#unit = unit;
  }

  /** Append `text` to the pending text (handed to the sink by {@link flushIfFull} or {@link flush}). */
  write(text: string): void {
    this.#out += text;
  }

  /** Hand the pending text to the sink. */
  flush(): void {
    const chunk = this.#out;
    if (chunk.length === 0) return;
    this.#out = "";
    // `chunk` is a rope of many small pieces. Reading a character makes V8
    // flatten it once, here; a sink that keeps chunks (a buffered run) would
    // otherwise hold thousands of rope nodes per chunk and slow GC badly.
    chunk.charCodeAt(0);
    this.sink.write(chunk);
  }

  /** Flush when the pending text has reached the chunk size. */
  flushIfFull(): void {
    if (this.#out.length >= TEXT_CHUNK) this.flush();
  }

  /** The indentation for `depth` levels. */
  indent(depth: number): string {
    return (this.#indents[depth] ??= this.#unit.repeat(depth));
  }

  /**
   * The text for `key` made by `make`, which must depend on the key alone
   * (generated data repeats a few keys millions of times); remembered for
   * the life of this writer. Giving another `make` starts the cache over.
   */
  protected cachedKey(key: string, make: (key: string) => string): string {
    let texts = this.#keyTexts;
    if (this.#keyMake !== make || texts === undefined) {
      texts = new Map();
      this.#keyMake = make;
      this.#keyTexts = texts;
      this.#slotKeys = this.#slotTexts = undefined;
      this.#keyReads = 0;
    }
    // Keys of a parsed text are fresh strings, one per occurrence: a Map lookup hashes every
    // one (~30 ns). A slot chosen by length and end characters, compared by `===` (a length
    // check, then the characters), finds a key written recently in about half that.
    const slotKeys = this.#slotKeys;
    const slotTexts = this.#slotTexts;
    let slot = -1;
    if (slotKeys !== undefined && slotTexts !== undefined) {
      slot = (key.length * 31 + key.charCodeAt(0) + key.charCodeAt(key.length - 1) * 7) & (KEY_SLOTS - 1);
      if (slotKeys[slot] === key) return slotTexts[slot] as string;
    } else if (++this.#keyReads === KEY_SLOTS_AFTER) {
      this.#slotKeys = new Array<string | undefined>(KEY_SLOTS).fill(undefined);
      this.#slotTexts = new Array<string>(KEY_SLOTS).fill("");
    }
    let text = texts.get(key);
    if (text === undefined) {
      text = make(key);
      if (key.length <= KEY_CACHE_MAX_LENGTH) {
        if (texts.size >= KEY_CACHE_LIMIT) texts.clear();
        texts.set(key, text);
      }
    }
    if (slot >= 0 && slotKeys !== undefined && slotTexts !== undefined && key.length <= KEY_CACHE_MAX_LENGTH) {
      slotKeys[slot] = key;
      slotTexts[slot] = text;
    }
    return text;
  }
}
