/**
 * A request body as a JSON object (HTTP.md §2): parsed whatever the
 * `Content-Type` says; anything but an object is a request error. `JSON.parse`
 * makes `__proto__` an own property (never a prototype), and fields are only
 * ever read by name, so hostile keys stay inert.
 */

/** Outcome of {@link parseJsonObject}. */
export type JsonObjectResult =
  | { readonly ok: true; readonly value: Readonly<Record<string, unknown>>; /** The body as text (for fields read exactly, such as `vars`). */ readonly text: string }
  | { readonly ok: false; readonly message: string };

/** A body as text: invalid UTF-8 becomes U+FFFD; a leading BOM is dropped. */
export function bodyText(bytes: Buffer): string {
  const text = bytes.toString("utf8");
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Parse a body's text ({@link bodyText}) as a JSON object. */
export function parseJsonObject(text: string): JsonObjectResult {
  if (text.trim() === "") return { ok: false, message: "request body: expected a JSON object, got an empty body" };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, message: `request body: invalid JSON (${e instanceof Error ? e.message : String(e)})` };
  }
  if (value === null || typeof value !== "object" || Array.isArray(value))
    return { ok: false, message: `request body: expected a JSON object, got ${value === null ? "null" : Array.isArray(value) ? "an array" : `a ${typeof value}`}` };
  return { ok: true, value: value as Record<string, unknown>, text };
}

/** A field of a parsed body, read as an own property only (never inherited). */
export function field(body: Readonly<Record<string, unknown>>, name: string): unknown {
  return Object.prototype.hasOwnProperty.call(body, name) ? body[name] : undefined;
}
