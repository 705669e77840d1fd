/**
 * YAML output read back as a consumer reads it (js-yaml), for schema
 * validation (LANGUAGE.md §12.1). js-yaml is loaded on first use: most runs
 * validate nothing, and loading it costs every CLI start otherwise.
 */
import { createRequire } from "node:module";
import type * as JsYamlModule from "js-yaml";

const load = createRequire(import.meta.url);
let jsYaml: typeof JsYamlModule | undefined;

/**
 * js-yaml refuses documents nested deeper than its `maxDepth` (100 by
 * default), but the output it reads here is as deep as the run allowed
 * (`Limits.maxDepth`, 512 by default): the source's limit bounds it already.
 */
const NO_DEPTH_LIMIT_OF_ITS_OWN = { maxDepth: Number.MAX_SAFE_INTEGER } as JsYamlModule.LoadOptions;

/** The data of a YAML output; a stream of documents (`documents`) reads back as the array of its documents. */
export function readYamlBack(text: string, documents: boolean): unknown {
  const yaml = (jsYaml ??= load("js-yaml") as typeof JsYamlModule);
  return documents ? yaml.loadAll(text, undefined, NO_DEPTH_LIMIT_OF_ITS_OWN) : (yaml.load(text, NO_DEPTH_LIMIT_OF_ITS_OWN) ?? null);
}
