/**
 * Make plugins loaded in this thread import the running jsson (see
 * `jsson-resolve-hooks.ts` for why). Called before a plugin is imported, in
 * the main thread and in each worker thread (hooks are per thread).
 */
import { existsSync, readFileSync } from "node:fs";
import { register } from "node:module";
import type { SharedJssonData } from "./jsson-resolve-hooks.js";

let registered = false;

/** Register the resolution hooks once for this thread. */
export function shareJssonWithPlugins(): void {
  if (registered) return;
  registered = true;
  const data: SharedJssonData = { targets: publicSpecifiers() };
  register(new URL("./jsson-resolve-hooks.js", import.meta.url), { data });
}

/**
 * `jsson` → …/dist/index.js, `jsson/plugin` → …/dist/core/plugin.js, …,
 * from the `exports` of the package.json nearest above this module: the
 * package's own, or in the CLI bundle (dist/cli-bundle/, built by
 * scripts/build-cli.mjs) the bundle's, which names the bundle's own copies of
 * those modules (the classes the bundled engine uses).
 */
export function publicSpecifiers(): Record<string, string> {
  const manifestUrl = nearestManifest();
  const manifest = JSON.parse(readFileSync(manifestUrl, "utf8")) as { name: string; exports?: Record<string, unknown> };
  const out: Record<string, string> = {};
  for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
    const file = typeof target === "string" ? target : defaultTarget(target);
    if (file === undefined) continue;
    out[subpath === "." ? manifest.name : manifest.name + subpath.slice(1)] = new URL(file, manifestUrl).href;
  }
  return out;
}

function nearestManifest(): URL {
  for (let dir = new URL("./", import.meta.url); ; ) {
    const candidate = new URL("package.json", dir);
    if (existsSync(candidate)) return candidate;
    const up = new URL("../", dir);
    if (up.href === dir.href) throw new Error(`no package.json above ${import.meta.url}`);
    dir = up;
  }
}

function defaultTarget(target: unknown): string | undefined {
  if (typeof target !== "object" || target === null) return undefined;
  const t = target as Record<string, unknown>;
  const v = t["import"] ?? t["default"];
  return typeof v === "string" ? v : undefined;
}
