/**
 * The built-in YAML output format, written only against the public plugin
 * API as a third-party plugin would be.
 */
import { API_VERSION, defineFormat, definePlugin, type FormatOptionValue } from "../../core/plugin/index.js";
import { emitYaml, type YamlOptions } from "./emit-yaml.js";
import { readYamlBack } from "./read-back.js";

/** The YAML options of a run, from the emit context (the engine has checked their types). */
function yamlOptions(options: Readonly<Record<string, FormatOptionValue>>): YamlOptions {
  return { documents: options["documents"] === true, blockStrings: options["blockStrings"] === true };
}

/** Block-style YAML (LANGUAGE.md §10.3). */
export const yamlFormat = defineFormat({
  name: "yaml",
  aliases: ["yml"],
  extensions: ["yaml", "yml"],
  mediaType: "application/yaml",
  description: "YAML, block style, two-space indentation, floats keep a decimal point",
  options: {
    documents: { type: "boolean", description: "write the value (an array) as a stream of documents, one per element, separated by ---" },
    blockStrings: { type: "boolean", description: "write multi-line strings as | / |- / |+ block scalars wherever they read back exactly" },
  },
  emit(root, sink, ctx) {
    emitYaml(root, sink, yamlOptions(ctx.options));
  },
  emitValue(value, sink, ctx) {
    emitYaml(value, sink, yamlOptions(ctx.options));
  },
  readBack(text, ctx) {
    return readYamlBack(text, ctx.options["documents"] === true);
  },
});

export default definePlugin({
  name: "jsson-plugin-yaml",
  version: "0.1.0",
  apiVersion: API_VERSION,
  apply(host) {
    host.registerFormat(yamlFormat);
  },
});
