/**
 * Flags of `jsson fmt`, as plain data: the oclif command builds its
 * definitions from this table, and the CLI's start-up fast path parses with
 * it without loading oclif (cli/argv/command-entry.ts).
 */
import type { CommandEntry } from "../argv/command-entry.js";
import type { FlagDefinition } from "../argv/flag-spec.js";
import { ERROR_FORMAT_FLAG } from "../transpile/transpile-flags.js";

/** The flags of `jsson fmt`. */
export const FMT_FLAGS: readonly FlagDefinition[] = [
  { name: "check", char: "c", kind: "boolean", description: "list the files that would change; exit 1 if any would" },
  { name: "write", char: "w", kind: "boolean", description: "rewrite the files that change (stdin still goes to stdout)" },
  { name: "diff", char: "d", kind: "boolean", description: "print a unified diff of each file that would change" },
  { name: "force", kind: "boolean", description: "format a file with syntax errors too: the items holding them are kept as written (the errors are still reported, exit 1)" },
  ERROR_FORMAT_FLAG,
];

/** `jsson fmt [FILES…|-]` (its oclif class and the CLI's fast path both run this). */
export const FMT_COMMAND: CommandEntry = {
  flags: FMT_FLAGS,
  maxArgs: Number.POSITIVE_INFINITY,
  run: async (flags, args) => (await import("./fmt-files.js")).runFmt(args, flags),
};
