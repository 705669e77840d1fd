/**
 * The built-in JSON output format, written only against the public plugin
 * API as a third-party plugin would be.
 */
import { API_VERSION, defineFormat, definePlugin } from "../../core/plugin/index.js";
import { emitJson } from "./emit-json.js";

/** Canonical JSON (LANGUAGE.md §10.2). */
export const jsonFormat = defineFormat({
  name: "json",
  extensions: ["json"],
  mediaType: "application/json",
  description: "JSON, two-space indentation, keys in definition order",
  options: {
    compact: { type: "boolean", description: "no whitespace between tokens (still one final newline)" },
  },
  emit(root, sink, ctx) {
    emitJson(root, sink, { compact: ctx.options["compact"] === true });
  },
  emitValue(value, sink, ctx) {
    emitJson(value, sink, { compact: ctx.options["compact"] === true });
  },
});

export default definePlugin({
  name: "jsson-plugin-json",
  version: "0.1.0",
  apiVersion: API_VERSION,
  apply(host) {
    host.registerFormat(jsonFormat);
  },
});
