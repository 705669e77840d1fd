/**
 * The file a package (or one of its subpaths) points at, as `import()`
 * would choose it: `exports` with the conditions Node's ESM loader uses
 * (`node`, `import`, `default`, in the package's own order), otherwise
 * `main` or `index.js`. Written here because `require.resolve` uses the
 * CommonJS conditions (an ESM-only plugin would look "not exported") and
 * `import.meta.resolve` cannot take a parent folder on Node 20 without a flag.
 */
import { readFileSync, statSync, type Stats } from "node:fs";
import { dirname, join, resolve } from "node:path";

const CONDITIONS: ReadonlySet<string> = new Set(["node", "import", "default"]);
/** Extensions tried for a path given without one, in order. */
export const SCRIPT_EXTENSIONS = [".js", ".mjs", ".cjs"] as const;

/** Outcome of {@link packageEntry}: a file, or why there is none. */
export type PackageEntry = { readonly ok: true; readonly file: string } | { readonly ok: false; readonly why: string };

/**
 * @param pkgDir the package folder
 * @param subpath `.` for the package itself, `./lib/x.js` for a subpath
 */
export function packageEntry(pkgDir: string, subpath: string): PackageEntry {
  const manifest = readManifest(pkgDir);
  if (manifest !== undefined && manifest.exports !== undefined && manifest.exports !== null) {
    const target = exportsTarget(manifest.exports, subpath);
    if (target === undefined) return { ok: false, why: `its package.json "exports" has no ${subpath === "." ? "main entry" : `entry "${subpath}"`} for import` };
    const file = join(pkgDir, target);
    return isFile(file) ? { ok: true, file } : { ok: false, why: `its package.json "exports" points at ${target}, which does not exist` };
  }
  if (subpath !== ".") {
    const file = probeFile(join(pkgDir, subpath));
    return file !== undefined ? { ok: true, file } : { ok: false, why: `it has no file ${subpath}` };
  }
  const main = typeof manifest?.main === "string" && manifest.main !== "" ? probeFile(join(pkgDir, manifest.main)) : undefined;
  const file = main ?? probeFile(join(pkgDir, "index"));
  return file !== undefined ? { ok: true, file } : { ok: false, why: `it has no entry file (package.json "exports" or "main", or index.js)` };
}

/** `path` itself when it is a file, else `path` + a script extension, else `path/index` + one. */
export function probeFile(path: string): string | undefined {
  if (isFile(path)) return path;
  for (const ext of SCRIPT_EXTENSIONS) if (isFile(path + ext)) return path + ext;
  if (isDirectory(path)) for (const ext of SCRIPT_EXTENSIONS) if (isFile(join(path, "index" + ext))) return join(path, "index" + ext);
  return undefined;
}

/** The relative target (`./dist/index.js`) `exports` maps `subpath` to, or `undefined`. */
export function exportsTarget(exports: unknown, subpath: string): string | undefined {
  const map = isSubpathMap(exports) ? (exports as Record<string, unknown>) : { ".": exports };
  if (Object.hasOwn(map, subpath)) return conditionalTarget(map[subpath], undefined);
  let best: { key: string; star: string } | undefined;
  for (const key of Object.keys(map)) {
    const star = key.indexOf("*");
    if (star < 0 || key.indexOf("*", star + 1) >= 0) continue;
    const prefix = key.slice(0, star);
    const suffix = key.slice(star + 1);
    if (subpath.length >= key.length - 1 && subpath.startsWith(prefix) && subpath.endsWith(suffix) && (!best || prefix.length > best.key.indexOf("*")))
      best = { key, star: subpath.slice(prefix.length, subpath.length - suffix.length) };
  }
  return best ? conditionalTarget(map[best.key], best.star) : undefined;
}

function conditionalTarget(target: unknown, star: string | undefined): string | undefined {
  if (typeof target === "string") {
    if (!target.startsWith("./")) return undefined;
    return star === undefined ? target : target.split("*").join(star);
  }
  // a fallback list, or conditions in the package's own order
  const choices = Array.isArray(target) ? target : typeof target === "object" && target !== null ? Object.entries(target).filter(([c]) => CONDITIONS.has(c)).map(([, v]) => v) : [];
  for (const choice of choices) {
    const r = conditionalTarget(choice, star);
    if (r !== undefined) return r;
  }
  return undefined;
}

/** An `exports` object whose keys are subpaths (`.`, `./x`), as opposed to conditions. */
function isSubpathMap(exports: unknown): boolean {
  if (typeof exports !== "object" || exports === null || Array.isArray(exports)) return false;
  return Object.keys(exports).some((k) => k.startsWith("."));
}

interface Manifest {
  readonly exports?: unknown;
  readonly main?: unknown;
}

/** The package's package.json, or `undefined` when it has none or it is not an object. */
export function readManifest(pkgDir: string): Manifest | undefined {
  try {
    const data: unknown = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8"));
    return typeof data === "object" && data !== null && !Array.isArray(data) ? (data as Manifest) : undefined;
  } catch {
    return undefined;
  }
}

/** `dir` (resolved) and each folder above it, nearest first. */
export function* foldersUp(dir: string): Generator<string> {
  for (let folder = resolve(dir); ; folder = dirname(folder)) {
    yield folder;
    if (dirname(folder) === folder) return;
  }
}

/** True when `path` is an existing regular file. */
export function isFile(path: string): boolean {
  return statOf(path)?.isFile() === true;
}

/** True when `path` is an existing folder. */
export function isDirectory(path: string): boolean {
  return statOf(path)?.isDirectory() === true;
}

function statOf(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}
