/**
 * Names in the TypeScript output (LANGUAGE.md §10.5): which keys may be
 * written unquoted, which top-level keys can be exported as constants, and
 * the type name derived from a key.
 */
import { OutputError, OUTPUT_MESSAGES, fillMessage, type ObjectValue } from "../../core/plugin/index.js";

/** Words that are not valid binding names in a module (strict mode), per §10.5. */
const RESERVED: ReadonlySet<string> = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false finally for " +
    "function if import in instanceof new null return super switch this throw true try typeof var void while with " +
    "yield let static implements interface package private protected public await arguments eval"
  ).split(" "),
);

/** ECMAScript IdentifierName for text with non-ASCII characters. */
const IDENTIFIER_NAME = /^[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*$/u;

/** True when `s` is an ECMAScript IdentifierName (so it may be an unquoted property name). */
export function isIdentifierName(s: string): boolean {
  const n = s.length;
  if (n === 0) return false;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c >= 128) return IDENTIFIER_NAME.test(s);
    const letter = (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f || c === 0x24;
    if (!letter && !(i > 0 && c >= 0x30 && c <= 0x39)) return false;
  }
  return true;
}

/** True when `key` can be written as `export const <key>`. */
export function isExportableName(key: string): boolean {
  return isIdentifierName(key) && !RESERVED.has(key);
}

/**
 * The type name of a top-level key: its first character upper-cased with the
 * simple (one character to one character) Unicode mapping; characters whose
 * upper case is longer (`ß` → `SS`) stay as they are.
 */
export function typeName(key: string): string {
  const cp = key.codePointAt(0);
  if (cp === undefined) return "";
  const first = String.fromCodePoint(cp);
  const upper = first.toUpperCase();
  const single = String.fromCodePoint(upper.codePointAt(0) ?? cp).length === upper.length;
  return (single ? upper : first) + key.slice(first.length);
}

/**
 * Refuse top-level keys the module cannot export: a key that is not a valid
 * binding name (O2), and a key whose type name an earlier key already
 * produced (O3, reported at the later key).
 */
export function checkTypescript(root: ObjectValue): void {
  const typeNames = new Set<string>();
  for (const key of root.keys) {
    if (!isExportableName(key)) throw new OutputError(fillMessage(OUTPUT_MESSAGES.typescriptKeyNotExportable, JSON.stringify(key)), key);
    const name = typeName(key);
    if (typeNames.has(name)) throw new OutputError(fillMessage(OUTPUT_MESSAGES.typescriptTypeNameCollision, name), key);
    typeNames.add(name);
  }
}
