/**
 * The `output` field of a /transpile response, written as it is produced.
 *
 * For `json` the emitted text is the field's value itself (so integers stay
 * exact and keys keep source order); trailing whitespace is dropped so the
 * response reads `"output":{…},"format"…`. For every other format the text
 * is a JSON string, escaped chunk by chunk. Buffered and streamed responses
 * both go through this class — the only difference is how often it flushes —
 * so their bytes are identical by construction. A flush never splits a
 * surrogate pair (escaping half a pair would differ from escaping the pair).
 */
import type { TextSink } from "../../../../core/plugin/index.js";

/** `raw`: the text is JSON already; `string`: the text becomes a JSON string's content. */
export type OutputMode = "raw" | "string";

/** Index where the trailing JSON whitespace of `text` begins (a backward scan: linear, unlike a `\s+$` regex). */
export function trailingSpaceStart(text: string): number {
  let i = text.length;
  while (i > 0) {
    const c = text.charCodeAt(i - 1);
    if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) break;
    i--;
  }
  return i;
}

export class OutputFieldWriter implements TextSink {
  private parts: string[] = [];
  private size = 0;
  /** Whitespace held back in raw mode: written only if more text follows it. */
  private pendingSpace = "";

  /**
   * @param mode how the text is embedded
   * @param flushAt flush once this many code units are buffered (Infinity: only at the end)
   * @param emit receives the escaped / trimmed pieces in order
   */
  constructor(
    private readonly mode: OutputMode,
    private readonly flushAt: number,
    private readonly emit: (piece: string) => void,
  ) {}

  write(chunk: string): void {
    if (chunk.length === 0) return;
    this.parts.push(chunk);
    this.size += chunk.length;
    if (this.size >= this.flushAt) this.flush(false);
  }

  /** Write what is left; call once, after the emitter has finished. */
  end(): void {
    this.flush(true);
  }

  private flush(final: boolean): void {
    let text = this.parts.length === 1 ? (this.parts[0] as string) : this.parts.join("");
    this.parts = [];
    this.size = 0;
    if (!final && text.length > 0) {
      const last = text.charCodeAt(text.length - 1);
      if (last >= 0xd800 && last <= 0xdbff) {
        // Keep a lone high surrogate for the next flush, where its pair arrives.
        this.parts.push(text.slice(-1));
        this.size = 1;
        text = text.slice(0, -1);
      }
    }
    if (this.mode === "raw") {
      // Only the new text is scanned: a long run of spaces costs linear time however it is chunked.
      const cut = trailingSpaceStart(text);
      if (cut === 0) {
        if (!final) this.pendingSpace += text;
        return;
      }
      const body = this.pendingSpace + text.slice(0, cut);
      this.pendingSpace = final ? "" : text.slice(cut);
      text = body;
    } else {
      text = JSON.stringify(text).slice(1, -1);
    }
    if (text.length > 0) this.emit(text);
  }
}
