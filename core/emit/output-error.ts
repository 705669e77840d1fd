/**
 * Thrown by an emitter when the value tree cannot be written in its format
 * (e.g. TOML and `null` in an array). The engine turns it into a
 * `Line <n>:` diagnostic at the statement that defined top-level key `key`.
 */
export class OutputError extends Error {
  /** @param message what cannot be written, without a `Line <n>:` prefix (the engine adds it) */
  constructor(
    message: string,
    /** The top-level key whose value could not be written; without it the error is placed on line 1. */
    readonly key?: string,
  ) {
    super(message);
    this.name = "OutputError";
  }
}

/**
 * True for an {@link OutputError}, recognised by its name rather than its
 * class: a plugin may throw the class of another copy of jsson.
 */
export function isOutputError(e: unknown): e is OutputError {
  if (!(e instanceof Error) || e.name !== "OutputError") return false;
  const key = (e as { key?: unknown }).key;
  return key === undefined || typeof key === "string";
}
