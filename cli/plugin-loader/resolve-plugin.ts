/**
 * Where a plugin specifier points, resolved from the user's project — the
 * working directory or the config file's folder — never from jsson's own
 * install (a plugin installed next to the project must be found even when
 * jsson runs from elsewhere, e.g. a global install).
 *
 * - A path (`./x.mjs`, `../p`, `/abs/x.js`, `file:` URL; or a name ending in
 *   `.js`/`.mjs`/`.cjs` that names an existing file) is a file, a file
 *   without its extension, or a package folder.
 * - Anything else is a package name looked up in `node_modules` folders from
 *   the base folder upwards. A short name `x` means `jsson-plugin-x` when
 *   such a package exists, else the package `x`.
 */
import { realpathSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { foldersUp, isDirectory, isFile, packageEntry, probeFile } from "./package-entry.js";
import { PluginLoadError } from "./plugin-load-error.js";
import { describeRequest, type PluginRequest } from "./plugin-requests.js";

/** Conventional prefix of plugin package names. */
export const PLUGIN_PACKAGE_PREFIX = "jsson-plugin-";

const PACKAGE_NAME = /^(?:@[a-z0-9._~-]+\/)?[a-z0-9._~-]+$/i;

/** The plugin module's `file:` URL (symlinks resolved, so one module is one URL); not found throws {@link PluginLoadError}. */
export function resolvePluginUrl(request: PluginRequest): string {
  const file = isPathSpecifier(request.specifier, request.base) ? resolvePath(request) : resolvePackage(request);
  return pathToFileURL(realpathSync(file)).href;
}

/** Whether `specifier` is read as a path rather than a package name. */
export function isPathSpecifier(specifier: string, base: string): boolean {
  if (specifier.startsWith(".") || isAbsolute(specifier) || specifier.startsWith("file:")) return true;
  if (/^[A-Za-z]:[\\/]/.test(specifier) || specifier.startsWith("\\")) return true;
  return /\.(?:c|m)?js$/.test(specifier) && isFile(resolve(base, specifier));
}

function resolvePath(request: PluginRequest): string {
  let path: string;
  try {
    path = request.specifier.startsWith("file:") ? fileURLToPath(request.specifier) : resolve(request.base, request.specifier);
  } catch {
    throw notFound(request, "not a valid file URL");
  }
  if (isDirectory(path) && isFile(join(path, "package.json"))) {
    const entry = packageEntry(path, ".");
    if (!entry.ok) throw notFound(request, `the folder ${path} is a package, but ${entry.why}`);
    return entry.file;
  }
  const file = probeFile(path);
  if (file === undefined) throw notFound(request, `no file ${path}`);
  return file;
}

function resolvePackage(request: PluginRequest): string {
  const { name, subpath } = splitPackageSpecifier(request.specifier);
  if (!PACKAGE_NAME.test(name)) throw notFound(request, "not a package name or a path (paths start with ./, ../ or /)");
  const names = !name.startsWith("@") && !name.startsWith(PLUGIN_PACKAGE_PREFIX) && subpath === "." ? [PLUGIN_PACKAGE_PREFIX + name, name] : [name];
  for (const candidate of names) {
    const pkgDir = findPackageDir(candidate, request.base);
    if (pkgDir === undefined) continue;
    const entry = packageEntry(pkgDir, subpath);
    if (!entry.ok) throw notFound(request, `package ${candidate} is installed at ${pkgDir}, but ${entry.why}`);
    return entry.file;
  }
  throw notFound(request, `no package ${names.join(" or ")} in node_modules folders from ${request.base} upwards`);
}

/** `@s/p/x/y.js` → name `@s/p`, subpath `./x/y.js`. */
export function splitPackageSpecifier(specifier: string): { name: string; subpath: string } {
  const parts = specifier.split("/");
  const count = specifier.startsWith("@") ? 2 : 1;
  const name = parts.slice(0, count).join("/");
  const rest = parts.slice(count).join("/");
  return { name, subpath: rest === "" ? "." : "./" + rest };
}

/** The folder `node_modules/<name>` nearest to `base`, walking up. */
function findPackageDir(name: string, base: string): string | undefined {
  for (const dir of foldersUp(base)) {
    const candidate = join(dir, "node_modules", name);
    if (isDirectory(candidate)) return candidate;
  }
  return undefined;
}

function notFound(request: PluginRequest, why: string): PluginLoadError {
  return new PluginLoadError(`plugin ${describeRequest(request)}: not found (${why})`);
}
