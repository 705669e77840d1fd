/**
 * The package entry of jsson (`import … from "jsson"`): the core engine API
 * plus the built-in plugins and {@link createEngine}, which applies them.
 *
 * ```ts
 * import { createEngine, NodeFsHost } from "jsson";
 * const engine = createEngine();
 * const r = engine.transpile('port = 8080', { format: "yaml" });
 * ```
 *
 * This is the one place where the engine meets the built-in plugins (core
 * imports nothing from `plugins/`): they are applied through the same path
 * as third-party plugins, unless told not to.
 */
import { BUILTIN_PLUGINS } from "./plugins/builtins.js";
import { Engine } from "./core/index.js";

export * from "./core/index.js";

/** Options of {@link createEngine}. */
export interface CreateEngineOptions {
  /** Extra plugins (objects), applied after the built-ins. */
  readonly plugins?: readonly unknown[];
  /** Apply the built-in formats and schema type (default true). */
  readonly builtins?: boolean;
}

/** An engine with the built-in plugins (json, yaml, toml, typescript, json-schema) and `plugins`. */
export function createEngine(options: CreateEngineOptions = {}): Engine {
  const base = options.builtins === false ? [] : BUILTIN_PLUGINS;
  return new Engine([...base, ...(options.plugins ?? [])]);
}
