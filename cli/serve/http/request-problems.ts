/**
 * The problems found in one request, bounded: a body of 2 MiB can hold
 * hundreds of thousands of bad names or paths, and an answer with one
 * message each (quoting each) would be many times the request. At most
 * {@link MAX_PROBLEMS} messages are kept, each quoting at most
 * {@link MAX_QUOTED} characters of what the client sent; the rest are
 * counted and named in one last message.
 */

/** Messages kept per request. */
export const MAX_PROBLEMS = 20;
/** Characters of a client's name or path quoted in a message. */
export const MAX_QUOTED = 64;
/** Characters of one message (a message may quote what a reader found wrong in a value). */
const MAX_MESSAGE = 512;

/** `text` as a JSON string, shortened to {@link MAX_QUOTED} characters (with `…`) when longer. */
export function quoted(text: string): string {
  return JSON.stringify(text.length > MAX_QUOTED ? `${text.slice(0, MAX_QUOTED)}…` : text);
}

/** The problems of one request; see the file header. */
export class RequestProblems {
  private readonly kept: string[] = [];
  private dropped = 0;

  add(message: string): void {
    if (this.kept.length < MAX_PROBLEMS) this.kept.push(message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE)}…` : message);
    else this.dropped++;
  }

  /** Problems found so far (kept and dropped). */
  get count(): number {
    return this.kept.length + this.dropped;
  }

  /** The messages of the answer: those kept, and a last one counting the others. */
  messages(): string[] {
    return this.dropped === 0 ? [...this.kept] : [...this.kept, `… and ${this.dropped} more problem${this.dropped === 1 ? "" : "s"} not shown`];
  }
}
