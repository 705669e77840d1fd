/**
 * User text quoted inside a diagnostic message: kept on one line (line
 * breaks shown as `\n`) and clipped, so a message stays one readable line
 * whatever the source holds (a multi-line string, a million-digit number).
 */
const MAX_QUOTED = 80;
const MAX_MESSAGE = 2000;

/** A piece of source text or a value, as quoted in a message. */
export function quoteInMessage(text: string): string {
  return clipped(text, MAX_QUOTED);
}

/** A whole message: one line, bounded length. */
export function messageLine(message: string): string {
  return clipped(message, MAX_MESSAGE);
}

function clipped(s: string, max: number): string {
  const one = /[\r\n\u2028\u2029]/.test(s) ? s.replace(/\r\n|[\r\n\u2028\u2029]/g, "\\n") : s;
  return one.length > max ? one.slice(0, max) + "…" : one;
}
