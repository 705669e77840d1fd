/**
 * `jsson.config.json`: the project's settings file, found by walking up from
 * the working directory (the first one found wins) but never past the
 * project's boundary: the first folder holding `package.json` or `.git`, or
 * the user's home folder (each searched, then the walk stops). A config in a
 * parent folder outside the project (a cloned repository's parent, `/tmp`)
 * is somebody else's. Only `plugins` is read today; other keys are left for
 * later use and ignored.
 *
 * ```json
 * { "plugins": ["jsson-plugin-dotenv", "./tools/my-format.mjs"] }
 * ```
 */
import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { foldersUp, isFile } from "./package-entry.js";
import { PluginLoadError } from "./plugin-load-error.js";

/** The file name searched for. */
export const CONFIG_FILE_NAME = "jsson.config.json";

/** A config file found and read. */
export interface JssonConfig {
  /** Absolute path of the file. */
  readonly path: string;
  /** Its `plugins` list (empty when absent). */
  readonly plugins: readonly string[];
}

/** Files or folders whose presence marks a project's root folder. */
export const PROJECT_MARKERS: readonly string[] = ["package.json", ".git"];

/** The nearest `jsson.config.json` at or above `cwd`, up to the project's boundary (`home`: the user's home folder), or `undefined`. */
export function findConfigFile(cwd: string, home: string = homedir()): string | undefined {
  const stop = resolve(home);
  for (const dir of foldersUp(cwd)) {
    const candidate = join(dir, CONFIG_FILE_NAME);
    if (isFile(candidate)) return candidate;
    if (dir === stop || PROJECT_MARKERS.some((m) => existsSync(join(dir, m)))) return undefined;
  }
  return undefined;
}

/** Read and check a config file; a problem throws {@link PluginLoadError}. */
export function readConfigFile(path: string): JssonConfig {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    throw new PluginLoadError(`${path}: cannot read: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (e) {
    throw new PluginLoadError(`${path}: not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) throw new PluginLoadError(`${path}: must hold a JSON object`);
  const plugins = (data as Record<string, unknown>)["plugins"];
  if (plugins === undefined) return { path, plugins: [] };
  if (!Array.isArray(plugins) || !plugins.every((p) => typeof p === "string" && p.trim() !== ""))
    throw new PluginLoadError(`${path}: "plugins" must be an array of plugin names or paths (non-empty strings)`);
  return { path, plugins: plugins.map((p: string) => p.trim()) };
}
