/**
 * Comments of a YAML or TOML document, by the path of the key they belong
 * to (docs/import.md, "Comments"): lines of comments directly above a key
 * and a comment at the end of the key's line. Best effort: comments
 * elsewhere (inside a flow collection or a multi-line array, after the last
 * key of a block) are not carried over. {@link yamlComments} and
 * {@link tomlComments} key them by path, keys and array indexes joined
 * with U+0000, as {@link importDocument} looks them up.
 */
import { smolTomlModule, yamlModule } from "../data/data-modules.js";
import type { KeyComments } from "./write-jsson.js";

const SEP = "\u0000";

/** `# text` lines as `// text` lines. */
function asLineComments(text: string | null | undefined): string[] {
  if (text === undefined || text === null || text === "") return [];
  return text.split("\n").map((l) => `//${l.trimEnd()}`);
}

function add(map: Map<string, KeyComments>, path: readonly string[], before: readonly string[], trailing: string | undefined): void {
  if (before.length === 0 && trailing === undefined) return;
  map.set(path.join(SEP), { before, trailing });
}

export function yamlComments(text: string): Map<string, KeyComments> {
  const { isMap, isPair, isScalar, isSeq, parseDocument } = yamlModule();
  const found = new Map<string, KeyComments>();
  const doc = parseDocument(text, { keepSourceTokens: false, uniqueKeys: false });
  let leading = asLineComments(doc.commentBefore);
  const visit = (node: unknown, path: readonly string[], depth: number): void => {
    if (depth > 200) return;
    if (isMap(node)) {
      // A comment above the first key of a block map is the map's: it belongs to that key.
      leading = [...leading, ...asLineComments(node.commentBefore)];
      for (const pair of node.items) {
        if (!isPair(pair) || !isScalar(pair.key)) continue;
        const key = String(pair.key.value);
        const value = pair.value;
        const before = [...leading, ...asLineComments(pair.key.commentBefore)];
        if (isSeq(value)) before.push(...asLineComments(value.commentBefore));
        leading = [];
        const trailing = isScalar(value) && value.comment ? `//${value.comment.split("\n")[0]?.trimEnd()}` : undefined;
        add(found, [...path, key], before, trailing);
        visit(value, [...path, key], depth + 1);
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, i) => {
        visit(item, [...path, String(i)], depth + 1);
        leading = [];
      });
    }
  };
  visit(doc.contents, [], 0);
  return found;
}

/** The keys of a TOML key or table header (`a."b.c".d`), or undefined when it is not one. */
function tomlKeys(text: string): string[] | undefined {
  const keys: string[] = [];
  const part = /\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|([A-Za-z0-9_-]+))\s*(\.|$)/y;
  let at = 0;
  while (at < text.length) {
    part.lastIndex = at;
    const m = part.exec(text);
    if (!m) return undefined;
    let key = m[3] ?? m[2];
    if (key === undefined) {
      try {
        key = JSON.parse(`"${m[1] ?? ""}"`) as string;
      } catch {
        return undefined;
      }
    }
    keys.push(key);
    at = part.lastIndex;
    if (m[4] === "") break;
  }
  return keys.length > 0 ? keys : undefined;
}

/** Where a `#` comment starts on a TOML line, outside strings (-1 when none). */
function commentStart(line: string): number {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote !== undefined) {
      if (c === "\\" && quote === '"') i++;
      else if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === "#") return i;
  }
  return -1;
}

export function tomlComments(text: string): Map<string, KeyComments> {
  const found = new Map<string, KeyComments>();
  const arrayCounts = new Map<string, number>();
  let table: string[] = [];
  let pending: string[] = [];
  /** Inside a multi-line string or array: lines are values, not keys. */
  let open: '"""' | "'''" | "[" | undefined;
  let depth = 0;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (open === '"""' || open === "'''") {
      if (line.includes(open)) open = undefined;
      continue;
    }
    if (open === "[") {
      const code = line.slice(0, commentStart(line) < 0 ? line.length : commentStart(line));
      depth += (code.match(/\[/g)?.length ?? 0) - (code.match(/\]/g)?.length ?? 0);
      if (depth <= 0) open = undefined;
      continue;
    }
    if (line.startsWith("#")) {
      pending.push(`//${line.slice(1).trimEnd()}`);
      continue;
    }
    if (line === "") continue;
    const hash = commentStart(line);
    const code = (hash < 0 ? line : line.slice(0, hash)).trim();
    const trailing = hash < 0 ? undefined : `//${line.slice(hash + 1).trimEnd()}`;
    const header = /^(\[\[?)(.*?)\]\]?$/.exec(code);
    if (header) {
      const keys = tomlKeys(header[2] ?? "");
      if (keys === undefined) continue;
      const array = header[1] === "[[";
      const name = keys.join(SEP);
      const index = array ? (arrayCounts.get(name) ?? 0) : 0;
      if (array) arrayCounts.set(name, index + 1);
      table = array ? [...keys, String(index)] : keys;
      // The comments of [x] and of the first [[x]] belong to x; those of a later [[x]] wait for the item's first key.
      if (index === 0) add(found, keys, pending, trailing);
      else if (trailing !== undefined) pending.push(trailing);
      if (index === 0) pending = [];
      continue;
    }
    const eq = code.indexOf("=");
    const keys = eq < 0 ? undefined : tomlKeys(code.slice(0, eq));
    if (keys === undefined) continue;
    add(found, [...table, ...keys], pending, trailing);
    pending = [];
    const value = code.slice(eq + 1).trim();
    for (const q of ['"""', "'''"] as const) if (value.startsWith(q) && !value.slice(3).includes(q)) open = q;
    if (value.startsWith("[")) {
      depth = (value.match(/\[/g)?.length ?? 0) - (value.match(/\]/g)?.length ?? 0);
      if (depth > 0) open = "[";
    }
  }
  return found;
}

/** Dotted paths of the TOML dates and times in `text` (they are imported as strings). */
export function tomlDatePaths(text: string): string[] {
  const { parse, TomlDate } = smolTomlModule();
  const paths: string[] = [];
  const visit = (x: unknown, path: string, depth: number): void => {
    if (x instanceof TomlDate) paths.push(path);
    else if (depth < 200 && typeof x === "object" && x !== null) {
      for (const [k, v] of Object.entries(x)) visit(v, path === "" ? k : `${path}.${k}`, depth + 1);
    }
  };
  visit(parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, { integersAsBigInt: true }), "", 0);
  return paths;
}
