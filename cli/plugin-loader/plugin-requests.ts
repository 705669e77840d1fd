/**
 * The plugins a run asks for, from every source, in load order:
 * `jsson.config.json` (project-wide), then `JSSON_PLUGINS` (the
 * environment), then `--plugin` flags (this command line). Config entries
 * resolve from the config file's folder; the others from the working
 * directory. A config file that another user owns or could have written
 * (trusted-path.ts) is not read at all: its plugins are code the user never
 * chose to run. It is reported as ignored instead.
 */
import { delimiter, dirname } from "node:path";
import { findConfigFile, readConfigFile } from "./config-file.js";
import { untrustedReason } from "./trusted-path.js";

/** Where a plugin was asked for: a command-line flag, `jsson.config.json`, or `JSSON_PLUGINS`. */
export type PluginSource = "flag" | "config" | "env";

/** A plugin specifier with its provenance, before resolution. */
export interface PluginRequest {
  /** As written: a package name (`jsson-plugin-dotenv`, `dotenv`, `@acme/jsson-plugin-x`) or a path (`./my-plugin.mjs`). */
  readonly specifier: string;
  readonly source: PluginSource;
  /** Folder that names and relative paths resolve from: the working directory, or the config file's folder. */
  readonly base: string;
  /** Where it was asked for, as shown in messages: `--plugin`, `JSSON_PLUGINS`, or the config file's path. */
  readonly where: string;
}

/** `"./x.mjs" from --plugin`: how refusals name the request. */
export function describeRequest(request: PluginRequest): string {
  return `${JSON.stringify(request.specifier)} from ${request.where}`;
}

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
  /** The config file read (absent: none found, or the one found was ignored). */
  readonly configFile: string | undefined;
  /** A config file found but not read, and why (`/tmp/jsson.config.json is owned by another user (uid 65534)`). */
  readonly configIgnored?: { readonly path: string; readonly reason: string } | undefined;
}

/** The config file a run in `cwd` reads, or the one it finds and does not read, and why. */
export function locateConfigFile(cwd: string): Omit<CollectedRequests, "requests"> {
  const found = findConfigFile(cwd);
  const reason = found === undefined ? undefined : untrustedReason(found);
  if (found !== undefined && reason !== undefined) return { configFile: undefined, configIgnored: { path: found, reason } };
  return { configFile: found };
}

/** Gather the requests; a broken config file throws `PluginLoadError`. */
export function collectPluginRequests(sources: PluginRequestSources): CollectedRequests {
  const requests: PluginRequest[] = [];
  let configFile: string | undefined;
  let configIgnored: CollectedRequests["configIgnored"];
  if (sources.config !== false) {
    ({ configFile, configIgnored } = locateConfigFile(sources.cwd));
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
  return { requests, configFile, configIgnored };
}

/** `JSSON_PLUGINS` entries: separated by commas or the platform's path delimiter (`:` on POSIX, `;` on Windows). */
export function splitPluginList(text: string): string[] {
  return text
    .split(new RegExp(`[,${delimiter === ";" ? ";" : ":"}]`))
    .map((s) => s.trim())
    .filter((s) => s !== "");
}
