/**
 * JSON output shown exactly as the CLI writes it. For `format: "json"` the
 * /transpile response carries the output as a JSON value, not as text, and
 * `JSON.parse` would damage it on the way to the screen: integers beyond
 * 2^53 get rounded and integer-like keys ("10") jump ahead of the others.
 * So the page cuts the raw value out of the response text and re-indents it
 * token by token, never turning numbers or keys into JavaScript values.
 *
 * Pure functions (no DOM, no Node), shared by the page and its tests. The
 * input is assumed to be well-formed JSON (it comes from our own server).
 */
import { skipSpace, stringEnd } from "../wire/raw-member.js";

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/** Index just past the literal (number, true, false, null) that starts at `i`. */
function literalEnd(text: string, i: number): number {
  let j = i;
  while (j < text.length && !isSpace(text.charCodeAt(j)) && !",:{}[]\"".includes(text[j] as string)) j++;
  return Math.max(j, i + 1);
}

/**
 * `raw` laid out as `JSON.stringify(value, null, 2)` would, plus a final
 * newline, with every token (numbers, strings, keys) kept byte for byte.
 */
export function prettyRawJson(raw: string): string {
  const out: string[] = [];
  const pads: string[] = [""];
  const pad = (depth: number): string => (pads[depth] ??= "  ".repeat(depth));
  let depth = 0;
  let i = 0;
  while (i < raw.length) {
    const c = raw[i] as string;
    if (isSpace(raw.charCodeAt(i))) {
      i++;
    } else if (c === '"') {
      const end = stringEnd(raw, i);
      out.push(raw.slice(i, end));
      i = end;
    } else if (c === "{" || c === "[") {
      const next = skipSpace(raw, i + 1);
      if (raw[next] === (c === "{" ? "}" : "]")) {
        out.push(c === "{" ? "{}" : "[]");
        i = next + 1;
      } else {
        depth++;
        out.push(c, "\n", pad(depth));
        i++;
      }
    } else if (c === "}" || c === "]") {
      depth = Math.max(0, depth - 1);
      out.push("\n", pad(depth), c);
      i++;
    } else if (c === ",") {
      out.push(",\n", pad(depth));
      i++;
    } else if (c === ":") {
      out.push(": ");
      i++;
    } else {
      const end = literalEnd(raw, i);
      out.push(raw.slice(i, end));
      i = end;
    }
  }
  out.push("\n");
  return out.join("");
}
