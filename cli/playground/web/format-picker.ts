/**
 * The output-format menu, filled from GET /formats so that formats added by
 * server plugins appear next to the built-ins.
 */
import type { FormatInfo } from "./api-client.js";

/** Used when /formats cannot be read: the built-ins every server has. */
export const FALLBACK_FORMATS: readonly FormatInfo[] = [
  { name: "json", aliases: [], media_type: "application/json", extension: "json", description: "JSON", plugin: "" },
  { name: "yaml", aliases: ["yml"], media_type: "application/yaml", extension: "yaml", description: "YAML", plugin: "" },
  { name: "toml", aliases: [], media_type: "application/toml", extension: "toml", description: "TOML", plugin: "" },
  { name: "typescript", aliases: ["ts"], media_type: "text/typescript", extension: "ts", description: "TypeScript", plugin: "" },
];

/** The format `<select>` and what the server said about each format. */
export class FormatPicker {
  private formats: readonly FormatInfo[] = FALLBACK_FORMATS;

  constructor(private readonly select: HTMLSelectElement) {}

  /** The selected format's name. */
  get value(): string {
    return this.select.value || "json";
  }

  /** What the server said about a format (by name or alias). */
  info(name: string): FormatInfo | undefined {
    const n = name.toLowerCase();
    return this.formats.find((f) => f.name === n || f.aliases.includes(n));
  }

  /** Offer these formats (keeping the selection when it is still offered). */
  fill(list: readonly FormatInfo[]): void {
    const selected = this.value;
    this.formats = list.length > 0 ? list : FALLBACK_FORMATS;
    this.select.replaceChildren(
      ...this.formats.map((f) => {
        // Plugin formats say where they come from.
        const builtin = FALLBACK_FORMATS.some((b) => b.name === f.name) || f.plugin === "";
        const option = new Option(builtin ? f.name : `${f.name} (${f.plugin})`, f.name);
        option.title = f.description;
        return option;
      }),
    );
    this.select.value = this.info(selected)?.name ?? "json";
  }

  /** Select a format by name or alias; false (and json selected) when the server does not offer it. */
  choose(name: string): boolean {
    const info = this.info(name);
    this.select.value = info?.name ?? "json";
    return info !== undefined;
  }
}
