/**
 * The package as a user gets it, for the deploy tests: `npm pack` once per
 * test run (of the already built dist/: scripts are skipped, so packing
 * never rebuilds the files the tests run from), then installs of that
 * tarball into empty folders, and `jsson serve` started from an install as
 * an unprivileged user with its configuration in the environment only.
 *
 * Three installs, all with production dependencies only:
 * - "image": what the Dockerfile's runtime stage does — the tarball's files
 *   unpacked into an empty folder with package-lock.json, `npm ci --omit=dev`;
 * - "npm": what a user of the registry does — `npm install --omit=dev
 *   jsson-x.y.z.tgz` in an empty folder (dependencies resolved afresh);
 * - "global": what the README's `npm install -g` does — `npm install -g
 *   --prefix DIR jsson-x.y.z.tgz`, the command then at DIR/bin/jsson.
 *
 * Everything is made under one temporary folder, removed when the process exits.
 */
import { execFile, spawn } from "node:child_process";
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { watchServe, type ServeProcess } from "../http/serve-child.js";
import { REPO_ROOT } from "../support/repo-root.js";

const run = promisify(execFile);

/** One file of the tarball, as `npm pack --json` lists it. */
export interface PackedFile {
  readonly path: string;
  readonly size: number;
}

/** The packed tarball. */
export interface Packed {
  readonly tarball: string;
  readonly files: readonly PackedFile[];
  /** Bytes of the .tgz, and of its files unpacked. */
  readonly size: number;
  readonly unpackedSize: number;
}

/** An install of the tarball. */
export interface Install {
  /** The folder the package's files are in (`bin/jsson.js`, `dist/`, `package.json`). */
  readonly packageDir: string;
  /** The `jsson` command of this install: the Dockerfile's `node /app/bin/jsson.js`, or the bin npm linked. */
  readonly command: readonly string[];
  /** The folder the install was made in (a program there imports "jsson"). */
  readonly root: string;
}

let base: string | undefined;
/** The temporary folder of this run, readable by everyone (the server runs as another user). */
function workDir(): string {
  if (base === undefined) {
    const dir = mkdtempSync(join(tmpdir(), "jsson-deploy-test-"));
    chmodSync(dir, 0o755);
    process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
    base = dir;
  }
  return base;
}

/** A new empty folder under the run's temporary folder, readable (and with `writable`, writable) by everyone. */
export function freshDir(name: string, writable = false): string {
  const dir = join(workDir(), name);
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, writable ? 0o1777 : 0o755);
  return dir;
}

/** The environment npm runs with: this one's without npm's own per-run variables (`npm test` sets them) or jsson's. */
function npmEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^(npm_|JSSON_)/i.test(k) && k !== "NODE_ENV") env[k] = v;
  return env;
}

async function npm(args: readonly string[], cwd: string): Promise<string> {
  const { stdout } = await run("npm", [...args, "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"], { cwd, env: npmEnv(), maxBuffer: 64 << 20, timeout: 180_000 });
  return stdout;
}

let packed: Promise<Packed> | undefined;
/** `npm pack` of the repository, once per run. */
export function packOnce(): Promise<Packed> {
  packed ??= (async () => {
    const out = freshDir("pack");
    const text = await npm(["pack", "--json", "--ignore-scripts", "--pack-destination", out], REPO_ROOT);
    const [info] = JSON.parse(text) as { filename: string; files: PackedFile[]; size: number; unpackedSize: number }[];
    if (info === undefined) throw new Error("npm pack printed no result");
    return { tarball: join(out, info.filename), files: info.files, size: info.size, unpackedSize: info.unpackedSize };
  })();
  return packed;
}

const installs = new Map<"image" | "npm" | "global", Promise<Install>>();
/** An install of the packed tarball (once per kind and run); see the module's comment. */
export function installOnce(kind: "image" | "npm" | "global"): Promise<Install> {
  let install = installs.get(kind);
  if (install === undefined) {
    install = (async () => {
      const { tarball } = await packOnce();
      const root = freshDir(`install-${kind}`);
      let packageDir: string;
      if (kind === "image") {
        await run("tar", ["-xzf", tarball, "-C", root, "--strip-components=1"]);
        cpSync(join(REPO_ROOT, "package-lock.json"), join(root, "package-lock.json"));
        await npm(["ci", "--omit=dev"], root);
        packageDir = root;
      } else if (kind === "global") {
        await npm(["install", "-g", "--omit=dev", "--prefix", root, tarball], root);
        packageDir = join(root, "lib", "node_modules", "jsson");
      } else {
        await npm(["install", "--omit=dev", tarball], root);
        packageDir = join(root, "node_modules", "jsson");
      }
      const bin = kind === "global" ? join(root, "bin", "jsson") : join(root, "node_modules", ".bin", "jsson");
      const command = kind === "image" ? [process.execPath, join(packageDir, "bin", "jsson.js")] : [bin];
      return { packageDir, command, root };
    })();
    installs.set(kind, install);
  }
  return install;
}

/** The user the installed server runs as: `nobody` when the tests run as root, else the tests' own (already unprivileged) user. */
export function unprivileged(command: string, args: readonly string[]): { command: string; args: string[] } {
  if (process.getuid?.() !== 0) return { command, args: [...args] };
  return { command: "setpriv", args: ["--reuid=nobody", "--regid=nogroup", "--clear-groups", "--", command, ...args] };
}

/**
 * Start `jsson serve` of `install` with no argument but `serve`, as
 * {@link unprivileged}'s user, in an empty folder, with only `PATH` (for the
 * bin's `#!/usr/bin/env node`), `TMPDIR` and `env` in its environment.
 */
export async function startInstalledServe(install: Install, env: Readonly<Record<string, string>>): Promise<ServeProcess> {
  const cwd = freshDir(`cwd-${Math.random().toString(36).slice(2)}`);
  const tmp = freshDir(`tmp-${Math.random().toString(36).slice(2)}`, true);
  const [program, ...rest] = install.command as [string, ...string[]];
  const { command, args } = unprivileged(program, [...rest, "serve"]);
  const child = spawn(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"], env: { PATH: `${dirname(process.execPath)}:/usr/bin:/bin`, TMPDIR: tmp, ...env } });
  const server = await watchServe(child, "the installed jsson serve");
  // it listens on every interface (0.0.0.0): the tests reach it on loopback
  return { ...server, base: server.base.replace(/^http:\/\/[^:]+:/, "http://127.0.0.1:") };
}

/** The installed package's manifest. */
export function installedManifest(install: Install): InstalledManifest {
  return JSON.parse(readFileSync(join(install.packageDir, "package.json"), "utf8")) as InstalledManifest;
}

/** What the tests read of the installed package.json. */
export interface InstalledManifest {
  readonly name: string;
  readonly version: string;
  readonly license?: string;
  readonly scripts?: Readonly<Record<string, string>>;
}
