/**
 * The playground's Variables panel (LANGUAGE.md §16.2): a JSON object typed
 * by hand, sent as the request's `vars` exactly as written. Going through
 * `JSON.parse` and back would round integers beyond 2^53 and turn `1.0`
 * into `1`, so the text itself is spliced into the request body once it
 * is known to be a JSON object (the server checks the names).
 *
 * Pure functions (no DOM, no Node), shared by the page and its tests.
 */

/** What the panel holds: nothing, a JSON object's text, or why it is not one. */
export type VarsText = { readonly ok: true; readonly json: string | undefined } | { readonly ok: false; readonly message: string };

/** Check the panel's text: blank means no variables; otherwise it must be a JSON object. */
export function checkVarsText(text: string): VarsText {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: true, json: undefined };
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch (e) {
    return { ok: false, message: `variables: not valid JSON (${e instanceof Error ? e.message : String(e)})` };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return { ok: false, message: "variables: must be a JSON object of name → value, such as {\"env\": \"prod\"}" };
  return { ok: true, json: trimmed };
}

/** The JSON text of `body` (an object) with `"vars": <json>` added, `json` kept byte for byte. */
export function bodyWithVars(body: Readonly<Record<string, unknown>>, json: string | undefined): string {
  const text = JSON.stringify(body);
  if (json === undefined) return text;
  return `${text.slice(0, -1)}${text === "{}" ? "" : ","}"vars":${json}}`;
}
