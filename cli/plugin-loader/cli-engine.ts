/**
 * The engine the CLI commands run: the built-in plugins plus the ones the
 * user asked for (`jsson.config.json`, `JSSON_PLUGINS`, `--plugin`; see
 * docs/plugins.md). A plugin that cannot be used is a usage problem: one
 * line, exit status 2, before any work.
 */
import type { Engine } from "../../core/index.js";
import { writeStderr } from "../io/fd-writer.js";
import { CONFIG_FILE_NAME } from "./config-file.js";

/** The engine (and the config file read, if any), or the one-line refusal of a plugin. */
export type CliEngine = { readonly ok: true; readonly engine: Engine; readonly configFile: string | undefined } | { readonly ok: false; readonly message: string };

/**
 * An engine with the built-ins and the configured plugins (`cliPlugins`: the
 * `--plugin` values). `config: false` (commands that need no formats:
 * `validate`, help) never reads a `jsson.config.json`, so no plugin code a
 * config names runs for them. A config that is found but cannot be trusted
 * is ignored with a warning on stderr.
 */
export async function loadCliEngine(cliPlugins: readonly string[] = [], config = true): Promise<CliEngine> {
  const { createEngineWithPlugins, PluginLoadError } = await import("./index.js");
  try {
    const { engine, configFile, configIgnored } = await createEngineWithPlugins({ cliPlugins, cwd: process.cwd(), env: process.env, config });
    if (configIgnored !== undefined) writeStderr(`jsson: warning: ${CONFIG_FILE_NAME} not read: ${configIgnored.reason}\n`);
    return { ok: true, engine, configFile };
  } catch (e) {
    if (e instanceof PluginLoadError) return { ok: false, message: e.message };
    throw e;
  }
}
