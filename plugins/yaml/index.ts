/**
 * The built-in YAML output format, written only against the public plugin
 * API as a third-party plugin would be.
 */
import { API_VERSION, defineFormat, definePlugin } from "../../core/plugin.js";
import { emitYaml } from "./emit-yaml.js";

/** Block-style YAML (LANGUAGE.md §10.3). */
export const yamlFormat = defineFormat({
  name: "yaml",
  aliases: ["yml"],
  extensions: ["yaml", "yml"],
  mediaType: "application/yaml",
  description: "YAML, block style, two-space indentation, floats keep a decimal point",
  emit(root, sink) {
    emitYaml(root, sink);
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
