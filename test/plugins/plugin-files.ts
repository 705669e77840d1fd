/**
 * Small plugin modules written into temporary folders, as a third party
 * would write them: plain ESM files, some importing `jsson/plugin`. One
 * module per refusal kind, plus working ones.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

/**
 * A working plugin adding format `format`: each top-level key with the kind
 * of its value (`a:float`) — right only when the plugin's `kindOf` and the
 * engine's value classes are the same copy.
 */
export function probePlugin(name: string, format: string): string {
  return `import { API_VERSION, defineFormat, definePlugin, kindOf } from "jsson/plugin";
export default definePlugin({
  name: ${JSON.stringify(name)},
  version: "1.0.0",
  apiVersion: API_VERSION,
  apply(host) {
    host.registerFormat(defineFormat({
      name: ${JSON.stringify(format)},
      extensions: [${JSON.stringify(format)}],
      mediaType: "text/plain",
      description: "kinds of the top-level values",
      emit(root, sink) {
        for (const [key, value] of root.entries) sink.write(key + ":" + kindOf(value) + "\\n");
      },
    }));
  },
});
`;
}

/** A working plugin that imports nothing (works from any folder). */
export function standalonePlugin(name: string, format: string): string {
  return `export default {
  name: ${JSON.stringify(name)},
  version: "2.0.0",
  apiVersion: 2,
  apply(host) {
    host.registerFormat({
      name: ${JSON.stringify(format)},
      extensions: ["keys"],
      mediaType: "text/plain",
      emit(root, sink) { sink.write([...root.entries.keys()].join(",") + "\\n"); },
    });
  },
};
`;
}

/** One broken module per refusal kind (file name → source). */
export const BROKEN_PLUGINS = {
  "not-a-plugin.mjs": `export default function plugin() { return "I am a function"; }\n`,
  "no-export.mjs": `export const something = 1;\n`,
  "wrong-api.mjs": `export default { name: "jsson-plugin-future", version: "9.0.0", apiVersion: 3, apply() {} };\n`,
  "duplicate-format.mjs": `export default { name: "jsson-plugin-dup", version: "1.0.0", apiVersion: 2, apply(host) {
  host.registerFormat({ name: "yaml", extensions: ["yaml"], mediaType: "text/plain", emit() {} });
} };\n`,
  "apply-throws.mjs": `export default { name: "jsson-plugin-boom", version: "1.0.0", apiVersion: 2, apply() { throw new Error("boom at apply\\nsecond line"); } };\n`,
  "syntax-error.mjs": `export default { name: "x", \n`,
} as const;

/**
 * A temporary folder tree (`write` creates parent folders). Folders are created 0755 and files 0644 whatever
 * the umask (a group-writable tree, umask 002, would make jsson refuse its
 * jsson.config.json as writable by others).
 */
export class TempTree {
  readonly root: string;
  constructor(prefix: string) {
    this.root = mkdtempSync(join(tmpdir(), prefix));
  }
  /** Write `text` at `rel` (below the root); returns the absolute path. */
  write(rel: string, text: string): string {
    const path = join(this.root, rel);
    mkdirSync(dirname(path), { recursive: true, mode: 0o755 });
    writeFileSync(path, text, { mode: 0o644 });
    return path;
  }
  /** Absolute path of `rel`, creating it as a folder. */
  dir(rel: string): string {
    const path = join(this.root, rel);
    mkdirSync(path, { recursive: true, mode: 0o755 });
    return path;
  }
  remove(): void {
    rmSync(this.root, { recursive: true, force: true });
  }
}
