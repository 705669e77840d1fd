/**
 * The engine the CLI commands run: the built-in plugins plus the ones the
 * user asked for (`jsson.config.json`, `JSSON_PLUGINS`, `--plugin`; see
 * docs/plugins.md). A plugin that cannot be used is a usage problem: one
 * line, exit status 2, before any work.
 */
import type { Engine, FormatInfo } from "../core/index.js";

/** The engine, or the one-line refusal of a plugin. */
export type CliEngine = { readonly ok: true; readonly engine: Engine } | { readonly ok: false; readonly message: string };

/** An engine with the built-ins and the configured plugins (`cliPlugins`: the `--plugin` values). */
export async function loadCliEngine(cliPlugins: readonly string[] = []): Promise<CliEngine> {
  const { createEngineWithPlugins, PluginLoadError } = await import("./plugins/index.js");
  try {
    const { engine } = await createEngineWithPlugins({ cliPlugins, cwd: process.cwd(), env: process.env });
    return { ok: true, engine };
  } catch (e) {
    if (e instanceof PluginLoadError) return { ok: false, message: e.message };
    throw e;
  }
}

/** `json, yaml (yml), toml, …` for messages, from the registered formats. */
export function formatNames(engine: Engine): string {
  return engine.listFormats().map(formatLabel).join(", ");
}

/** `yaml (yml)`: a format's name with its aliases. */
export function formatLabel(f: FormatInfo): string {
  return f.aliases.length > 0 ? `${f.name} (${f.aliases.join(", ")})` : f.name;
}
