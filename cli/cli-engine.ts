/** The engine the CLI commands run: the built-in formats and schema type. */
import { createEngine, type Engine } from "../core/index.js";

/** A fresh engine with the built-in plugins. */
export function createCliEngine(): Engine {
  return createEngine();
}

/** `json, yaml (yml), toml, …` for messages, from the registered formats. */
export function formatNames(engine: Engine): string {
  return engine
    .listFormats()
    .map((f) => (f.aliases.length > 0 ? `${f.name} (${f.aliases.join(", ")})` : f.name))
    .join(", ");
}
