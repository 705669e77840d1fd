/**
 * Flags from the environment (HTTP.md §1): every flag of a command can be
 * given as `JSSON_<FLAG>` — upper case, `-` → `_` (`JSSON_PORT`,
 * `JSSON_INCLUDE_ROOT`, `JSSON_CORS=false`). Container platforms configure
 * programs this way; a command line still wins, flag by flag.
 *
 * Values go through the same checks as on the command line — the flag's
 * own oclif `parse` (integer ranges …) and its list of allowed values;
 * booleans take Go's spellings (`true`, `false`, `1`, `0`, `t`, `f`, …) —
 * and a bad one is refused with a message that names the variable, not
 * the flag: the operator has to know where to look.
 *
 * Decisions where the contract is silent:
 * - an empty variable counts as unset (`JSSON_INCLUDE_ROOT=` in a manifest
 *   means "not set", as it does for most tools);
 * - a repeatable flag takes a list, split by the caller's `splitList`
 *   (for `JSSON_PLUGIN`, the syntax of `JSSON_PLUGINS`); on the command
 *   line, any use of the flag replaces the whole list from the environment.
 */
import { parseGoBool } from "./normalize-argv.js";

/** What this module needs of an oclif flag definition. */
export interface EnvFlagDefinition {
  readonly type?: unknown;
  readonly multiple?: unknown;
  readonly options?: unknown;
  /** oclif's value parser (`Flags.integer` checks `min` / `max` here); called as oclif calls it. */
  readonly parse?: unknown;
}

/** How {@link flagsFromEnvironment} reads the environment. */
export interface EnvFlagOptions {
  /** Variable prefix, `JSSON_`. */
  readonly prefix: string;
  /** Further variables read when the prefixed one is unset, by flag name (`{ port: "PORT" }`). */
  readonly fallbacks?: Readonly<Record<string, string>>;
  /** Splits the value of a repeatable flag into its items. */
  readonly splitList: (text: string) => string[];
  /** Values that are not configuration at all, and count as unset (see `jsson serve`'s Kubernetes service links). */
  readonly ignore?: (variable: string, text: string) => boolean;
}

/** Flag values taken from the environment, and which variable gave each. */
export type EnvFlags =
  | { readonly ok: true; readonly values: Readonly<Record<string, unknown>>; readonly sources: Readonly<Record<string, string>> }
  | { readonly ok: false; readonly message: string };

/** The variable of flag `name`: `include-root` → `JSSON_INCLUDE_ROOT`. */
export function envVariableOf(name: string, prefix: string): string {
  return prefix + name.toUpperCase().replaceAll("-", "_");
}

type OclifParse = (input: string, context: unknown, definition: unknown) => Promise<unknown>;

/**
 * Values, from `env`, of the flags of `definitions` that the command line
 * did not give (`given`: flag names, as oclif's raw tokens name them).
 */
export async function flagsFromEnvironment(
  definitions: Readonly<Record<string, EnvFlagDefinition>>,
  given: ReadonlySet<string>,
  env: Readonly<Record<string, string | undefined>>,
  options: EnvFlagOptions,
): Promise<EnvFlags> {
  const values: Record<string, unknown> = {};
  const sources: Record<string, string> = {};
  for (const [name, definition] of Object.entries(definitions)) {
    if (given.has(name)) continue;
    const variables = [envVariableOf(name, options.prefix), options.fallbacks?.[name]];
    const variable = variables.find((v): v is string => v !== undefined && (env[v] ?? "") !== "" && options.ignore?.(v, env[v] as string) !== true);
    if (variable === undefined) continue;
    const text = env[variable] as string;
    const parsed = await valueOf(definition, text);
    if (!parsed.ok) return { ok: false, message: `${variable}: ${parsed.message}` };
    values[name] = parsed.value;
    sources[name] = variable;
  }
  return { ok: true, values, sources };

  async function valueOf(definition: EnvFlagDefinition, text: string): Promise<{ ok: true; value: unknown } | { ok: false; message: string }> {
    if (definition.type === "boolean") {
      const value = parseGoBool(text.trim());
      return value === undefined ? { ok: false, message: `invalid boolean value ${JSON.stringify(text)} (use true or false)` } : { ok: true, value };
    }
    if (definition.multiple === true) {
      const items: unknown[] = [];
      for (const item of options.splitList(text)) {
        const one = await single(definition, item);
        if (!one.ok) return one;
        items.push(one.value);
      }
      return { ok: true, value: items };
    }
    return single(definition, text);
  }
}

async function single(definition: EnvFlagDefinition, text: string): Promise<{ ok: true; value: unknown } | { ok: false; message: string }> {
  const allowed = definition.options;
  if (Array.isArray(allowed) && !allowed.includes(text)) return { ok: false, message: `expected one of ${allowed.join(", ")}, got ${JSON.stringify(text)}` };
  if (typeof definition.parse !== "function") return { ok: true, value: text };
  try {
    // oclif calls parse(input, context, flag); the built-in parsers read only the flag's own options.
    return { ok: true, value: await (definition.parse as OclifParse)(text, undefined, definition) };
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
}
