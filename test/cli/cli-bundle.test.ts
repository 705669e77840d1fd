/**
 * The CLI bundle (dist/cli-bundle/, scripts/build-cli.mjs; issue 18, cold
 * start), through the real binary: a plain transpile, validate, check and fmt
 * run from a few bundled files and print what the unbundled CLI prints (on its
 * fast path and through oclif); every other command line is handed to the
 * unbundled CLI without loading the bundle's engine; a
 * plugin imports its own jsson (the project's) and reads the tree of the
 * engine that loads it (bundle or dist, on the main thread and on --out-dir
 * workers) with no class identity; a stale or missing bundle is
 * never run. Each run records the ES modules it loads through a load hook.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { execFile, spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { runCli, type CliRun, type RunCliOptions } from "../support/spawn-cli.js";
import { REPO_ROOT } from "../support/repo-root.js";
import { probePlugin, TempTree } from "../plugins/plugin-files.js";

const run = promisify(execFile);
const BUNDLE = join(REPO_ROOT, "dist", "cli-bundle");
const TSBUILDINFO = join(REPO_ROOT, "dist", ".tsbuildinfo");
const HELLO = join(REPO_ROOT, "examples", "hello.jsson");

/**
 * The bundle as `npm run build` leaves it: built from the compiled files when
 * it is missing or older than them (a `tsc` after the last full build), so
 * that this file tests the bundle of the code it was compiled with.
 */
function ensureFreshBundle(): void {
  const built = statSync(join(BUNDLE, "cli.cjs"), { throwIfNoEntry: false });
  const compiled = statSync(TSBUILDINFO, { throwIfNoEntry: false });
  if (built !== undefined && (compiled === undefined || built.mtimeMs >= compiled.mtimeMs)) return;
  const r = spawnSync(process.execPath, [join(REPO_ROOT, "scripts", "build-cli.mjs")], { cwd: REPO_ROOT, encoding: "utf8", timeout: 120_000 });
  if (r.status !== 0) throw new Error(`scripts/build-cli.mjs failed: ${r.stderr}`);
}
ensureFreshBundle();

const tree = new TempTree("jsson-cli-bundle-");

/**
 * A module for `--require`: records every module the main thread loads, as
 * URLs appended to $PROBE_OUT: ES modules through a load hook, CommonJS ones
 * from require.cache at exit.
 */
const LOAD_PROBE = tree.write(
  "probe/record-loads.cjs",
  `const { appendFileSync } = require("node:fs");
const { register } = require("node:module");
const { pathToFileURL } = require("node:url");
const out = process.env.PROBE_OUT;
const hook = "import { appendFileSync } from 'node:fs'; let out; export function initialize(d) { out = d.out; } export async function load(url, context, next) { appendFileSync(out, url + '\\\\n'); return next(url, context); }";
register("data:text/javascript," + encodeURIComponent(hook), { data: { out } });
const dump = () => appendFileSync(out, Object.keys(require.cache).map((f) => pathToFileURL(f).href + "\\n").join(""));
process.on("exit", dump);
`,
);
/**
 * A lighter probe for runs whose assertion is only that a CommonJS package
 * (oclif) loaded: require.cache at exit, without the load hook, whose thread
 * each ES module load goes through (≈ 0.35 s of CPU on an oclif run).
 */
const CJS_PROBE = tree.write(
  "probe/record-requires.cjs",
  `const { appendFileSync } = require("node:fs");
const { pathToFileURL } = require("node:url");
const out = process.env.PROBE_OUT;
process.on("exit", () => appendFileSync(out, Object.keys(require.cache).map((f) => pathToFileURL(f).href + "\\n").join("")));
`,
);
let probes = 0;

/** The run, and the repository files (relative paths) and packages it loaded as ES modules. */
interface Recorded {
  readonly run: CliRun;
  readonly files: string[];
}

/** Run `bin/jsson.js` recording the ES modules it loads. */
async function recorded(args: readonly string[], options: RunCliOptions = {}): Promise<Recorded> {
  const out = join(tree.root, `loads-${probes++}.txt`);
  writeFileSync(out, "");
  const nodeOptions = `${process.env["NODE_OPTIONS"] ?? ""} --require ${LOAD_PROBE}`.trim();
  const r = await runCli(args, { ...options, env: { ...options.env, NODE_OPTIONS: nodeOptions, PROBE_OUT: out } });
  const root = pathToFileURL(REPO_ROOT).href + "/";
  const files = readFileSync(out, "utf8")
    .split("\n")
    .filter((u) => u.startsWith(root))
    .map((u) => u.slice(root.length));
  return { run: r, files: [...new Set(files)] };
}

/** The output of the unbundled CLI (dist/cli/main.js run directly) for `args`. */
async function unbundled(args: readonly string[], cwd = REPO_ROOT): Promise<{ stdout: string; stderr: string }> {
  const script = `const { main } = await import(${JSON.stringify(pathToFileURL(join(REPO_ROOT, "dist", "cli", "main.js")).href)}); await main(process.argv.slice(1), ${JSON.stringify(REPO_ROOT + "/")});`;
  return run(process.execPath, ["--input-type=module", "-e", script, "--", ...args], { cwd, encoding: "utf8", timeout: 60_000 });
}

const inDist = (f: string): boolean => /^dist\/(cli|core|plugins)\//.test(f);

test("a plain transpile runs from the bundle, with the unbundled CLI's output, and loads nothing of dist/cli, dist/core, dist/plugins or oclif", async () => {
  for (const args of [["-i", HELLO], ["-i", HELLO, "-f", "yaml"], ["transpile", HELLO, "-f", "toml"]]) {
    const { run: r, files } = await recorded(args);
    assert.is(r.code, 0, r.stderr);
    const expected = await unbundled(args);
    assert.is(r.stdout, expected.stdout, args.join(" "));
    assert.ok(r.stdout.length > 100);
    assert.equal(files.sort(), ["bin/jsson.js", "dist/cli-bundle/cli.cjs", "dist/cli-bundle/load.cjs"], `the bundle and nothing else of the package (${args.join(" ")})`);
  }
});

test("a diagnostic and a usage error read the same from the bundle", async () => {
  const bad = tree.write("bad.jsson", 'a = "open\n');
  for (const args of [["-i", bad], ["-i", HELLO, "-f", "nope"], ["-i", HELLO, "--max-depth", "x"]]) {
    const { run: r, files } = await recorded(args);
    const expected = await unbundled(args).then(
      (ok) => ({ ...ok, code: 0 }),
      (e: { stdout: string; stderr: string; code: number }) => e,
    );
    assert.ok(files.includes("dist/cli-bundle/cli.cjs"));
    assert.not.ok(files.some(inDist), args.join(" "));
    assert.equal([r.code, r.stdout, r.stderr], [expected.code, expected.stdout, expected.stderr], args.join(" "));
    assert.ok(r.code !== 0);
  }
});

test("jsson version runs from the bundle too, with the oclif command's line", async () => {
  // dist/cli/main.js without the bundle runs oclif's version command
  const expected = (await unbundled(["version"])).stdout;
  for (const args of [["version"], ["--version"], ["-v"]]) {
    const { run: r, files } = await recorded(args);
    assert.is(r.code, 0, r.stderr);
    assert.is(r.stdout, expected);
    assert.match(r.stdout, /^jsson \d+\.\d+\.\d+ \(language \d+\.\d+\.\d+\)\n$/);
    assert.equal(files.sort(), ["bin/jsson.js", "dist/cli-bundle/cli.cjs", "dist/cli-bundle/load.cjs"], args.join(" "));
  }
});

test("every other command line goes to the unbundled CLI, before the bundle has made an engine", async () => {
  // `--` is beyond the fast parser: oclif's validate command
  const check = await recorded(["validate", "--", HELLO]);
  assert.is(check.run.code, 0, check.run.stderr);
  assert.match(check.run.stdout + check.run.stderr, /Syntax OK/);
  const formats = await recorded(["formats"]);
  assert.is(formats.run.code, 0, formats.run.stderr);
  assert.match(formats.run.stdout, /^yaml\s/m);
  // `--` is beyond the fast parser: oclif's transpile command
  const oclifTranspile = await recorded(["transpile", "-f", "yaml", "--", HELLO]);
  assert.is(oclifTranspile.run.stdout, (await unbundled(["-i", HELLO, "-f", "yaml"])).stdout);
  // long-running commands skip the bundle altogether
  const serveHelp = await recorded(["serve", "--help"]);
  assert.is(serveHelp.run.code, 0, serveHelp.run.stderr);
  assert.ok(serveHelp.files.includes("dist/cli/main.js"));
  assert.not.ok(serveHelp.files.includes("dist/cli-bundle/cli.cjs"), "serve does not load the bundle");
  for (const { files } of [check, formats, oclifTranspile]) {
    assert.ok(files.includes("dist/cli-bundle/cli.cjs"), "routed by the bundle");
    assert.ok(files.includes("dist/cli/main.js"), "handed to dist/cli/main.js");
    assert.ok(files.some((f) => f.startsWith("node_modules/@oclif/core/")), "which runs oclif");
  }
});

test("plugins import the project's jsson/plugin and read the trees of the bundle's engine, of dist's after a hand-over and of --out-dir workers", async () => {
  // the project's own jsson: a link to this repository (dist/), while a plain transpile runs the bundle's copy
  tree.linkJsson("proj");
  tree.write("proj/probe.mjs", probePlugin("p-probe", "probe"));
  const source = 'f = 1.5\ni = 2\no { x = 1 }\nr = 1..3\ns = "t"\n';
  const kinds = "f:float\ni:integer\no:object\nr:array\ns:string\n";
  const cwd = tree.dir("proj");
  tree.write("proj/in.jsson", source);

  const plain = await recorded(["-i", "in.jsson", "-f", "probe", "--plugin", "./probe.mjs"], { cwd });
  assert.is(plain.run.stderr, "");
  assert.is(plain.run.stdout, kinds);
  // the bundle's engine, the project's jsson/plugin: two copies, no class identity needed
  assert.ok(plain.files.includes("dist/cli-bundle/cli.cjs"));
  assert.ok(plain.files.includes("dist/core/plugin/index.js"), "the plugin's import");
  assert.equal(plain.files.filter(inDist).filter((f) => !f.startsWith("dist/core/")), [], "nothing of dist/ but what jsson/plugin imports");

  // a check for the plugin's format runs from the bundle too (the file after --plugin is the input, on both routes)
  const checked = await recorded(["check", "-f", "probe", "--plugin", "./probe.mjs", "in.jsson"], { cwd });
  assert.is(checked.run.code, 0, checked.run.stderr);
  assert.match(checked.run.stderr + checked.run.stdout, /1 files? checked, 0 failed/);
  assert.not.ok(checked.files.includes("dist/cli/main.js"), "not handed over");

  const handed = await recorded(["transpile", "-f", "probe", "--plugin", "./probe.mjs", "--", "in.jsson"], { cwd });
  assert.is(handed.run.stdout, kinds, handed.run.stderr);
  assert.ok(handed.files.includes("dist/cli/main.js"), "handed over");
  assert.ok(handed.files.includes("dist/core/plugin/index.js"));

  // 16 files: enough for worker threads (transpile-many.ts); each runs the unbundled worker, whose plugins get dist's classes
  const inputs = Array.from({ length: 16 }, (_, i) => tree.write(`proj/many/in${i}.jsson`, source));
  const many = await recorded(["-f", "probe", "--plugin", "./probe.mjs", "--out-dir", "out", ...inputs.map((p) => p.slice(cwd.length + 1))], { cwd });
  assert.is(many.run.code, 0, many.run.stderr);
  for (let i = 0; i < 16; i++) assert.is(readFileSync(join(cwd, "out", `in${i}.probe`), "utf8"), kinds, `file ${i}`);
  // (a worker thread's modules escape the probe: its hooks are the main thread's only)
  assert.ok(many.files.includes("dist/cli-bundle/cli.cjs"));
});

/** What one run printed, and the package files it loaded (relative to its package root). */
interface Outcome {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly files: readonly string[];
  /** What the run left in its folder (fmt -w rewrites files). */
  readonly tree: Readonly<Record<string, string>>;
}

/** The inputs of the offline-command cases, written afresh into each run's own folder. */
const OFFLINE_FILES: Readonly<Record<string, string>> = {
  "hello.jsson": readFileSync(HELLO, "utf8"),
  "syntax.jsson": 'a = 1\nb = "open\n',
  "eval.jsson": "a = 1\nb = a / 0\n",
  "untidy.jsson": "a=1\nb   =  [1,2,   3]\n\n\n\nc { d = true }\n",
  "schema.json": JSON.stringify({ type: "object", required: ["nope"] }),
};

/** The offline commands' cases: options, then input files (relative to the run's folder). */
const OFFLINE_CASES: readonly [readonly string[], readonly string[]][] = [
  [["validate"], ["hello.jsson"]],
  [["validate"], ["syntax.jsson"]],
  [["validate"], ["hello.jsson", "syntax.jsson", "missing.jsson"]],
  [["validate", "--error-format", "json"], ["syntax.jsson"]],
  [["validate", "-schema", "schema.json"], ["hello.jsson"]],
  [["validate", "--deep"], ["eval.jsson"]],
  [["validate", "-deep", "-f", "toml"], ["hello.jsson"]],
  [["check"], ["hello.jsson"]],
  [["check", "-schema", "schema.json", "--error-format", "github"], ["hello.jsson"]],
  [["check", "-f", "nope"], ["hello.jsson"]],
  [["check"], ["*.jsson"]],
  [["fmt"], ["untidy.jsson"]],
  [["fmt"], ["syntax.jsson", "untidy.jsson"]],
  [["fmt", "--check"], ["hello.jsson", "untidy.jsson"]],
  [["fmt", "-c", "-d"], ["untidy.jsson"]],
  [["fmt", "-w"], ["untidy.jsson", "hello.jsson"]],
];

let offlineRuns = 0;

/** Run `bin` (the repository's, or a layout's) in a fresh folder holding {@link OFFLINE_FILES}, recording the files it loads. */
async function offlineRun(bin: string, args: readonly string[], probe = LOAD_PROBE): Promise<Outcome> {
  const cwd = tree.dir(`offline/${offlineRuns++}`);
  for (const [name, text] of Object.entries(OFFLINE_FILES)) writeFileSync(join(cwd, name), text);
  const out = join(cwd, "..", `loads-${offlineRuns}.txt`);
  writeFileSync(out, "");
  const r = await run(process.execPath, ["--require", probe, bin, ...args], { cwd, env: { ...process.env, PROBE_OUT: out }, encoding: "utf8", timeout: 60_000 }).then(
    (ok) => ({ ...ok, code: 0 as number | null }),
    (e: { stdout: string; stderr: string; code: number | null }) => e,
  );
  // a layout's dist/ links to the repository's: modules load under their real paths
  const roots = [join(bin, "..", ".."), REPO_ROOT].map((r) => pathToFileURL(r).href + "/");
  const files = readFileSync(out, "utf8")
    .split("\n")
    .flatMap((u) => roots.filter((r) => u.startsWith(r)).map((r) => u.slice(r.length)));
  const left = Object.fromEntries(Object.keys(OFFLINE_FILES).map((name) => [name, readFileSync(join(cwd, name), "utf8")]));
  // each run has its own folder, which messages may name
  const here = (text: string): string => text.split(cwd).join("<cwd>");
  return { code: r.code, stdout: here(r.stdout), stderr: here(r.stderr), files: [...new Set(files)].sort(), tree: left };
}

test("validate, check and fmt run from the bundle alone, and print what dist/ prints on its fast path and through oclif", async () => {
  const distOnly = join(layout("dist-route", false, "none"), "bin", "jsson.js");
  const bin = join(REPO_ROOT, "bin", "jsson.js");
  const codes = new Set<number | null>();
  for (const [options, files] of OFFLINE_CASES) {
    const label = [...options, ...files].join(" ");
    const bundled = await offlineRun(bin, [...options, ...files]);
    const dist = await offlineRun(distOnly, [...options, ...files]);
    // `--` is beyond the fast parser: the bundle hands the command line to dist/, which runs oclif's command
    // (oclif is CommonJS: the lighter probe sees it)
    const oclif = await offlineRun(bin, [...options, "--", ...files], CJS_PROBE);
    const ownFiles = bundled.files.filter((f) => !f.startsWith("node_modules/"));
    assert.equal(ownFiles, ["bin/jsson.js", "dist/cli-bundle/cli.cjs", "dist/cli-bundle/load.cjs"], `the bundle and nothing else of the package: ${label}`);
    // from node_modules: ajv when a schema is given (the schema plugin loads it, as for a transpile -schema),
    // picomatch for a glob (fdir, in tinyglobby, probes for it); nothing for a plain file
    const packages = [...new Set(bundled.files.filter((f) => f.startsWith("node_modules/")).map((f) => f.split("/")[1]))];
    if (options.includes("-schema")) assert.not.ok(packages.includes("@oclif"), label);
    else assert.equal(packages, files.some((f) => f.includes("*")) ? ["picomatch"] : [], `packages from node_modules: ${label}`);
    assert.ok(dist.files.includes("dist/cli/main.js") && !dist.files.some((f) => f.startsWith("node_modules/@oclif/")), `dist/'s fast path: ${label}`);
    assert.ok(oclif.files.some((f) => f.startsWith("node_modules/@oclif/core/")), `oclif: ${label}`);
    const seen = (o: Outcome): unknown[] => [o.code, o.stdout, o.stderr, o.tree];
    assert.equal(seen(bundled), seen(oclif), `bundle and oclif: ${label}`);
    assert.equal(seen(dist), seen(oclif), `dist/ and oclif: ${label}`);
    codes.add(bundled.code);
  }
  assert.equal([...codes].sort(), [0, 1, 2], "the cases end in success, source errors and usage errors");
});

/** A copy of the package's layout in a temporary folder: bin/jsson.js copied, dist/cli and (optionally) dist/cli-bundle linked, dist/.tsbuildinfo written. */
function layout(name: string, withBundle: boolean, buildInfoAge: "older" | "newer" | "none"): string {
  const root = tree.dir(`layouts/${name}`);
  mkdirSync(join(root, "bin"));
  mkdirSync(join(root, "dist"));
  copyFileSync(join(REPO_ROOT, "bin", "jsson.js"), join(root, "bin", "jsson.js"));
  copyFileSync(join(REPO_ROOT, "bin", "package.json"), join(root, "bin", "package.json"));
  copyFileSync(join(REPO_ROOT, "package.json"), join(root, "package.json"));
  symlinkSync(join(REPO_ROOT, "node_modules"), join(root, "node_modules"));
  for (const d of ["cli", "core", "plugins"]) symlinkSync(join(REPO_ROOT, "dist", d), join(root, "dist", d));
  if (withBundle) symlinkSync(BUNDLE, join(root, "dist", "cli-bundle"));
  if (buildInfoAge !== "none") {
    const info = join(root, "dist", ".tsbuildinfo");
    writeFileSync(info, "{}");
    const bundleTime = statSync(join(BUNDLE, "cli.cjs")).mtimeMs / 1000;
    const t = buildInfoAge === "older" ? bundleTime - 60 : bundleTime + 60;
    utimesSync(info, t, t);
  }
  return root;
}

test("bin/jsson.js runs the bundle only when it exists and is not older than the last tsc", async () => {
  const cases: [string, boolean, "older" | "newer" | "none", boolean][] = [
    ["fresh", true, "older", true],
    ["packed", true, "none", true],
    ["stale", true, "newer", false],
    ["absent", false, "none", false],
  ];
  const expected = (await unbundled(["-i", HELLO])).stdout;
  for (const [name, withBundle, age, expectBundle] of cases) {
    const root = layout(name, withBundle, age);
    const out = join(tree.root, `layout-loads-${name}.txt`);
    writeFileSync(out, "");
    const r = await run(process.execPath, ["--require", LOAD_PROBE, join(root, "bin", "jsson.js"), "-i", HELLO], {
      env: { ...process.env, PROBE_OUT: out },
      encoding: "utf8",
      timeout: 60_000,
    });
    assert.is(r.stdout, expected, name);
    const loaded = readFileSync(out, "utf8");
    assert.is(loaded.includes("/dist/cli-bundle/cli.cjs"), expectBundle, `${name}: the bundle ${expectBundle ? "runs" : "does not run"}`);
    assert.is(loaded.includes("/dist/cli/main.js"), !expectBundle, `${name}: dist/cli/main.js ${expectBundle ? "does not run" : "runs"}`);
  }
});

test("the bundle exports nothing: its package.json only makes its forwarder an ES module, and it ships no copies of the public modules", () => {
  const manifest = JSON.parse(readFileSync(join(BUNDLE, "package.json"), "utf8")) as Record<string, unknown>;
  assert.is(manifest["type"], "module");
  assert.is(manifest["exports"], undefined);
  assert.is(manifest["name"] === "jsson", false, "not a second package named jsson");
  assert.equal(readdirSync(BUNDLE).filter((f) => f.endsWith(".js")).sort(), ["transpile-many-worker.js"]);
});

test.after(() => tree.remove());
test.run();
