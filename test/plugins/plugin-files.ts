/**
 * Small plugin modules written into temporary folders, as a third party
 * would write them: plain ESM files, some importing `jsson/plugin`. One
 * module per refusal kind, plus working ones.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { REPO_ROOT } from "../support/repo-root.js";

/**
 * A working plugin adding format `format`: each top-level key with the kind
 * of its value (`a:float`), told by the plugin's own `kindOf` (whatever copy
 * of jsson the plugin imports: values carry their kind).
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
  apiVersion: 3,
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
  "wrong-api.mjs": `export default { name: "jsson-plugin-future", version: "9.0.0", apiVersion: 4, apply() {} };\n`,
  "duplicate-format.mjs": `export default { name: "jsson-plugin-dup", version: "1.0.0", apiVersion: 3, apply(host) {
  host.registerFormat({ name: "yaml", extensions: ["yaml"], mediaType: "text/plain", emit() {} });
} };\n`,
  "apply-throws.mjs": `export default { name: "jsson-plugin-boom", version: "1.0.0", apiVersion: 3, apply() { throw new Error("boom at apply\\nsecond line"); } };\n`,
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
  /** `rel/node_modules/jsson` as `npm link jsson` makes it: a link to this repository. */
  linkJsson(rel: string): void {
    this.dir(join(rel, "node_modules"));
    symlinkSync(REPO_ROOT, join(this.root, rel, "node_modules", "jsson"), "dir");
  }
  /**
   * `rel/node_modules/jsson` as a second, separate copy of jsson's core
   * (package.json and dist/core, enough for `jsson/plugin`): its modules and
   * classes are not the running engine's.
   */
  copyJsson(rel: string): void {
    const to = join(this.root, rel, "node_modules", "jsson");
    this.dir(join(rel, "node_modules", "jsson"));
    cpSync(join(REPO_ROOT, "package.json"), join(to, "package.json"));
    cpSync(join(REPO_ROOT, "dist", "core"), join(to, "dist", "core"), { recursive: true, filter: (src) => !src.endsWith(".map") });
  }
  remove(): void {
    rmSync(this.root, { recursive: true, force: true });
  }
}

/**
 * Plugins written for API 2, as their authors wrote them then: one declares
 * `apiVersion: 2` and imports only what API 3 still has; the other also
 * tells values apart with `instanceof` on the classes API 3 no longer
 * exports (its import fails before its `apiVersion` can be read).
 */
export const API2_PLUGINS: Readonly<Record<string, string>> = {
  "v2-kinds.mjs": `import { defineFormat, definePlugin, kindOf } from "jsson/plugin";
export default definePlugin({ name: "jsson-plugin-v2-kinds", version: "1.0.0", apiVersion: 2, apply(host) {
  host.registerFormat(defineFormat({ name: "v2kinds", extensions: ["txt"], mediaType: "text/plain", emit(root, sink) {
    for (const [key, value] of root.entries) sink.write(key + ":" + kindOf(value) + "\\n");
  } }));
} });
`,
  "v2-classes.mjs": `import { definePlugin, defineFormat, ObjectValue, IntRange } from "jsson/plugin";
export default definePlugin({ name: "jsson-plugin-v2-classes", version: "1.0.0", apiVersion: 2, apply(host) {
  host.registerFormat(defineFormat({ name: "v2classes", extensions: ["txt"], mediaType: "text/plain", emit(root, sink) {
    for (const [key, value] of root.entries) sink.write(key + ":" + (value instanceof ObjectValue ? "object" : value instanceof IntRange ? "range" : "other") + "\\n");
  } }));
} });
`,
};

