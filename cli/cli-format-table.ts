/** The text table printed by `jsson formats`. */
import type { FormatInfo } from "../core/index.js";

const HEADERS = ["NAME", "ALIASES", "EXTENSIONS", "PLUGIN", "DESCRIPTION"] as const;

/** One row per format, columns padded to the widest cell. */
export function formatTable(formats: readonly FormatInfo[]): string {
  const rows = formats.map((f) => [f.name, f.aliases.join(", "), f.extensions.map((e) => "." + e).join(", "), f.plugin, f.description]);
  const table = [[...HEADERS], ...rows];
  const widths = HEADERS.map((_, i) => Math.max(...table.map((r) => (r[i] ?? "").length)));
  return table.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join("  ").trimEnd()).join("\n");
}
