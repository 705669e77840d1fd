/** A document `jsson import` cannot turn into JSSON: the message names what and where. */
export class ImportError extends Error {
  constructor(
    message: string,
    /** 1-based line of the problem in the input document, when known. */
    readonly line?: number,
  ) {
    super(message);
    this.name = "ImportError";
  }
}
