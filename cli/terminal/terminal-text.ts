/**
 * Text the CLI shows a person, made safe for a terminal: every control
 * character a source, a file name, a schema or a plugin could smuggle in is
 * shown as a visible `\uXXXX` escape instead of being obeyed. That covers C0
 * controls (ESC starts colour, cursor and title sequences; CR overwrites the
 * line), DEL, the C1 controls U+0080–U+009F (U+009B is a one-byte CSI on
 * some terminals), the line and paragraph separators U+2028/U+2029, and the
 * bidirectional formatting characters (U+061C, U+200E/F, U+202A–U+202E,
 * U+2066–U+2069) that can make a line read differently from what it holds
 * ("Trojan Source"). Line feed and tab are kept: reports are multi-line, and
 * the caret line pads with tabs where the source has them.
 *
 * A backslash is not escaped, so the function is idempotent: text that went
 * through it once (a diagnostic report) is unchanged by the stderr writer,
 * which applies it again to everything it writes.
 */

const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** `text` with each unsafe character replaced by its `\uXXXX` escape (lower-case hex, as JSON writes it). */
export function terminalText(text: string): string {
  return text.replace(UNSAFE, (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));
}
