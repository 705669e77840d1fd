/**
 * Flags and argument of `jsson transpile`, as plain data. The oclif command
 * builds its flag definitions from this table (`oclifFlags`), and the
 * start-up fast path reads it without loading oclif at all. Values are
 * parsed (and refused with clear messages) by `runTranspileCommand` (transpile-plan.ts), not by oclif,
 * so both paths give the same errors.
 */
import type { CommandEntry } from "../argv/command-entry.js";
import type { FlagDefinition } from "../argv/flag-spec.js";
import { ERROR_FORMAT_ENV, ERROR_FORMATS } from "../terminal/error-format.js";
// Two tiny modules of constants (no engine behind them): the start-up fast path reads this table.
import { INCLUDE_MERGE_MODES } from "../../core/eval/include-merge.js";
import { DEFAULT_STREAM_THRESHOLD } from "../../core/engine/options.js";

/** `--plugin`, shared by the commands that run the engine. */
export const PLUGIN_FLAG: FlagDefinition = {
  name: "plugin",
  kind: "option",
  multiple: true,
  helpValue: "NAME_OR_PATH",
  description: "load a plugin (package name or path; repeatable); jsson.config.json and JSSON_PLUGINS are read too",
};

/** `--error-format`, shared by the commands that report source diagnostics (transpile, validate, fmt). No static default: the environment may give one. */
export const ERROR_FORMAT_FLAG: FlagDefinition = {
  name: "error-format",
  kind: "option",
  options: ERROR_FORMATS,
  helpValue: "FORMAT",
  description: `how source errors are written to stderr: human (default), json (one JSON document), github (GitHub Actions annotations); ${ERROR_FORMAT_ENV} is read when absent`,
};

/** Warnings (LANGUAGE.md §16.5), shared by the commands that evaluate or check sources; read by cli/terminal/warning-mode.ts. */
export const WARNING_FLAGS: readonly FlagDefinition[] = [
  { name: "strict", kind: "boolean", description: "treat warnings as errors: the first warning fails the run (exit 1); JSSON_STRICT=1 sets it when absent" },
  { name: "quiet-warnings", kind: "boolean", default: false, description: "do not write warnings (likely mistakes such as a misspelt name used as a string)" },
];

/** External variables (LANGUAGE.md §16.2; read by external-vars.ts). */
export const VAR_FLAGS: readonly FlagDefinition[] = [
  { name: "var", kind: "option", multiple: true, helpValue: "NAME=TEXT", description: "external variable holding a string (repeatable; later --var, --var-json and --vars win)" },
  { name: "var-json", kind: "option", multiple: true, helpValue: "NAME=JSON", description: "external variable holding any JSON value, e.g. --var-json replicas=3 (repeatable)" },
  { name: "vars", kind: "option", multiple: true, helpValue: "FILE", description: "external variables: the top-level keys of a .json, .yaml/.yml or .toml file (repeatable)" },
];

/** The flags of `jsson transpile`. */
export const TRANSPILE_FLAGS: readonly FlagDefinition[] = [
  { name: "input", char: "i", kind: "option", helpValue: "FILE", description: "input file (- for stdin)" },
  {
    name: "format",
    char: "f",
    kind: "option",
    helpValue: "FORMAT",
    description: "output format: json, yaml (yml), toml, typescript (ts), or one added by a plugin (see jsson formats); default: from the -o file's extension, else json",
  },
  { name: "output", char: "o", kind: "option", helpValue: "FILE", description: "write the output to this file instead of stdout (- : stdout; never the input file; its extension picks the format when -f is absent)" },
  { name: "out-dir", kind: "option", helpValue: "DIR", description: "write one output file per input under DIR, mirroring the inputs' folders (several FILEs or globs)" },
  { name: "select", kind: "option", helpValue: "PATH", description: 'write only the value at PATH: a.b[2], a["x.y"]' },
  { name: "sort-keys", kind: "boolean", default: false, description: "sort the keys of every object by code point (every format)" },
  { name: "compact", kind: "boolean", default: false, description: "json: no whitespace between tokens" },
  { name: "documents", kind: "boolean", default: false, description: "yaml: write the value (an array) as one document per element, separated by ---" },
  { name: "block-strings", kind: "boolean", default: false, description: "yaml: multi-line strings as | / |- / |+ block scalars where they read back exactly" },
  { name: "watch", char: "w", kind: "boolean", default: false, description: "run again whenever the input, a file it includes, or the schema changes (Ctrl-C ends)" },
  {
    name: "include-merge",
    kind: "option",
    options: INCLUDE_MERGE_MODES,
    default: "keep",
    description: "how keys of an included file merge into the includer",
  },
  { name: "stream", kind: "boolean", default: false, description: "stream the output (never changes the bytes)" },
  { name: "stream-threshold", kind: "option", helpValue: "N", description: `ranges with more elements than this are streamed (default ${DEFAULT_STREAM_THRESHOLD})` },
  { name: "schema", kind: "option", helpValue: "FILE", description: "validate the output against this JSON Schema (.json, .yaml, .yml or .toml)" },
  { name: "validate-only", kind: "boolean", default: false, description: "with --schema: report the validation only, print no output" },
  { name: "max-depth", kind: "option", helpValue: "N", description: "maximum nesting depth (brackets, objects, expressions, includes; default 512)" },
  { name: "max-items", kind: "option", helpValue: "N", description: "maximum number of elements of one range or array (default 10000000)" },
  { name: "max-output", kind: "option", helpValue: "SIZE", description: "maximum output size, e.g. 64MiB (default 4GiB)" },
  { name: "timeout", kind: "option", helpValue: "DURATION", description: "time limit: seconds, or with a unit: 500ms, 10s, 2m (default none)" },
  ERROR_FORMAT_FLAG,
  ...WARNING_FLAGS,
  ...VAR_FLAGS,
  PLUGIN_FLAG,
];

/** Number of positional arguments the start-up fast path takes (`[FILE]`); several files or globs go through oclif. */
export const TRANSPILE_MAX_ARGS = 1;

/** `jsson transpile` (its oclif class and the CLI's fast path both run this). */
export const TRANSPILE_COMMAND: CommandEntry = {
  flags: TRANSPILE_FLAGS,
  maxArgs: TRANSPILE_MAX_ARGS,
  run: async (flags, args, argv) => (await import("./transpile-command.js")).runTranspileCommand(flags, args, argv),
};
