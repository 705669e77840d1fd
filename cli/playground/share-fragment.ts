/**
 * The playground's shareable URL: the program (and the output format, the
 * include files, the schema and the variables) travel in the URL fragment, which browsers
 * never send to a server. Texts are base64url-encoded UTF-8, so any
 * character survives copy and paste; the format stays readable.
 *
 * ```
 * #format=yaml&source=Ly8gaGVsbG8KYSA9IDE&files=eyJkYi5qc3NvbiI6IiJ9
 * ```
 *
 * Pure functions (no DOM, no Node), shared by the page and its tests.
 */

/** What a share link carries. */
export interface SharedState {
  readonly source: string;
  readonly format?: string;
  /** Files for `include`, path → text. */
  readonly files?: Readonly<Record<string, string>>;
  readonly schema?: string;
  /** The Variables panel's text. */
  readonly vars?: string;
}

/** base64url (RFC 4648 §5, no padding) of the UTF-8 bytes of `text`. */
export function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  // Chunks keep String.fromCharCode's argument list short for big texts.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The text whose base64url UTF-8 encoding is `code`; undefined when `code` is not valid base64url or not UTF-8. */
export function fromBase64Url(code: string): string | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(code) || code.length % 4 === 1) return undefined;
  let binary: string;
  try {
    binary = atob(code.replace(/-/g, "+").replace(/_/g, "/"));
  } catch {
    return undefined;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** The fragment (without `#`) that encodes `state`. */
export function encodeShareFragment(state: SharedState): string {
  const parts: string[] = [];
  if (state.format !== undefined) parts.push(`format=${encodeURIComponent(state.format)}`);
  parts.push(`source=${toBase64Url(state.source)}`);
  if (state.files !== undefined && Object.keys(state.files).length > 0) parts.push(`files=${toBase64Url(JSON.stringify(state.files))}`);
  if (state.schema !== undefined && state.schema !== "") parts.push(`schema=${toBase64Url(state.schema)}`);
  if (state.vars !== undefined && state.vars !== "") parts.push(`vars=${toBase64Url(state.vars)}`);
  return parts.join("&");
}

/**
 * The state a fragment (with or without its leading `#`) encodes; undefined
 * when it holds no program or any part is damaged (a truncated link must not
 * load half a program).
 */
export function decodeShareFragment(fragment: string): SharedState | undefined {
  const params = new Map<string, string>();
  for (const pair of fragment.replace(/^#/, "").split("&")) {
    const eq = pair.indexOf("=");
    if (eq > 0) params.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  const state: Record<string, unknown> = {};
  for (const [name, read] of Object.entries(PART_READERS)) {
    const code = params.get(name);
    if (code === undefined) continue;
    const value = read(code);
    if (value === undefined) return undefined;
    state[name] = value;
  }
  return state["source"] === undefined ? undefined : (state as unknown as SharedState);
}

/** How each part of a fragment is read: its value, or undefined when it is damaged. */
const PART_READERS: Readonly<Record<keyof SharedState, (code: string) => unknown>> = {
  source: fromBase64Url,
  format: (code) => {
    try {
      return decodeURIComponent(code);
    } catch {
      return undefined;
    }
  },
  files: (code) => parseFiles(fromBase64Url(code)),
  schema: fromBase64Url,
  vars: fromBase64Url,
};

/** A JSON object of strings, as a prototype-free record; undefined otherwise. */
function parseFiles(text: string | undefined): Record<string, string> | undefined {
  if (text === undefined) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) return undefined;
  const files: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [path, content] of Object.entries(data)) {
    if (typeof content !== "string") return undefined;
    files[path] = content;
  }
  return files;
}
