/**
 * The text syntax of `--select PATH`:
 *
 * - `name` — a key; after the first step, `.name`. A bare key is any run of
 *   characters other than `.`, `[`, `]`, `"` and white space (`a.my-key`,
 *   `servers.0` is the key "0");
 * - `[N]` — the element at index N (0-based, decimal) of an array;
 * - `["any key"]` — a key written as a JSON string, for keys holding `.`,
 *   brackets, quotes or spaces (`a["x.y"]`, `["with space"].b`).
 *
 * `a.b[2]`, `spec.containers[0].image`, `a["x.y"][1]`. The engine writes a
 * path back in this syntax in its messages (selectPathText).
 */
import type { SelectStep } from "../../core/index.js";

/** The steps of a path, or why the text is not one. */
export type ParsedSelectPath = { readonly ok: true; readonly path: SelectStep[] } | { readonly ok: false; readonly message: string };

const BARE = /[^.[\]"\s]+/y;
const INDEX = /\[(0|[1-9][0-9]*)\]/y;
const QUOTED = /\["((?:[^"\\]|\\.)*)"\]/y;

/** Parse `--select` text. */
export function parseSelectPath(text: string): ParsedSelectPath {
  const path: SelectStep[] = [];
  let at = 0;
  const bad = (why: string): ParsedSelectPath => ({ ok: false, message: `--select ${JSON.stringify(text)}: ${why} at character ${at + 1} (use a.b[2] or a["x.y"])` });
  if (text === "") return { ok: false, message: '--select needs a path such as a.b[2] or a["x.y"]' };
  while (at < text.length) {
    const dotted = path.length > 0 && text[at] === ".";
    if (dotted) at++;
    if (dotted || path.length === 0) {
      BARE.lastIndex = at;
      const m = BARE.exec(text);
      if (m) {
        path.push(m[0]);
        at = BARE.lastIndex;
        continue;
      }
      if (dotted) return bad("expected a key after '.'");
    }
    INDEX.lastIndex = at;
    const index = INDEX.exec(text);
    if (index) {
      const n = Number(index[1]);
      if (!Number.isSafeInteger(n)) return bad("index too large");
      path.push(n);
      at = INDEX.lastIndex;
      continue;
    }
    QUOTED.lastIndex = at;
    const quoted = QUOTED.exec(text);
    if (quoted) {
      let key: unknown;
      try {
        key = JSON.parse(`"${quoted[1] as string}"`);
      } catch {
        return bad("bad escape in a quoted key");
      }
      path.push(key as string);
      at = QUOTED.lastIndex;
      continue;
    }
    return bad("expected .key, [index] or [\"key\"]");
  }
  return { ok: true, path };
}
