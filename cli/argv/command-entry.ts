/**
 * A command as both routes of the CLI run it: oclif's command class and the
 * start-up fast path of `cli/main.ts` (which parses with `fastParse`, without
 * loading oclif). Both read the same flag table and call the same `run`, so a
 * command's flag semantics live in one place.
 */
import type { FlagDefinition } from "./flag-spec.js";

/** Parsed flags by name: an option's string, a repeatable option's strings, a boolean; absent or `undefined` when not given and without a default. */
export type ParsedFlags = Readonly<Record<string, string | boolean | readonly string[] | undefined>>;

/** One command's flags and run function. */
export interface CommandEntry {
  /** The flags (oclif's definitions are built from this table: `oclifFlags`). */
  readonly flags: readonly FlagDefinition[];
  /** Positional arguments the fast path takes; more go through oclif (which gives the usage error, if any). */
  readonly maxArgs: number;
  /**
   * Run the command; resolves to the exit status.
   * @param flags the parsed flags
   * @param args the positional arguments
   * @param argv the normalised command line after the command id (the order of repeatable flags)
   */
  run(flags: ParsedFlags, args: readonly string[], argv: readonly string[]): Promise<number>;
}

/** The value of option `name`, or `undefined` when it was not given. */
export function flagText(flags: ParsedFlags, name: string): string | undefined {
  const v = flags[name];
  return typeof v === "string" ? v : undefined;
}

/** The values of repeatable option `name`, in command-line order (none when it was not given). */
export function flagList(flags: ParsedFlags, name: string): readonly string[] {
  const v = flags[name];
  return Array.isArray(v) ? v : typeof v === "string" ? [v] : [];
}
