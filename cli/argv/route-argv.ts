/**
 * Picks the command a command line is for. The reference CLI had no
 * subcommand for its main job (`jsson -i FILE -f yaml`), so anything that
 * does not start with a known command id goes to the default command —
 * except a first word that looks like a command (letters, digits and `-`,
 * no `.` or `/`) and is not an existing file: that is a mistyped command
 * (`jsson fmtt x`), reported with the closest one.
 */
import { closestName } from "../../core/diagnostics/closest-name.js";

/** Where a command line goes. */
export interface Route {
  /** Command id, or `undefined` for the root help. */
  readonly id: string | undefined;
  /** The arguments after the command id. */
  readonly rest: readonly string[];
  /** A first word taken for a mistyped command (then `id` is undefined), with the nearest command id (if one is near). */
  readonly unknown?: { readonly word: string; readonly closest: string | undefined };
}

/** Inputs of {@link routeArgv}. */
export interface RouteOptions {
  /** Ids of the installed commands. */
  readonly commands: ReadonlySet<string>;
  /** Command for a command line without a subcommand. */
  readonly defaultCommand: string;
  /** Command that prints the version (`-v`, `-version`, `--version`). */
  readonly versionCommand: string;
  /** Whether stdin is a terminal: then a bare `jsson` shows help instead of waiting for input. */
  readonly stdinIsTerminal: boolean;
  /** Whether an argument names an existing file or folder (default: none does). */
  readonly exists?: (path: string) => boolean;
}

/** A word that can only be meant as a command, unless a file has that name. */
const COMMAND_LIKE = /^[A-Za-z][A-Za-z0-9-]*$/;

const ROOT_HELP: ReadonlySet<string> = new Set(["-h", "-help", "--help"]);
const VERSION: ReadonlySet<string> = new Set(["-v", "-version", "--version"]);

/** Route `argv` (without node and script) to a command. */
export function routeArgv(argv: readonly string[], options: RouteOptions): Route {
  const first = argv[0];
  if (first === undefined) return options.stdinIsTerminal ? { id: undefined, rest: ["--help"] } : { id: options.defaultCommand, rest: [] };
  if (options.commands.has(first)) return { id: first, rest: argv.slice(1) };
  if (ROOT_HELP.has(first) && argv.length === 1) return { id: undefined, rest: ["--help"] };
  if (VERSION.has(first) && argv.length === 1) return { id: options.versionCommand, rest: [] };
  if (COMMAND_LIKE.test(first) && !(options.exists?.(first) ?? false))
    return { id: undefined, rest: argv.slice(1), unknown: { word: first, closest: closestName(first, options.commands) } };
  return { id: options.defaultCommand, rest: argv };
}
