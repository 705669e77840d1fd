#!/usr/bin/env node
// Bundles the CLI's start-up path (issue 18: cold start) into dist/cli-bundle/,
// which bin/jsson.js runs instead of dist/cli/main.js when it is at least as
// new as the compiled files. Runs after `tsc` (it bundles dist/, not the
// TypeScript sources, so the bundle is exactly the compiled code):
//   cli.cjs            dist/cli/main.js and everything its fast path imports (plain transpile,
//                      validate, check, fmt; core and the built-in plugins included), as one
//                      CommonJS file
//   cli.cache          V8's code cache of cli.cjs after a sample run (see load.cjs)
//   load.cjs           runs cli.cjs with that cache (scripts/cli-bundle-loader.cjs)
//   package.json       `"type": "module"` for the forwarder below
//   transpile-many-worker.js
//                      a forwarder to dist/cli/: the --out-dir worker, which the bundled code
//                      starts beside itself in another thread (it runs the unbundled worker)
//   third-party-licenses.txt   notices of the bundled npm packages
// Why: Node pays per ES module it loads (resolve, read, compile, link): the
// unbundled transpile loads ~130 files; the bundle is one, compiled from a
// cache. The bundle holds no oclif: every other command is handed to the
// unbundled CLI (bin/jsson.js). Plugins loaded by the bundle import whatever
// jsson they resolve (their peer dependency): the plugin API needs no class
// identity with the running engine (core/plugin/index.ts), so the bundle exports nothing. The build fails if bundled code looks for a file
// beside itself (`new URL("./x.js", import.meta.url)`) that is not there.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import ts from "typescript";
import { NODE_BUNDLE_OPTIONS } from "./node-bundle-options.mjs";
import { swapIn } from "./swap-in.mjs";
import { licenses } from "./third-party-licenses.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const started = performance.now();
const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));

if (!existsSync(join(root, "dist", "cli", "main.js"))) {
  console.error("build-cli: dist/cli/main.js not found: run `tsc -p tsconfig.json` first");
  process.exit(1);
}

const out = join(root, "dist", `cli-bundle.tmp-${process.pid}`);
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

/** The bundle's entry: the CLI's main. */
const entry = `export { main } from "./dist/cli/main.js";\n`;

/** What `import.meta.url` becomes in the CommonJS bundle: the bundle file's own URL. */
const META_URL = "__jssonBundleUrl";
const result = await build({
  absWorkingDir: root,
  stdin: { contents: entry, resolveDir: root, sourcefile: "cli-bundle-entry.js", loader: "js" },
  outfile: join(out, "cli.cjs"),
  ...NODE_BUNDLE_OPTIONS,
  format: "cjs",
  define: { "import.meta.url": META_URL },
  banner: { js: `var ${META_URL} = require("node:url").pathToFileURL(__filename).href;` },
  // oclif is never reached from the bundle (see above), and is not bundled if it were
  external: ["@oclif/core"],
});

// `import()` in code that vm.Script compiled from a code cache fails on Node 20 ("A dynamic
// import callback was not specified"; with a callback it needs --experimental-vm-modules).
// So each one in the bundle (plugins, the unbundled CLI) calls the loader's importer instead,
// a parameter of the function load.cjs wraps cli.cjs in; found with TypeScript's parser, not a
// regular expression, so that no string or comment is touched.
const IMPORTER = "__jssonImport";
{
  const file = join(out, "cli.cjs");
  const text = readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const at = [];
  const visit = (node) => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) at.push(node.expression.getStart(source));
    ts.forEachChild(node, visit);
  };
  visit(source);
  let rewritten = text;
  for (const start of at.sort((a, b) => b - a)) rewritten = rewritten.slice(0, start) + IMPORTER + rewritten.slice(start + "import".length);
  writeFileSync(file, rewritten);
}

// Every file the bundled code looks for relative to itself must be in the bundle, beside it.
const forwarders = {
  "transpile-many-worker.js": `import "../cli/transpile/transpile-many-worker.js";\n`,
};
const bundleText = readFileSync(join(out, "cli.cjs"), "utf8");
const missing = [];
for (const m of bundleText.matchAll(new RegExp(`new URL\\(\\s*["'\`]([^"'\`]+)["'\`]\\s*,\\s*${META_URL}\\s*\\)`, "g"))) {
  const beside = m[1] === "./" || Object.hasOwn(forwarders, m[1].replace(/^\.\//, ""));
  if (!beside) missing.push(`new URL("${m[1]}", import.meta.url)`);
}
if (missing.length > 0) {
  rmSync(out, { recursive: true, force: true });
  console.error(`build-cli: bundled code looks for files beside it that the bundle lacks (add a forwarder in scripts/build-cli.mjs, or keep that code off the start-up path):\n  ${missing.join("\n  ")}`);
  process.exit(1);
}
for (const [name, text] of Object.entries(forwarders)) writeFileSync(join(out, name), text);

writeFileSync(
  join(out, "package.json"),
  JSON.stringify({ "//": "The CLI bundle (scripts/build-cli.mjs); it exports nothing.", name: `${manifest.name}-cli-bundle`, version: manifest.version, private: true, type: "module" }, null, 2) + "\n",
);
copyFileSync(join(root, "scripts", "cli-bundle-loader.cjs"), join(out, "load.cjs"));
writeFileSync(join(out, "third-party-licenses.txt"), licenses(root, Object.keys(result.metafile.inputs)));

// The code cache: a child process runs small transpiles to each built-in format, a
// validate, a check and a fmt through load.cjs (their output thrown away), then writes
// what V8 compiled.
const sample = join(root, "examples", "hello.jsson");
const warm = `
const { loadCliBundle } = (await import("node:module")).createRequire(import.meta.url)(${JSON.stringify(join(out, "load.cjs"))});
const bundle = loadCliBundle();
const runs = [...["json", "yaml", "toml", "typescript"].map((format) => ["-i", ${JSON.stringify(sample)}, "-f", format]), ...["validate", "check", "fmt"].map((id) => [id, ${JSON.stringify(sample)}])];
for (const args of runs) {
  await bundle.exports.main(args, ${JSON.stringify(root + "/")}, async () => { throw new Error("handed over: " + args.join(" ")); });
  if (process.exitCode) throw new Error("the sample run failed: status " + process.exitCode + ": " + args.join(" "));
}
(await import("node:fs")).writeFileSync(${JSON.stringify(join(out, "cli.cache"))}, bundle.createCachedData());
`;
const warmed = spawnSync(process.execPath, ["--input-type=module", "-e", warm], { cwd: root, stdio: ["ignore", "ignore", "pipe"], encoding: "utf8", timeout: 60_000 });
if (warmed.status !== 0) {
  rmSync(out, { recursive: true, force: true });
  console.error(`build-cli: the sample run for the code cache failed:\n${warmed.stderr}`);
  process.exit(1);
}

const final = join(root, "dist", "cli-bundle");
swapIn(out, final);

const kib = (name) => (statSync(join(final, name)).size / 1024).toFixed(0);
console.log(`cli bundle: dist/cli-bundle/ — cli.cjs ${kib("cli.cjs")} KiB, code cache ${kib("cli.cache")} KiB in ${((performance.now() - started) / 1000).toFixed(1)} s`);
