/**
 * The built-in TOML output format, written only against the public plugin
 * API as a third-party plugin would be.
 */
import { API_VERSION, defineFormat, definePlugin } from "../../core/plugin/index.js";
import { emitToml } from "./emit-toml.js";
import { checkToml } from "./toml-check.js";
import { readTomlBack } from "./read-back.js";

/** TOML 1.0 (LANGUAGE.md §10.4). */
export const tomlFormat = defineFormat({
  name: "toml",
  extensions: ["toml"],
  mediaType: "application/toml",
  description: "TOML 1.0; plain keys first, then tables; nulls in tables omitted, refused in arrays",
  check(root) {
    checkToml(root);
  },
  emit(root, sink) {
    emitToml(root, sink);
  },
  readBack(text) {
    return readTomlBack(text);
  },
});

export default definePlugin({
  name: "jsson-plugin-toml",
  version: "0.1.0",
  apiVersion: API_VERSION,
  apply(host) {
    host.registerFormat(tomlFormat);
  },
});
