/**
 * What `bin/jsson.js` runs: route the command line to a command (the
 * reference's `jsson -i FILE -f yaml` has no subcommand), normalise Go-style
 * flags using that command's own flag definitions, then either run the
 * command directly (fast path, for transpile, validate, check and fmt: oclif
 * is most of the start-up time) or hand over to oclif. Every failure ends
 * here as one line on stderr and an exit status; nothing reaches the user as
 * a stack trace.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { fastParse } from "./argv/fast-parse.js";
import type { CommandEntry } from "./argv/command-entry.js";
import { flagSpecsOf, type FlagSpec, type OclifFlagLike } from "./argv/flag-spec.js";
import { normalizeArgv } from "./argv/normalize-argv.js";
import { routeArgv } from "./argv/route-argv.js";
import { EXIT } from "./terminal/exit-codes.js";
import { BrokenPipeError, writeAllSync, writeStderr } from "./io/fd-writer.js";

const DEFAULT_COMMAND = "transpile";
const VERSION_COMMAND = "version";

/**
 * The commands the fast path runs without oclif when their command line is
 * plain (`fastParse`): the offline commands a user runs on one small file as
 * often as a transpile. Each entry is loaded on demand, from the room that
 * owns the command's flag table and run function (their oclif classes use the
 * same two).
 */
const FAST_COMMANDS: ReadonlyMap<string, () => Promise<CommandEntry>> = new Map([
  [DEFAULT_COMMAND, async () => (await import("./transpile/transpile-flags.js")).TRANSPILE_COMMAND],
  ["validate", async () => (await import("./transpile/check-flags.js")).VALIDATE_COMMAND],
  ["check", async () => (await import("./transpile/check-flags.js")).CHECK_COMMAND],
  ["fmt", async () => (await import("./source-tools/fmt-flags.js")).FMT_COMMAND],
]);

/**
 * Run the CLI. Sets `process.exitCode` (never calls `process.exit`, so that
 * output written through streams is not cut off).
 * @param argv the arguments after `node jsson.js`
 * @param root the package root (the folder of package.json)
 * @param handOver runs every command line but a bare `jsson version` and a
 *   plain one of the fast path's commands elsewhere.
 *   `bin/jsson.js` passes it when this is the CLI bundle (dist/cli-bundle/,
 *   scripts/build-cli.mjs), which holds only the start-up path: the rest
 *   (oclif, the other commands) then runs in the unbundled CLI, which this
 *   run has not touched, so the bundle's and dist's copies of the classes
 *   never meet.
 */
export async function main(argv: readonly string[], root: string, handOver?: () => Promise<void>): Promise<void> {
  let commandId: string | undefined;
  try {
    const commandsDir = join(root, "dist", "cli", "commands");
    const route = routeArgv(argv, {
      commands: listCommands(commandsDir),
      defaultCommand: DEFAULT_COMMAND,
      versionCommand: VERSION_COMMAND,
      // only a bare `jsson` asks (see routeArgv)
      stdinIsTerminal: argv.length === 0 && stdinIsTerminal(),
      exists: existsSync,
    });
    if (route.unknown) {
      const { word, closest } = route.unknown;
      return void (process.exitCode = usage(`unknown command "${word}"${closest === undefined ? "" : ` (did you mean "${closest}"?)`}`, undefined));
    }
    commandId = route.id;
    if (route.id === VERSION_COMMAND && route.rest.length === 0) return printVersion(root);
    const fast = route.id === undefined ? undefined : FAST_COMMANDS.get(route.id);
    if (handOver !== undefined && fast === undefined) return await handOver();
    if (route.id === undefined) return void (process.exitCode = await runHelp(["--help"], root, []));
    // a fast command's plain table: its flags are known without loading its oclif class (and so oclif)
    const command = fast === undefined ? undefined : await fast();
    const specs = command === undefined ? await flagSpecsFor(route.id, commandsDir) : command.flags;
    const normalized = normalizeArgv(route.rest, specs);
    if (!normalized.ok) return void (process.exitCode = usage(normalized.message, route.id));
    if (command !== undefined) {
      const parsed = fastParse(normalized.argv, specs, command.maxArgs);
      if (parsed) return void (process.exitCode = await command.run(parsed.flags, parsed.args, normalized.argv));
    }
    if (handOver !== undefined) return await handOver();
    const oclifArgv = [route.id, ...normalized.argv];
    if (showsFormats(route.id, normalized.argv)) process.exitCode = await runHelp(oclifArgv, root, pluginValues(normalized.argv));
    else process.exitCode = await runOclif(oclifArgv, root, route.id);
  } catch (e) {
    process.exitCode = unexpected(e, commandId);
  }
}

/** `jsson version` without arguments, without oclif (its start-up is most of the time); the same line as the command's. */
async function printVersion(root: string): Promise<void> {
  const { versionLine } = await import("./terminal/version-line.js");
  const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string };
  writeAllSync(1, Buffer.from(versionLine(version), "utf8"));
}

/**
 * Whether fd 0 is a terminal. isatty, not process.stdin.isTTY: creating
 * process.stdin would make a piped fd 0 non-blocking. node:tty is loaded here
 * only, because it loads node:net and the streams (~5 ms of every start).
 */
function stdinIsTerminal(): boolean {
  return process.getBuiltinModule("node:tty").isatty(0);
}

/** Ids of the commands installed in `dir` (one compiled module per command). */
function listCommands(dir: string): Set<string> {
  return new Set(
    readdirSync(dir)
      .filter((f) => f.endsWith(".js"))
      .map((f) => f.slice(0, -3)),
  );
}

/** The flag specs of a command, from its oclif class's definitions. */
async function flagSpecsFor(id: string, commandsDir: string): Promise<FlagSpec[]> {
  const mod = (await import(pathToFileURL(join(commandsDir, `${id}.js`)).href)) as { default?: { flags?: Record<string, OclifFlagLike> } };
  return flagSpecsOf(mod.default?.flags);
}

/** Whether this is the help of the root or of `transpile`, which list the output formats (plugin ones included). */
function showsFormats(id: string, argv: readonly string[]): boolean {
  const options = argv.slice(0, argv.includes("--") ? argv.indexOf("--") : argv.length);
  if (id === DEFAULT_COMMAND) return options.includes("--help");
  if (id !== "help") return false;
  const subject = options.find((a) => !a.startsWith("-"));
  return subject === undefined || subject === DEFAULT_COMMAND;
}

/** `--plugin=X` values of normalised argv. */
function pluginValues(argv: readonly string[]): string[] {
  return argv.filter((a) => a.startsWith("--plugin=")).map((a) => a.slice("--plugin=".length));
}

/** Said under FORMATS in help, which loads no config file. */
const HELP_CONFIG_NOTE = "  (jsson.config.json is not read for help; jsson formats lists its plugins too)\n";

/** The reference's invocation, which oclif's USAGE line (`jsson [COMMAND]`) does not show. */
const REFERENCE_USAGE = `WITHOUT A COMMAND (the reference's invocation: runs transpile)
  $ jsson -i FILE [-f json|yaml|toml|typescript|ts] [-include-merge keep|overwrite|error]
          [-stream] [-stream-threshold N] [-o OUT] [-schema FILE [-validate-only]]
  $ jsson < FILE          (no file: reads stdin)

`;

/**
 * oclif's help, then a FORMATS section from the engine with the plugins of
 * `--plugin` and `JSSON_PLUGINS` loaded. Help never reads `jsson.config.json`
 * (its plugins are code, and help needs none); `jsson formats` lists them.
 */
async function runHelp(argv: string[], root: string, plugins: readonly string[]): Promise<number> {
  const { loadCliEngine } = await import("./plugin-loader/cli-engine.js");
  const loaded = await loadCliEngine(plugins, false);
  if (!loaded.ok) {
    writeStderr(`jsson: ${loaded.message}\n`);
    return EXIT.USAGE;
  }
  const status = await runOclif(argv, root, argv[0]);
  const { formatsHelpSection } = await import("./terminal/format-table.js");
  process.stdout.write(formatsHelpSection(loaded.engine.listFormats()) + HELP_CONFIG_NOTE + "\n");
  const isRootHelp = argv.every((a) => a.startsWith("-") || a === "help");
  if (isRootHelp) process.stdout.write(REFERENCE_USAGE);
  return status;
}

/** Run oclif on normalised argv; returns the exit status. */
async function runOclif(argv: string[], root: string, id: string | undefined): Promise<number> {
  const { run, flush } = await import("@oclif/core");
  try {
    await run(argv, root);
    await flush();
    return typeof process.exitCode === "number" ? process.exitCode : EXIT.OK;
  } catch (e) {
    const oclif = (e as { oclif?: { exit?: unknown } } | null)?.oclif;
    if ((e as { code?: unknown } | null)?.code === "EEXIT") return typeof oclif?.exit === "number" ? oclif.exit : EXIT.OK;
    if (typeof oclif?.exit === "number" && e instanceof Error) {
      // oclif's parse errors: "Nonexistent flag: --x\nSee more help with --help" → one line
      usage(oneLine(e.message), id);
      return oclif.exit;
    }
    throw e;
  }
}

function usage(message: string, id: string | undefined): number {
  writeStderr(`jsson: ${message} (see: jsson ${id === undefined ? "" : id + " "}--help)\n`);
  return EXIT.USAGE;
}

function oneLine(message: string): string {
  return message
    .replace(/\x1b\[[0-9;]*m/g, "")
    .split("\n")
    .filter((l) => !/^See more help with/.test(l))
    .map((l) => l.trim())
    .filter((l) => l !== "")
    .join(" ");
}

/** Anything else is a bug in jsson: one line, status 70 (stack with JSSON_DEBUG=1). */
function unexpected(e: unknown, id: string | undefined): number {
  if (e instanceof BrokenPipeError) return EXIT.BROKEN_PIPE;
  const message = e instanceof Error ? e.message : String(e);
  try {
    writeStderr(`jsson: internal error${id ? ` in ${id}` : ""}: ${oneLine(message)}\n`);
    if (process.env["JSSON_DEBUG"] && e instanceof Error && e.stack) writeStderr(e.stack + "\n");
  } catch {
    // stderr is gone too; the status says it
  }
  return EXIT.INTERNAL;
}
