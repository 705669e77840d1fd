/** Turns offsets into 1-based line/column on demand; built lazily, once per source. */
export class LineIndex {
  private starts: number[] | undefined;
  constructor(readonly text: string) {}

  private lineStarts(): number[] {
    if (this.starts) return this.starts;
    const starts = [0];
    const t = this.text;
    for (let i = t.indexOf("\n"); i >= 0; i = t.indexOf("\n", i + 1)) starts.push(i + 1);
    return (this.starts = starts);
  }

  /** 1-based line and column of `offset` (clamped to the text). */
  position(offset: number): { line: number; column: number } {
    const starts = this.lineStarts();
    const o = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] ?? 0) <= o) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: o - (starts[lo] ?? 0) + 1 };
  }

  /** 1-based line of `offset`. */
  line(offset: number): number {
    return this.position(offset).line;
  }

  /** Offsets of the text of 1-based line `line` (clamped to the text), without its line break. */
  lineRange(line: number): { start: number; end: number } {
    const starts = this.lineStarts();
    const i = Math.max(0, Math.min(line - 1, starts.length - 1));
    const start = starts[i] ?? 0;
    let end = i + 1 < starts.length ? (starts[i + 1] ?? 0) - 1 : this.text.length;
    if (end > start && this.text[end - 1] === "\r") end--;
    return { start, end };
  }
}
