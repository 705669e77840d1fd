// Issue #16 items 3 and 4: the package as it is published and installed.
// The tarball's contents and manifest; the Dockerfile's runtime stage repeated
// on the host (and a registry-style `npm install` of the tarball), run as an
// unprivileged user configured by the environment only, every endpoint
// called; a program that imports only the engine loads nothing of the CLI
// or the server.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { post, send } from "../http/helpers.js";
import { healthcheckCommand, readDockerfile } from "./dockerfile.js";
import { installedManifest, installOnce, packOnce, startInstalledServe, unprivileged, type Install } from "./packed-install.js";
import { probePlugin } from "../plugins/plugin-files.js";

const run = promisify(execFile);

test("the tarball holds the built package and nothing else: no tests, no build info, no source maps", async () => {
  const { files, size } = await packOnce();
  // about 1.39 MB at the end of 2026-11: 0.34 MB the CLI bundle (dist/cli-bundle/, 0.23 MB of it its code cache), 0.36 MB the
  // playground, 0.07 MB the serve worker's bundle (dist/serve-worker/): a jump means something came in by mistake
  assert.ok(size < 1.5 * (1 << 20), `${size} bytes packed`);
  const paths = files.map((f) => f.path);
  for (const must of ["package.json", "LICENSE", "README.md", "bin/jsson.js", "dist/index.js", "dist/index.d.ts", "dist/core/index.js", "dist/core/plugin/index.js", "dist/cli/main.js", "dist/cli/serve/run/pool/worker-main.js", "dist/serve-worker/worker-main.mjs", "dist/playground/index.html", "bin/package.json", "dist/cli-bundle/cli.cjs", "dist/cli-bundle/cli.cache", "dist/cli-bundle/load.cjs", "dist/cli-bundle/package.json", "man/jsson.1", "CHANGELOG.md"]) {
    assert.ok(paths.includes(must), `${must} is in the tarball`);
  }
  const stray = paths.filter((p) => !/^(package\.json|LICENSE|README\.md|CHANGELOG\.md|man\/jsson\.1|docs\/[\w-]+\.md|bin\/([\w-]+\.js|package\.json)|dist\/index\.(js|d\.ts)|dist\/(core|plugins|cli)\/[\w/-]+\.(js|d\.ts)|dist\/cli-bundle\/([\w-]+\.c?js|cli\.cache|package\.json|third-party-licenses\.txt)|dist\/serve-worker\/(worker-main\.mjs|third-party-licenses\.txt)|dist\/playground\/[\w./-]+)$/.test(p));
  assert.equal(stray, [], "files that do not belong in the package");
  assert.not.ok(paths.some((p) => p.startsWith("dist/test/") || p.endsWith(".tsbuildinfo") || p.endsWith(".map")));
});

test("the LICENSE is MIT, the jsson authors', as package.json says", async () => {
  const install = await installOnce("npm");
  const license = readFileSync(join(install.packageDir, "LICENSE"), "utf8");
  assert.match(license, /^MIT License\n\nCopyright \(c\) \d{4} the jsson authors\n/);
  assert.is(installedManifest(install).license, "MIT");
});

test("the published manifest runs nothing at install time and builds in prepack", async () => {
  const scripts = installedManifest(await installOnce("npm")).scripts ?? {};
  for (const name of ["preinstall", "install", "postinstall", "prepare"]) assert.is(scripts[name], undefined, `${name} script`);
  assert.match(scripts["prepack"] ?? "", /npm run build/);
});

/** The environment of the installed server: its whole configuration. */
const SERVER_ENV = {
  NODE_ENV: "production",
  PORT: "0", // as a container platform sets it
  JSSON_HOST: "127.0.0.1",
  JSSON_PROCESSES: "2",
  JSSON_WORKERS: "2",
  JSSON_MAX_BODY: "64KiB",
  JSSON_CORS: "false",
  JSSON_LOG_LEVEL: "info",
};

// Past the 1 MiB a response holds in memory before it may stream (the json output is compact: ~28 bytes an item).
const BIG = 'xs = (1..50000 map (i) = { id = i, name = "n" + i })';

/** Call every endpoint of a server started from `install` and check each answer. */
async function exerciseEveryEndpoint(install: Install): Promise<void> {
  const version = installedManifest(install).version;
  const s = await startInstalledServe(install, SERVER_ENV);
  try {
    // The environment reached the server: limits, processes, CORS.
    assert.match(s.banner.join("\n"), /max-body 64KiB/);
    assert.match(s.banner.join("\n"), /workers 2 in 2 processes/);
    assert.match(s.banner.join("\n"), /CORS off/);
    assert.match(s.banner.join("\n"), /listening on http:\/\/127\.0\.0\.1:\d+/);
    if (process.getuid?.() === 0) assert.match(readFileSync(`/proc/${s.child.pid}/status`, "utf8"), /^Uid:\s+65534\s/m, "runs as nobody");

    const small = await post(s.base, "/transpile", { source: "ports = 8080..8082", format: "yaml" });
    assert.is(small.status, 200);
    assert.equal(small.json(), { success: true, output: "ports:\n  - 8080\n  - 8081\n  - 8082\n", format: "yaml", transpile_time_ms: small.json()["transpile_time_ms"] });
    assert.is(small.headers["access-control-allow-origin"], undefined, "JSSON_CORS=false");

    // Large enough for the worker threads; and the same, streamed (the shared-memory ring).
    const big = await post(s.base, "/transpile", { source: BIG });
    const output = big.json<{ success: boolean; output: { xs: { id: number; name: string }[] } }>().output;
    assert.is(output.xs.length, 50000);
    assert.equal(output.xs[49999], { id: 50000, name: "n50000" });
    const streamed = await post(s.base, "/transpile", { source: BIG, streaming: true });
    assert.is(streamed.headers["transfer-encoding"], "chunked");
    assert.equal(streamed.json<{ output: unknown }>().output, output);

    assert.equal((await post(s.base, "/validate", { source: "a = 1" })).json(), { valid: true, errors: [] });
    const invalid = await post(s.base, "/validate", { source: 'a = "x' });
    assert.is(invalid.json()["valid"], false);
    assert.match((invalid.json<{ errors: string[] }>().errors)[0] ?? "", /^Line 1: /);

    const schema = await post(s.base, "/validate-schema", { source: "port = 70000", schema: '{"type":"object","properties":{"port":{"maximum":65535}}}' });
    assert.is(schema.status, 200);
    assert.is(schema.json()["valid"], false);
    assert.match((schema.json<{ errors: string[] }>().errors)[0] ?? "", /^\$\.port: /);

    const health = (await send(s.base, "/health")).json();
    assert.equal([health["status"], health["version"]], ["healthy", version]);
    const v = (await send(s.base, "/version")).json();
    assert.equal([v["server_version"], v["runtime"]], [version, "node"]);
    const formats = (await send(s.base, "/formats")).json<{ formats: { name: string }[] }>().formats.map((f) => f.name);
    for (const f of ["json", "yaml", "toml", "typescript"]) assert.ok(formats.includes(f), f);
    const openapi = (await send(s.base, "/openapi.json")).json<{ openapi: string; paths: Record<string, unknown> }>();
    assert.match(openapi.openapi, /^3\.1\./);
    for (const p of ["/transpile", "/validate", "/validate-schema", "/health", "/version", "/formats", "/livez", "/readyz", "/metrics"]) assert.ok(p in openapi.paths, p);
    assert.equal((await send(s.base, "/livez")).json(), { status: "alive" });
    assert.equal((await send(s.base, "/readyz")).json(), { status: "ready" });
    const page = await send(s.base, "/");
    assert.is(page.status, 200);
    assert.match(String(page.headers["content-type"]), /^text\/html/);

    // JSSON_MAX_BODY: 64 KiB, refused before it is read.
    const tooBig = await post(s.base, "/transpile", { source: "x = 1 //" + "a".repeat(100 * 1024) });
    assert.is(tooBig.status, 413);

    // One scrape counts the requests of both processes.
    const metrics = await send(s.base, "/metrics");
    assert.is(metrics.status, 200);
    assert.match(metrics.text, /^jsson_http_requests_total\{route="\/transpile",method="POST",status="200"\} 3$/m);
    assert.match(metrics.text, /^jsson_http_requests_total\{route="\/transpile",method="POST",status="413"\} 1$/m);

    // The image's HEALTHCHECK, run as the image runs it (same user, the port in the environment).
    const [program, ...args] = healthcheckCommand(readDockerfile().stages.at(-1)!) as [string, ...string[]];
    const check = unprivileged(program === "node" ? process.execPath : program, args);
    const port = new URL(s.base).port;
    await run(check.command, check.args, { env: { PATH: "/usr/bin:/bin", PORT: port }, timeout: 10_000 }); // rejects on a non-zero exit

    assert.is(await s.stop(), 0, s.stderr());
    assert.match(s.stderr(), /SIGTERM received, finishing in-flight requests/);
    const failed = await run(check.command, check.args, { env: { PATH: "/usr/bin:/bin", PORT: port }, timeout: 10_000 }).then(
      () => false,
      () => true,
    );
    assert.ok(failed, "the HEALTHCHECK fails once nothing answers");
  } finally {
    await s.stop();
  }
}

test("the Dockerfile's runtime stage (tarball + npm ci --omit=dev), run as an unprivileged user configured by the environment: every endpoint answers", async () => {
  await exerciseEveryEndpoint(await installOnce("image"));
});

test("npm install --omit=dev of the tarball, run as an unprivileged user configured by the environment: every endpoint answers", async () => {
  await exerciseEveryEndpoint(await installOnce("npm"));
});

/**
 * Imports "jsson" as a user's program would, transpiles, and prints every
 * module that was loaded: ES modules through a load hook (module.register),
 * CommonJS ones from the require cache.
 */
const ENGINE_PROBE = `
import { register, createRequire } from "node:module";
import { MessageChannel } from "node:worker_threads";
const { port1, port2 } = new MessageChannel();
const loaded = [];
port1.on("message", (url) => loaded.push(url));
port1.unref();
const hook = "let port; export function initialize(d) { port = d.port; } export async function load(url, context, next) { port.postMessage(url); return next(url, context); }";
register("data:text/javascript," + encodeURIComponent(hook), { data: { port: port2 }, transferList: [port2] });
const { createEngine } = await import("jsson");
const result = createEngine().transpile("ports = 8080..8081", { format: "yaml" });
// the hook's last messages: a port keeps their order, so once a last import's URL arrives, every earlier one has
const LAST = "data:text/javascript,export{}";
port1.ref();
const seenLast = new Promise((r) => port1.on("message", (url) => url === LAST && r()));
await import(LAST);
await seenLast;
port1.close();
loaded.splice(loaded.indexOf(LAST), 1);
const cjs = Object.keys(createRequire(import.meta.url).cache).map((p) => "file://" + p);
process.stdout.write(JSON.stringify({ output: result.ok ? result.output : null, loaded: [...loaded, ...cjs] }));
`;

test("a program that imports only the engine loads none of the CLI's or the server's modules", async () => {
  const install = await installOnce("npm");
  const dir = join(install.root, "engine-user");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "main.mjs"), ENGINE_PROBE);
  const { stdout } = await run(process.execPath, [join(dir, "main.mjs")], { cwd: dir, timeout: 30_000 });
  const { output, loaded } = JSON.parse(stdout) as { output: string | null; loaded: string[] };
  assert.is(output, "ports:\n  - 8080\n  - 8081\n");
  assert.ok(loaded.some((u) => u.endsWith("/node_modules/jsson/dist/core/index.js")), "the probe sees the engine's modules");
  const forbidden = loaded.filter((u) => /\/node_modules\/(@oclif\/|polka\/|@polka\/|prom-client\/|tinyglobby\/)|\/node_modules\/jsson\/dist\/cli\//.test(u));
  assert.equal(forbidden, []);
});

test("the installed jsson runs a plain transpile from its CLI bundle, and a plugin there reads its tree through the installed jsson/plugin", async () => {
  const install = await installOnce("npm");
  const dir = join(install.root, "bundle-user");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "probe.mjs"), probePlugin("p-probe", "probe"));
  writeFileSync(join(dir, "in.jsson"), 'f = 1.5\ni = 2\no { x = 1 }\n');
  // prints the CommonJS modules the run loaded (the bundle is one) after its output
  writeFileSync(join(dir, "loaded.cjs"), `process.on("exit", () => process.stderr.write(JSON.stringify(Object.keys(require.cache))));\n`);
  const [program, ...args] = install.command as [string, ...string[]];
  const { stdout, stderr } = await run(program, [...args, "-i", "in.jsson", "-f", "probe", "--plugin", "./probe.mjs"], {
    cwd: dir,
    env: { ...process.env, NODE_OPTIONS: `--require ${join(dir, "loaded.cjs")}` },
    timeout: 30_000,
  });
  assert.is(stdout, "f:float\ni:integer\no:object\n");
  const loaded = JSON.parse(stderr) as string[];
  assert.ok(loaded.some((f) => f.endsWith("/node_modules/jsson/dist/cli-bundle/cli.cjs")), "the bundle ran");
});

test.run();
