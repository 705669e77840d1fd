/**
 * Loading third-party plugins for the CLI and the server. The commands call
 * {@link createEngineWithPlugins}; worker threads call
 * {@link createEngineFromResolved} with the `resolved` list the main thread
 * got. The guide for plugin authors is `docs/plugins.md`.
 */
export { loadPlugins, applyPlugins, createEngineWithPlugins, createEngineFromResolved, pluginExport } from "./load-plugins.js";
export type { LoadPluginsOptions, LoadedPlugin, LoadedPlugins, ResolvedPlugin } from "./load-plugins.js";
export { PluginLoadError } from "./plugin-load-error.js";
export { CONFIG_FILE_NAME, findConfigFile, readConfigFile } from "./config-file.js";
export type { JssonConfig } from "./config-file.js";
export { PLUGINS_ENV, collectPluginRequests, splitPluginList } from "./plugin-requests.js";
export type { PluginRequest, PluginSource } from "./plugin-requests.js";
export { PLUGIN_PACKAGE_PREFIX, resolvePluginUrl, isPathSpecifier } from "./resolve-plugin.js";
