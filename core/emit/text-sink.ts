/**
 * Where an emitter writes its text. A buffered run concatenates the chunks;
 * a streamed run (CLI `--stream`, HTTP `stream`) forwards them as they come.
 * Chunk boundaries carry no meaning: the output is the concatenation.
 */
export interface TextSink {
  /** Append `chunk` to the output. May throw (output limit, cancellation): let it propagate. */
  write(chunk: string): void;
}
