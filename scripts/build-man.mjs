#!/usr/bin/env node
// Writes man/jsson.1 from the command tables: every oclif command class in
// dist/cli/commands/ (its summary, description, arguments, flags and
// examples), so `man jsson` lists exactly the commands and flags the CLI
// accepts. Runs after `tsc` (it reads dist/). package.json's "man" ships it;
// a global install (`npm install -g`) links it where `man jsson` finds it.
// No date in the page: the same sources give the same bytes.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const commandsDir = join(root, "dist", "cli", "commands");

/** Text for roff: backslashes escaped, no line starting with a control character, dashes as \-. */
const esc = (text) =>
  String(text)
    .replace(/\\/g, "\\e")
    .replace(/-/g, "\\-")
    .split("\n")
    .map((line) => (/^[.']/.test(line) ? `\\&${line}` : line))
    .join("\n");
const bin = (text) => String(text).replace(/<%= config\.bin %>/g, "jsson");

/** One flag as a .TP entry: `-c, --name VALUE` then its description, choices and default. */
function flagEntry(name, flag) {
  const value = flag.type === "boolean" ? "" : ` \\fI${esc(flag.helpValue ?? (flag.options ? flag.options.join("|") : "VALUE"))}\\fR`;
  const names = [flag.char ? `\\fB\\-${flag.char}\\fR` : undefined, `\\fB\\-\\-${esc(name)}\\fR${value}`].filter(Boolean).join(", ");
  const notes = [];
  if (flag.type === "boolean" && flag.allowNo) notes.push(`\\-\\-no\\-${esc(name)} turns it off`);
  if (flag.options && flag.helpValue) notes.push(`one of: ${esc(flag.options.join(", "))}`);
  if (flag.default !== undefined && flag.default !== false && typeof flag.default !== "function") notes.push(`default: ${esc(flag.default)}`);
  if (flag.multiple) notes.push("repeatable");
  return `.TP\n${names}\n${esc(flag.description ?? flag.summary ?? "")}${notes.length > 0 ? ` (${notes.join("; ")})` : ""}`;
}

function commandSection(name, command) {
  const args = Object.entries(command.args ?? {}).map(([arg, a]) => (a.required ? arg.toUpperCase() : `[${arg.toUpperCase()}]`));
  const out = [`.SS "jsson ${name}${args.length > 0 ? " " + args.join(" ") : ""}"`, esc(command.summary ?? "")];
  if (command.description) out.push(".PP", esc(bin(command.description)).replace(/\n/g, "\n.br\n"));
  for (const [arg, a] of Object.entries(command.args ?? {})) out.push(".TP", `\\fI${arg.toUpperCase()}\\fR`, esc(a.description ?? ""));
  for (const [flagName, flag] of Object.entries(command.flags ?? {})) if (!flag.hidden) out.push(flagEntry(flagName, flag));
  const examples = (command.examples ?? []).map((e) => (typeof e === "string" ? e : e.command));
  if (examples.length > 0) out.push(".PP", "Examples:", ".RS", ".nf", ...examples.map((e) => esc(bin(e))), ".fi", ".RE");
  return out.join("\n");
}

const names = readdirSync(commandsDir)
  .filter((f) => f.endsWith(".js"))
  .map((f) => f.slice(0, -3))
  .sort((a, b) => (a === "transpile" ? -1 : b === "transpile" ? 1 : a.localeCompare(b)));
const commands = [];
for (const name of names) {
  const command = (await import(pathToFileURL(join(commandsDir, `${name}.js`)).href)).default;
  if (!command.hidden) commands.push([name, command]);
}

const page = [
  `.TH JSSON 1 "" "jsson ${pkg.version}" "User Commands"`,
  ".nh", // no hyphenation: a flag or a word is never split across lines
  ".SH NAME",
  "jsson \\- transpile JSSON configuration files to JSON, YAML, TOML or TypeScript",
  ".SH SYNOPSIS",
  ".B jsson",
  "[\\fICOMMAND\\fR] [\\fIFILE\\fR...] [\\fIFLAGS\\fR]",
  ".br",
  ".B jsson",
  "\\fIFILE\\fR \\-f yaml",
  ".SH DESCRIPTION",
  esc("JSSON is a small configuration language (variables, arithmetic, ranges, map expressions, templates, includes and presets) that transpiles to JSON, YAML, TOML or TypeScript. Without a command, jsson runs transpile. Flags are accepted Go-style (-f yaml, -cors=false) and GNU-style (--format=yaml, --no-cors)."),
  ".SH COMMANDS",
  ...commands.map(([name, command]) => commandSection(name, command)),
  ".SH EXIT STATUS",
  ".TP\n0\nsuccess",
  ".TP\n1\na source error (lexical, syntax, runtime, include, output or limit) or an input file that cannot be read",
  ".TP\n2\na usage error, or a failed schema validation",
  ".TP\n70\nan internal error (a bug)",
  ".SH ENVIRONMENT",
  ".TP\nJSSON_ERROR_FORMAT\nthe default of \\-\\-error\\-format",
  ".TP\nJSSON_PLUGINS\nplugins to load, separated by commas or colons",
  ".TP\nJSSON_\\fIFLAG\\fR\nany flag of jsson serve (upper case, \\- as _), e.g. JSSON_PORT; PORT when neither \\-port nor JSSON_PORT is set",
  ".SH FILES",
  ".TP\njsson.config.json\nplugins to load (searched up to the project's root)",
  ".SH SEE ALSO",
  esc("The guides in the package's docs/ folder: cli.md (every command), language.md, errors.md (every error code), library.md, http-api.md."),
  "",
].join("\n");

mkdirSync(join(root, "man"), { recursive: true });
writeFileSync(join(root, "man", "jsson.1"), page);
console.log(`man page: man/jsson.1 — ${commands.length} commands`);
