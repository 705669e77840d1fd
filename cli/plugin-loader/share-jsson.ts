/**
 * Make plugins loaded in this thread import the running jsson (see
 * `jsson-resolve-hooks.ts` for why). Called before a plugin is imported, in
 * the main thread and in each worker thread (hooks are per thread).
 */
import { readFileSync } from "node:fs";
import { register } from "node:module";
import type { SharedJssonData } from "./jsson-resolve-hooks.js";

/** This compiled file is dist/cli/plugin-loader/share-jsson.js; the package root is three folders up. */
const PACKAGE_ROOT = new URL("../../../", import.meta.url);

let registered = false;

/** Register the resolution hooks once for this thread. */
export function shareJssonWithPlugins(): void {
  if (registered) return;
  registered = true;
  const data: SharedJssonData = { targets: publicSpecifiers() };
  register(new URL("./jsson-resolve-hooks.js", import.meta.url), { data });
}

/** `jsson` → …/dist/index.js, `jsson/plugin` → …/dist/core/plugin.js, …, from our package.json `exports`. */
export function publicSpecifiers(): Record<string, string> {
  const manifest = JSON.parse(readFileSync(new URL("package.json", PACKAGE_ROOT), "utf8")) as { name: string; exports?: Record<string, unknown> };
  const out: Record<string, string> = {};
  for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
    const file = typeof target === "string" ? target : defaultTarget(target);
    if (file === undefined) continue;
    out[subpath === "." ? manifest.name : manifest.name + subpath.slice(1)] = new URL(file, PACKAGE_ROOT).href;
  }
  return out;
}

function defaultTarget(target: unknown): string | undefined {
  if (typeof target !== "object" || target === null) return undefined;
  const t = target as Record<string, unknown>;
  const v = t["import"] ?? t["default"];
  return typeof v === "string" ? v : undefined;
}
