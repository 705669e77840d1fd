/**
 * User text quoted inside a diagnostic message: kept on one line (line
 * breaks shown as `\n`) and clipped, so a message stays one readable line
 * whatever the source holds (a multi-line string, a million-digit number).
 */
const MAX_QUOTED = 80;
const MAX_MESSAGE = 2000;

/** A piece of source text or a value, as quoted in a message. */
export function quoteInMessage(text: string): string {
  const one = oneLine(text);
  return one.length > MAX_QUOTED ? one.slice(0, MAX_QUOTED) + "…" : one;
}

/** A whole message: one line, bounded length. */
export function messageLine(message: string): string {
  const one = oneLine(message);
  return one.length > MAX_MESSAGE ? one.slice(0, MAX_MESSAGE) + "…" : one;
}

function oneLine(s: string): string {
  return /[\r\n\u2028\u2029]/.test(s) ? s.replace(/\r\n|[\r\n\u2028\u2029]/g, "\\n") : s;
}
