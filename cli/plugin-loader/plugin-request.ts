/** One plugin asked for, and where the asking happened. */

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
