/**
 * The built-in TypeScript output format, written only against the public
 * plugin API as a third-party plugin would be.
 *
 * Media type: `text/typescript` — TypeScript has no IANA registration; this
 * is the name tools and servers commonly use (`application/typescript` is
 * the other common choice).
 */
import { API_VERSION, defineFormat, definePlugin } from "../../core/plugin/index.js";
import { emitTypescript } from "./emit-typescript.js";
import { checkTypescript } from "./ts-names.js";

/** A TypeScript module of `as const` exports and their types (LANGUAGE.md §10.5). */
export const typescriptFormat = defineFormat({
  name: "typescript",
  aliases: ["ts"],
  extensions: ["ts"],
  mediaType: "text/typescript",
  description: "TypeScript module: one `export const … as const` per top-level key, plus its type",
  check(root) {
    checkTypescript(root);
  },
  emit(root, sink) {
    // Enforce the export rules even when a caller skips the pre-flight check.
    checkTypescript(root);
    emitTypescript(root, sink);
  },
});

export default definePlugin({
  name: "jsson-plugin-typescript",
  version: "0.1.0",
  apiVersion: API_VERSION,
  apply(host) {
    host.registerFormat(typescriptFormat);
  },
});
