/**
 * Flags of `jsson validate` and `jsson check`, as plain data (the oclif
 * commands build their definitions from it; argv normalisation and the
 * start-up fast path read it), and the two commands' entries
 * (cli/argv/command-entry.ts).
 */
import type { CommandEntry } from "../argv/command-entry.js";
import type { FlagDefinition } from "../argv/flag-spec.js";
import { ERROR_FORMAT_FLAG, PLUGIN_FLAG, TRANSPILE_FLAGS, WARNING_FLAGS } from "./transpile-flags.js";

/** A flag of `jsson transpile`, reused with the same meaning. */
function transpileFlag(name: string, description?: string): FlagDefinition {
  const flag = TRANSPILE_FLAGS.find((f) => f.name === name);
  if (flag === undefined) throw new Error(`no transpile flag ${name}`);
  return description === undefined ? flag : { ...flag, description };
}

/** The flags of `jsson check` (a full check: `validate --deep`). */
export const CHECK_FLAGS: readonly FlagDefinition[] = [
  transpileFlag("input"),
  transpileFlag("schema", "also validate each file's data against this JSON Schema (.json, .yaml, .yml or .toml)"),
  transpileFlag("format", "the output format the data is checked for (each file must be writable in it; the schema sees what its reader would): default json"),
  transpileFlag("include-merge"),
  ERROR_FORMAT_FLAG,
  ...WARNING_FLAGS,
  PLUGIN_FLAG,
];

/** The flags of `jsson validate`. */
export const VALIDATE_FLAGS: readonly FlagDefinition[] = [
  { name: "deep", kind: "boolean", default: false, description: "evaluate each file fully (includes followed, output checked, --schema applied), writing nothing; without it only the syntax is checked" },
  ...CHECK_FLAGS,
];

/** `jsson validate FILE…` (its oclif class and the CLI's fast path both run this). */
export const VALIDATE_COMMAND: CommandEntry = {
  flags: VALIDATE_FLAGS,
  maxArgs: Number.POSITIVE_INFINITY,
  run: async (flags, args) => (await import("./check-files.js")).checkFiles(flags, args, flags["deep"] === true),
};

/** `jsson check FILE…`: validate --deep. */
export const CHECK_COMMAND: CommandEntry = {
  flags: CHECK_FLAGS,
  maxArgs: Number.POSITIVE_INFINITY,
  run: async (flags, args) => (await import("./check-files.js")).checkFiles(flags, args, true),
};
