import type { TextSink } from "../plugin.js";

/** Thrown when the output grows past the output limit. */
export class OutputLimitError extends Error {}

/** A sink that refuses to write more than `max` code units in total. */
export class LimitedSink implements TextSink {
  private written = 0;
  constructor(
    private readonly inner: TextSink,
    private readonly max: number,
  ) {}
  write(chunk: string): void {
    this.written += chunk.length;
    if (this.written > this.max) throw new OutputLimitError(`output too large (limit ${this.max} bytes)`);
    this.inner.write(chunk);
  }
}
