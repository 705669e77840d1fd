#!/usr/bin/env node
// Builds the playground page (issue 7) into dist/playground/, the folder
// cli/playground/serve-playground.ts serves:
//   index.html                 the page, pointing at the hashed assets below
//   favicon.svg
//   assets/app-<hash>.js, styles-<hash>.css  bundles (CodeMirror included)
//   assets/third-party-licenses.txt           notices of the bundled packages
//   *.gz, *.br                 precompressed twins the server picks by Accept-Encoding
// Steps: type-check the browser code (its own tsconfig: DOM types), bundle it
// with esbuild, hash, compress. Nothing is fetched at run time: the page
// uses no CDN and no web fonts.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import { build } from "esbuild";
import { swapIn } from "./swap-in.mjs";
import { licenses } from "./third-party-licenses.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const web = join(root, "cli", "playground", "web");
const started = performance.now();

const check = spawnSync(process.execPath, [join(root, "node_modules", "typescript", "bin", "tsc"), "-p", join(web, "tsconfig.json")], { stdio: "inherit" });
if (check.status !== 0) {
  console.error("build-playground: type errors in cli/playground/web (see above)");
  process.exit(1);
}

const result = await build({
  entryPoints: { app: join(web, "main.ts"), styles: join(web, "styles.css") },
  bundle: true,
  format: "esm",
  target: ["chrome109", "firefox115", "safari16"],
  minify: true,
  // No source maps: they would triple the package; debug from the repository instead.
  sourcemap: false,
  legalComments: "none",
  banner: { js: "/*! JSSON playground. Bundled third-party code and its licenses: third-party-licenses.txt */" },
  metafile: true,
  write: false,
  outdir: join(root, "dist", "playground"),
  logLevel: "warning",
});

// Written beside the old page and swapped in at the end, so a server starting meanwhile
// (tests and builds run in parallel) never finds a half-written folder.
const final = join(root, "dist", "playground");
const out = `${final}.tmp-${process.pid}`;
rmSync(out, { recursive: true, force: true });
mkdirSync(join(out, "assets"), { recursive: true });

/** Write a file and its gzip / brotli twins (when compressing pays). */
function emit(path, content) {
  const body = typeof content === "string" ? Buffer.from(content) : Buffer.from(content);
  writeFileSync(path, body);
  if (body.length < 1024) return;
  writeFileSync(path + ".gz", gzipSync(body, { level: 9 }));
  writeFileSync(path + ".br", brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
}

const hash = (bytes) => createHash("sha256").update(bytes).digest("base64url").slice(0, 10).replace(/[-_]/g, "x");
const names = {};
for (const file of result.outputFiles) {
  const rel = relative(join(root, "dist", "playground"), file.path); // app.js, styles.css
  const m = /^(app|styles)\.(js|css)$/.exec(rel);
  if (m === null) continue;
  const hashed = `${m[1]}-${hash(file.contents)}.${m[2]}`;
  names[m[2]] = hashed;
  emit(join(out, "assets", hashed), file.contents);
}
emit(join(out, "assets", "third-party-licenses.txt"), licenses(root, Object.keys(result.metafile.inputs)));
if (names.js === undefined || names.css === undefined) throw new Error("build-playground: esbuild produced no app bundle");

const html = readFileSync(join(web, "index.html"), "utf8").replace("%%JS%%", names.js).replace("%%CSS%%", names.css);
emit(join(out, "index.html"), html);
copyFileSync(join(web, "favicon.svg"), join(out, "favicon.svg"));

swapIn(out, final);

const size = (name) => `${(readFileSync(join(final, "assets", name)).length / 1024).toFixed(0)} KiB (${(readFileSync(join(final, "assets", name + ".br")).length / 1024).toFixed(0)} KiB br)`;
console.log(`playground: dist/playground/ — ${names.js} ${size(names.js)}, ${names.css} ${size(names.css)} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
