/**
 * A deliberately small parser for argv already normalised by
 * `normalizeArgv` (`--name=value`, `--flag`, `--no-flag`, positionals).
 * It lets the plain `jsson -i FILE -f yaml` invocation skip loading oclif,
 * which is most of the CLI's start-up time. Anything it is not sure about
 * (help, `--`, a repeated non-repeatable flag, values outside a flag's options, unknown
 * flags, too many arguments) returns `undefined`, and oclif takes over, so
 * error messages always come from one place. A unit test checks that every
 * answer it gives equals oclif's.
 */
import type { FlagSpec } from "./flag-spec.js";

/** Parsed flags (a repeatable flag as an array, as oclif gives it) and positional arguments. */
export interface FastParseResult {
  readonly flags: Readonly<Record<string, string | boolean | readonly string[]>>;
  readonly args: readonly string[];
}

const LONG = /^--([A-Za-z][A-Za-z0-9_-]*)(?:=([\s\S]*))?$/;

/** Parse `argv`, or `undefined` when oclif should. `maxArgs` is the number of positional arguments accepted. */
export function fastParse(argv: readonly string[], specs: readonly FlagSpec[], maxArgs: number): FastParseResult | undefined {
  const byName = new Map(specs.map((s) => [s.name, s]));
  const flags: Record<string, string | boolean | string[]> = {};
  const args: string[] = [];
  for (const token of argv) {
    if (token.length > 1 && token.startsWith("-")) {
      const m = LONG.exec(token);
      if (!m) return undefined;
      const parsed = flagValue(m[1] as string, m[2], byName);
      if (!parsed) return undefined;
      const { spec, value } = parsed;
      if (spec.multiple && typeof value === "string") {
        const list = flags[spec.name];
        flags[spec.name] = Array.isArray(list) ? [...list, value] : [value];
      } else if (spec.multiple || Object.hasOwn(flags, spec.name)) return undefined;
      else flags[spec.name] = value;
      continue;
    }
    if (args.length >= maxArgs) return undefined;
    args.push(token);
  }
  for (const spec of specs) if (!Object.hasOwn(flags, spec.name) && spec.default !== undefined) flags[spec.name] = spec.default;
  return { flags, args };
}

function flagValue(word: string, inline: string | undefined, byName: ReadonlyMap<string, FlagSpec>): { spec: FlagSpec; value: string | boolean } | undefined {
  const spec = byName.get(word);
  if (spec?.kind === "option") {
    if (inline === undefined || (spec.options && !spec.options.includes(inline))) return undefined;
    return { spec, value: inline };
  }
  if (inline !== undefined) return undefined;
  if (spec?.kind === "boolean") return { spec, value: true };
  const positive = word.startsWith("no-") ? byName.get(word.slice(3)) : undefined;
  if (positive?.kind === "boolean" && positive.allowNo) return { spec: positive, value: false };
  return undefined;
}
