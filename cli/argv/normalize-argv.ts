/**
 * Turns the reference CLI's Go-style flags into the GNU form oclif parses,
 * using the flag specs of the command being run:
 *
 * - `-input FILE`, `-input=FILE`, `--input FILE`, `-i FILE`, `-f=yaml` → `--input=FILE` …
 *   (an option's value is always glued with `=`, so a value such as `-`
 *   or `-5` is never mistaken for a flag);
 * - booleans `-stream`, `-cors=true`, `-cors=false`, `--cors=false`, `--no-cors`
 *   → `--stream`, `--cors`, `--no-cors` (Go's `strconv.ParseBool` spellings);
 * - `-h`, `-help` → `--help`;
 * - anything after `--` is left alone.
 *
 * Unknown flags are passed on (single-dash ones as `--name`) so that oclif
 * reports them, except one near a known flag's name (`--fromat`), reported
 * here with that name; a bad boolean value is reported here too.
 */
import { closestName } from "../../core/diagnostics/closest-name.js";
import type { FlagSpec } from "./flag-spec.js";

/** Outcome of {@link normalizeArgv}. */
export type NormalizeResult = { readonly ok: true; readonly argv: string[] } | { readonly ok: false; readonly message: string };

const FLAG_TOKEN = /^(--?)([A-Za-z][A-Za-z0-9_-]*)(?:=([\s\S]*))?$/;
const TRUE_WORDS: ReadonlySet<string> = new Set(["1", "t", "T", "true", "TRUE", "True"]);
const FALSE_WORDS: ReadonlySet<string> = new Set(["0", "f", "F", "false", "FALSE", "False"]);

/** A boolean in Go's `strconv.ParseBool` spellings (`1`, `t`, `true`, `0`, `f`, `FALSE`, …); `undefined` for anything else. */
export function parseGoBool(text: string): boolean | undefined {
  return TRUE_WORDS.has(text) ? true : FALSE_WORDS.has(text) ? false : undefined;
}

/** Normalise the arguments that follow the command id. */
export function normalizeArgv(argv: readonly string[], specs: readonly FlagSpec[]): NormalizeResult {
  const byName = new Map(specs.map((s) => [s.name, s]));
  const byChar = new Map(specs.filter((s) => s.char !== undefined).map((s) => [s.char as string, s]));
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i] as string;
    if (token === "--") {
      out.push(...argv.slice(i));
      break;
    }
    const m = FLAG_TOKEN.exec(token);
    if (!m) {
      out.push(token);
      continue;
    }
    const single = m[1] === "-";
    const word = m[2] as string;
    const inline = m[3];
    const own = single && word.length === 1 ? byChar.get(word) : byName.get(word);
    // `--no-x` for a boolean `x` that allows it
    const positive = own === undefined && word.startsWith("no-") ? byName.get(word.slice(3)) : undefined;
    const negated = positive?.kind === "boolean" && positive.allowNo === true;
    const spec = own ?? (negated ? positive : undefined);
    if (!spec) {
      const near = word.length > 1 && !isHelpWord(word, single) ? closestName(word, byName.keys()) : undefined;
      if (near !== undefined) return { ok: false, message: `Nonexistent flag: ${m[1] as string}${word} (did you mean --${near}?)` };
      // `-fyaml`: oclif reads a short option with its value glued on; such tokens are left to it
      const gluedShort = inline === undefined && byChar.get(word[0] as string)?.kind === "option";
      if (isHelpWord(word, single) && inline === undefined) out.push("--help");
      else if (single && word.length > 1 && !gluedShort) out.push("-" + token);
      else out.push(token);
      continue;
    }
    if (spec.kind === "boolean") {
      let on = !negated;
      if (inline !== undefined) {
        const value = parseGoBool(inline);
        if (value === undefined) return { ok: false, message: `invalid boolean value "${inline}" for flag -${spec.name} (use true or false)` };
        on = negated ? !value : value;
      }
      if (on) out.push(`--${spec.name}`);
      else if (spec.allowNo) out.push(`--no-${spec.name}`);
      // a boolean without --no- form is simply left at its default (false)
      continue;
    }
    if (inline !== undefined) out.push(`--${spec.name}=${inline}`);
    else if (i + 1 < argv.length) out.push(`--${spec.name}=${argv[++i] as string}`);
    else out.push(`--${spec.name}`); // oclif reports the missing value
  }
  return { ok: true, argv: out };
}

function isHelpWord(word: string, single: boolean): boolean {
  return word === "help" || (single && word === "h");
}
