/**
 * The plugins a run asks for, from every source, in load order:
 * `jsson.config.json` (project-wide), then `JSSON_PLUGINS` (the
 * environment), then `--plugin` flags (this command line). Config entries
 * resolve from the config file's folder; the others from the working
 * directory.
 */
import { delimiter, dirname } from "node:path";
import { findConfigFile, readConfigFile } from "./config-file.js";
import type { PluginRequest } from "./plugin-request.js";

/** The environment variable listing plugins. */
export const PLUGINS_ENV = "JSSON_PLUGINS";

/** Inputs of {@link collectPluginRequests}. */
export interface PluginRequestSources {
  /** `--plugin` values, in command-line order. */
  readonly cliPlugins?: readonly string[] | undefined;
  /** The working directory. */
  readonly cwd: string;
  /** The environment, for `JSSON_PLUGINS` (pass `process.env`); absent: not read. */
  readonly env?: Readonly<Record<string, string | undefined>> | undefined;
  /** Read `jsson.config.json` (default true). */
  readonly config?: boolean | undefined;
  /** The flag as messages name it (default `--plugin`; `jsson serve` documents `-plugin`). */
  readonly flagName?: string | undefined;
}

/** The requests, and the config file they partly came from. */
export interface CollectedRequests {
  readonly requests: readonly PluginRequest[];
  readonly configFile: string | undefined;
}

/** Gather the requests; a broken config file throws `PluginLoadError`. */
export function collectPluginRequests(sources: PluginRequestSources): CollectedRequests {
  const requests: PluginRequest[] = [];
  let configFile: string | undefined;
  if (sources.config !== false) {
    configFile = findConfigFile(sources.cwd);
    if (configFile !== undefined) {
      const config = readConfigFile(configFile);
      for (const specifier of config.plugins) requests.push({ specifier, source: "config", base: dirname(configFile), where: configFile });
    }
  }
  for (const specifier of splitPluginList(sources.env?.[PLUGINS_ENV] ?? ""))
    requests.push({ specifier, source: "env", base: sources.cwd, where: PLUGINS_ENV });
  for (const raw of sources.cliPlugins ?? []) {
    const specifier = raw.trim();
    if (specifier !== "") requests.push({ specifier, source: "flag", base: sources.cwd, where: sources.flagName ?? "--plugin" });
  }
  return { requests, configFile };
}

/** `JSSON_PLUGINS` entries: separated by commas or the platform's path delimiter (`:` on POSIX, `;` on Windows). */
export function splitPluginList(text: string): string[] {
  return text
    .split(new RegExp(`[,${delimiter === ";" ? ";" : ":"}]`))
    .map((s) => s.trim())
    .filter((s) => s !== "");
}
