/**
 * The YAML and TOML readers, loaded on first use: every engine (every CLI
 * run, every server worker) evaluates through the code that handles data
 * includes, and most runs include no YAML or TOML. `require` rather than
 * `import()` because evaluation is synchronous (both ship CommonJS builds).
 */
import { createRequire } from "node:module";
import type * as YamlModule from "yaml";
import type * as SmolTomlModule from "smol-toml";

const load = createRequire(import.meta.url);
let yaml: typeof YamlModule | undefined;
let smolToml: typeof SmolTomlModule | undefined;

/** The `yaml` package. */
export function yamlModule(): typeof YamlModule {
  return (yaml ??= load("yaml") as typeof YamlModule);
}

/** The `smol-toml` package. */
export function smolTomlModule(): typeof SmolTomlModule {
  return (smolToml ??= load("smol-toml") as typeof SmolTomlModule);
}
