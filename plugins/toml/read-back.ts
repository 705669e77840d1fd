/**
 * TOML output read back as a consumer reads it (smol-toml, integers beyond
 * 2^53 as bigint), for schema validation (LANGUAGE.md §12.1): nulls the
 * output dropped are absent. smol-toml is loaded on first use.
 */
import { createRequire } from "node:module";
import type * as SmolTomlModule from "smol-toml";

const load = createRequire(import.meta.url);
let smolToml: typeof SmolTomlModule | undefined;

/** The data of a TOML output. */
export function readTomlBack(text: string): unknown {
  const toml = (smolToml ??= load("smol-toml") as typeof SmolTomlModule);
  return toml.parse(text, { integersAsBigInt: "asNeeded" });
}
