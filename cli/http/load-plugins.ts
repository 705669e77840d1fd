/**
 * Load `-plugin NAME_OR_PATH` modules for the server (main thread and every
 * worker load the same list the same way). A path (`./x.js`, `/abs/x.mjs`)
 * is imported as a file; a bare name is tried as `jsson-plugin-<name>` and
 * then as given, resolved from the working directory. The module's default
 * export (or the module itself) is the plugin; the engine checks its shape.
 */
import { createRequire } from "node:module";
import { isAbsolute, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { Engine } from "../../core/index.js";

/** Raised with a one-line message naming the plugin that could not be loaded. */
export class PluginLoadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PluginLoadError";
  }
}

function looksLikePath(spec: string): boolean {
  return spec.startsWith(".") || isAbsolute(spec) || /[\\/]/.test(spec.replace(/^@[^/]+\//, "")) || /\.(c|m)?js$/.test(spec);
}

async function importSpec(spec: string, cwd: string): Promise<unknown> {
  if (looksLikePath(spec)) return import(pathToFileURL(resolve(cwd, spec)).href);
  const req = createRequire(join(cwd, "__jsson_plugin_resolver__.js"));
  const candidates = spec.startsWith("jsson-plugin-") ? [spec] : [`jsson-plugin-${spec}`, spec];
  let lastError: unknown;
  for (const name of candidates) {
    try {
      return await import(pathToFileURL(req.resolve(name)).href);
    } catch (e) {
      lastError = e;
    }
  }
  throw lastError;
}

/** Import every plugin of `specs` and apply it to `engine`, in order. */
export async function loadPlugins(engine: Engine, specs: readonly string[], cwd = process.cwd()): Promise<void> {
  for (const spec of specs) {
    let mod: unknown;
    try {
      mod = await importSpec(spec, cwd);
    } catch (e) {
      const why = (e as NodeJS.ErrnoException).code === "MODULE_NOT_FOUND" || (e as NodeJS.ErrnoException).code === "ERR_MODULE_NOT_FOUND" ? "not found" : e instanceof Error ? e.message : String(e);
      throw new PluginLoadError(`plugin ${spec}: cannot load (${why})`);
    }
    const candidate = mod !== null && typeof mod === "object" && "default" in mod ? (mod as { default: unknown }).default : mod;
    try {
      engine.use(candidate, spec);
    } catch (e) {
      throw new PluginLoadError(e instanceof Error ? e.message : String(e));
    }
  }
}
