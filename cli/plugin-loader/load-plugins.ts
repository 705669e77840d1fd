/**
 * The plugin loader of the CLI and the server: gather the plugins a run asks
 * for (`jsson.config.json`, `JSSON_PLUGINS`, `--plugin`), resolve each from
 * the user's project, `import()` it, and apply it to an engine through
 * `Engine.use` — the same path the built-in formats take. Every problem is a
 * {@link PluginLoadError} with one line naming the plugin and where it was
 * asked for.
 *
 * ```ts
 * const { engine, resolved } = await createEngineWithPlugins({ cliPlugins: flags.plugin, cwd: process.cwd(), env: process.env });
 * // in a worker thread, from `resolved` (plain data):
 * const workerEngine = await createEngineFromResolved(resolved);
 * ```
 */
import { fileURLToPath } from "node:url";
import { createEngine, PluginError, type Engine } from "../../index.js";
import { loadFailureHint, thrownLine } from "../../core/engine/plugin-shape.js";
import { PluginLoadError } from "./plugin-load-error.js";
import { collectPluginRequests, describeRequest, type CollectedRequests, type PluginRequestSources } from "./plugin-requests.js";
import { resolvePluginUrl } from "./resolve-plugin.js";
import { untrustedReason } from "./trusted-path.js";

/** Where to look for plugins: see {@link PluginRequestSources}. */
export type LoadPluginsOptions = PluginRequestSources;

/**
 * A plugin module found: plain data that can cross to a worker thread
 * (`postMessage`, `workerData`) and be imported there again.
 */
export interface ResolvedPlugin {
  /** Absolute `file:` URL of the module (symlinks resolved). */
  readonly url: string;
  /** How refusals name where it came from: `"./x.mjs" from --plugin`. */
  readonly origin: string;
}

/** A plugin module imported: what it exports as its plugin (checked only when applied). */
export interface LoadedPlugin extends ResolvedPlugin {
  readonly plugin: unknown;
}

/** Outcome of {@link loadPlugins}. */
export interface LoadedPlugins {
  /** In load order, one per module (a module asked for twice is loaded once). */
  readonly plugins: readonly LoadedPlugin[];
  /** The same, without the plugin objects: hand this to worker threads. */
  readonly resolved: readonly ResolvedPlugin[];
  /** The `jsson.config.json` that was read, if any. */
  readonly configFile: string | undefined;
  /** A `jsson.config.json` found but not read because it cannot be trusted, and why. */
  readonly configIgnored?: CollectedRequests["configIgnored"];
}

/** Find, resolve and import the plugins asked for (nothing is applied yet). */
export async function loadPlugins(options: LoadPluginsOptions): Promise<LoadedPlugins> {
  const { requests, configFile, configIgnored } = collectPluginRequests(options);
  const resolved: ResolvedPlugin[] = [];
  const seen = new Set<string>();
  for (const request of requests) {
    const url = resolvePluginUrl(request);
    if (request.source === "config") {
      // the config is trusted; the module it names must be too (a world-writable folder, another user's file)
      const reason = untrustedReason(fileURLToPath(url));
      if (reason !== undefined) throw new PluginLoadError(`plugin ${describeRequest(request)}: not loaded: ${reason}`);
    }
    if (seen.has(url)) continue;
    seen.add(url);
    resolved.push({ url, origin: describeRequest(request) });
  }
  return { plugins: await importResolved(resolved), resolved, configFile, configIgnored };
}

/** Apply loaded plugins to `engine`, in order; a refusal throws {@link PluginLoadError}. */
export function applyPlugins(engine: Engine, plugins: readonly LoadedPlugin[]): Engine {
  for (const p of plugins) {
    try {
      engine.use(p.plugin, p.origin);
    } catch (e) {
      if (e instanceof PluginError) throw new PluginLoadError(e.message);
      throw e;
    }
  }
  return engine;
}

/** An engine with the built-in plugins and the ones asked for; `resolved` is what worker threads need to build the same engine. */
export async function createEngineWithPlugins(options: LoadPluginsOptions): Promise<{ engine: Engine } & LoadedPlugins> {
  const loaded = await loadPlugins(options);
  return { engine: applyPlugins(createEngine(), loaded.plugins), ...loaded };
}

/** An engine with the built-ins and the `resolved` plugins (in a worker thread: the list the main thread got). */
export async function createEngineFromResolved(resolved: readonly ResolvedPlugin[]): Promise<Engine> {
  return applyPlugins(createEngine(), await importResolved(resolved));
}

async function importResolved(resolved: readonly ResolvedPlugin[]): Promise<LoadedPlugin[]> {
  const out: LoadedPlugin[] = [];
  for (const r of resolved) {
    let namespace: unknown;
    try {
      namespace = await import(r.url);
    } catch (e) {
      const line = thrownLine(e);
      const hint = loadFailureHint(line);
      throw new PluginLoadError(`plugin ${r.origin}: failed to load: ${line}${hint === undefined ? "" : `; ${hint}`}`);
    }
    const plugin = pluginExport(namespace);
    if (plugin === undefined) throw new PluginLoadError(`plugin ${r.origin}: not a plugin: the module has no default export and no "plugin" export`);
    out.push({ ...r, plugin });
  }
  return out;
}

/**
 * The plugin a module exports: its default export, else its `plugin`
 * export. CommonJS modules are read through the same namespace (default =
 * `module.exports`), including transpiled ones (`exports.default`).
 */
export function pluginExport(namespace: unknown): unknown {
  if (typeof namespace !== "object" || namespace === null) return undefined;
  const ns = namespace as Record<string, unknown>;
  const candidates = [ns["default"], nested(ns["default"], "default"), nested(ns["default"], "plugin"), ns["plugin"]];
  return candidates.find(looksApplicable) ?? ns["default"] ?? ns["plugin"];
}

function nested(v: unknown, key: string): unknown {
  return typeof v === "object" && v !== null ? (v as Record<string, unknown>)[key] : undefined;
}

function looksApplicable(v: unknown): boolean {
  return typeof v === "object" && v !== null && typeof (v as { apply?: unknown }).apply === "function";
}
