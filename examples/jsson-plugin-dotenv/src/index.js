// @ts-check
/**
 * jsson-plugin-dotenv: the `dotenv` output format (alias `env`).
 *
 *     jsson -i app.jsson -f dotenv --plugin jsson-plugin-dotenv > .env
 *
 * Written only against the public plugin API, `jsson/plugin`.
 */
import { API_VERSION, defineFormat, definePlugin } from "jsson/plugin";
import { envEntries } from "./env-entries.js";

/** The `.env` output format. */
export const dotenvFormat = defineFormat({
  name: "dotenv",
  aliases: ["env"],
  extensions: ["env"],
  mediaType: "text/plain",
  description: ".env file: NAME=value lines, nested keys joined with _ and upper-cased",
  // Walk the whole tree before the first byte is written, so a streamed run
  // never sends half a file and then an error.
  check(root) {
    for (const entry of envEntries(root)) void entry;
  },
  emit(root, sink) {
    for (const { name, text } of envEntries(root)) sink.write(`${name}=${text}\n`);
  },
});

export default definePlugin({
  name: "jsson-plugin-dotenv",
  version: "0.1.0",
  apiVersion: API_VERSION,
  apply(host) {
    host.registerFormat(dotenvFormat);
  },
});
