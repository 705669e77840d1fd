/** The format listings of `jsson formats` and of the FORMATS help section. */
import type { Engine, FormatInfo } from "../../core/index.js";
import { terminalText } from "./terminal-text.js";

const HEADERS = ["NAME", "ALIASES", "EXTENSIONS", "PLUGIN", "DESCRIPTION"] as const;

/** `jsson formats`: one row per format, with a header, columns padded to the widest cell. */
export function formatTable(formats: readonly FormatInfo[]): string {
  const rows = formats.map((f) => [f.name, f.aliases.join(", "), extensions(f), f.plugin, f.description]);
  return columns([[...HEADERS], ...rows], "");
}

/** The FORMATS section appended to `jsson --help` and `jsson transpile --help` (built-in and plugin formats). */
export function formatsHelpSection(formats: readonly FormatInfo[]): string {
  return "FORMATS (-f)\n" + columns(formats.map((f) => [formatLabel(f), extensions(f), f.plugin]), "  ") + "\n";
}

/** `json, yaml (yml), toml, …` for messages, from the registered formats. */
export function formatNames(engine: Engine): string {
  return engine.listFormats().map(formatLabel).join(", ");
}

/** `yaml (yml)`: a format's name with its aliases. */
export function formatLabel(f: FormatInfo): string {
  return f.aliases.length > 0 ? `${f.name} (${f.aliases.join(", ")})` : f.name;
}

function extensions(f: FormatInfo): string {
  return f.extensions.map((e) => "." + e).join(", ");
}

/** Cells come from plugins (names, descriptions): escaped before measuring, so columns line up and nothing reaches the terminal raw. */
function columns(rawTable: readonly string[][], indent: string): string {
  const table = rawTable.map((r) => r.map(terminalText));
  const widths = (table[0] ?? []).map((_, i) => Math.max(...table.map((r) => (r[i] ?? "").length)));
  return table.map((r) => indent + r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join("  ").trimEnd()).join("\n");
}
