/**
 * The example plugin as its users get it: `npm pack` examples/jsson-plugin-dotenv,
 * install the tarball into a temporary project beside jsson (the project's
 * node_modules/jsson is a link to this repository, as `npm link jsson` or a
 * `file:` dependency makes it; packing jsson itself would make npm fetch its
 * dependencies from the registry), then use it through the spawned CLI and a
 * spawned `jsson serve`. Also runs the example's own tests.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawn, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { parseEnv } from "node:util";
import { CLI_BIN, REPO_ROOT } from "../support/repo-root.js";
import { runCli } from "../support/spawn-cli.js";
import { TempTree } from "./plugin-files.js";

const EXAMPLE = join(REPO_ROOT, "examples", "jsson-plugin-dotenv");
const tree = new TempTree("jsson-dotenv-pkg-");
const proj = join(tree.root, "project");
const timings: Record<string, number> = {};

function npm(args: string[], cwd: string): string {
  const started = performance.now();
  const r = spawnSync("npm", [...args, "--no-audit", "--no-fund", "--loglevel=error"], { cwd, encoding: "utf8", env: { ...process.env, npm_config_update_notifier: "false" } });
  timings[`npm ${args[0]}`] = Math.round(performance.now() - started);
  if (r.status !== 0) throw new Error(`npm ${args.join(" ")} failed (${r.status}): ${r.stderr}`);
  return r.stdout;
}

test.before(() => {
  npm(["pack", "--pack-destination", tree.root], EXAMPLE);
  const tarball = readdirSync(tree.root).find((f) => /^jsson-plugin-dotenv-.*\.tgz$/.test(f));
  if (!tarball) throw new Error("npm pack wrote no tarball");
  mkdirSync(proj);
  writeFileSync(join(proj, "package.json"), JSON.stringify({ name: "dotenv-user", version: "1.0.0", private: true }));
  // --legacy-peer-deps: the jsson peer is provided by the link below, not fetched from the registry
  npm(["install", "--offline", "--legacy-peer-deps", "--ignore-scripts", join(tree.root, tarball)], proj);
  symlinkSync(REPO_ROOT, join(proj, "node_modules", "jsson"), "dir");
  writeFileSync(join(proj, "app.jsson"), 'app {\n  name = "My App"\n  debug = false\n}\ndatabase {\n  host = localhost\n  port = 5432\n  password = "p@ss #1"\n}\nratio = 0.75\nunset = null\n');
  writeFileSync(join(proj, "bad.jsson"), "name = x\n\nservers {\n  hosts = [ a, b ]\n}\n");
});

const EXPECTED = "APP_NAME='My App'\nAPP_DEBUG=false\nDATABASE_HOST=localhost\nDATABASE_PORT=5432\nDATABASE_PASSWORD='p@ss #1'\nRATIO=0.75\nUNSET=\n";

test("the installed package is the packed one", () => {
  const files = readdirSync(join(proj, "node_modules", "jsson-plugin-dotenv", "src")).sort();
  assert.equal(files, ["env-entries.js", "env-name.js", "env-value.js", "index.d.ts", "index.js"]);
});

test("CLI: -f dotenv --plugin jsson-plugin-dotenv, read back by Node's .env reader", async () => {
  const r = await runCli(["-i", "app.jsson", "-f", "dotenv", "--plugin", "jsson-plugin-dotenv"], { cwd: proj });
  assert.is(r.stderr, "");
  assert.is(r.code, 0);
  assert.is(r.stdout, EXPECTED);
  assert.equal({ ...parseEnv(r.stdout) }, { APP_NAME: "My App", APP_DEBUG: "false", DATABASE_HOST: "localhost", DATABASE_PORT: "5432", DATABASE_PASSWORD: "p@ss #1", RATIO: "0.75", UNSET: "" });
});

test("CLI: short name, alias, output file, config file", async () => {
  const r = await runCli(["app.jsson", "-f", "env", "--plugin", "dotenv", "-o", "out.env"], { cwd: proj });
  assert.is(r.code, 0, r.stderr);
  const cat = spawnSync("cat", [join(proj, "out.env")], { encoding: "utf8" });
  assert.is(cat.stdout, EXPECTED);
  writeFileSync(join(proj, "jsson.config.json"), JSON.stringify({ plugins: ["jsson-plugin-dotenv"] }));
  try {
    const c = await runCli(["-i", "app.jsson", "-f", "dotenv"], { cwd: proj });
    assert.is(c.stdout, EXPECTED, c.stderr);
    // asked twice (config and flag): loaded once, no "already loaded" refusal
    const twice = await runCli(["-i", "app.jsson", "-f", "dotenv", "--plugin", "jsson-plugin-dotenv"], { cwd: proj });
    assert.is(twice.code, 0, twice.stderr);
  } finally {
    spawnSync("rm", [join(proj, "jsson.config.json")]);
  }
});

test("CLI: arrays are refused with the line of the key and its name, exit 1", async () => {
  const r = await runCli(["-i", "bad.jsson", "-f", "dotenv", "--plugin", "jsson-plugin-dotenv"], { cwd: proj });
  assert.is(r.code, 1);
  assert.is(r.stdout, "");
  assert.match(r.stderr, /^Line 3: dotenv cannot write arrays: "servers\.hosts" is an array/);
});

test("server: -plugin jsson-plugin-dotenv; /formats, /openapi.json, /transpile, /validate-schema", async () => {
  const server = spawn(process.execPath, [CLI_BIN, "serve", "-port", "0", "-host", "127.0.0.1", "-workers", "1", "-q", "-plugin", "jsson-plugin-dotenv"], {
    cwd: proj,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  server.stderr.on("data", (d: Buffer) => void (stderr += d.toString()));
  try {
    const base = await new Promise<string>((resolve, reject) => {
      let out = "";
      const timer = setTimeout(() => reject(new Error(`no banner in 20 s; stderr: ${stderr}`)), 20_000);
      server.stdout.on("data", (d: Buffer) => {
        out += d.toString();
        const m = /listening on (http:\/\/\S+)/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(m[1] as string);
        }
      });
      server.once("exit", (code) => reject(new Error(`server exited (${code}): ${stderr}`)));
    });
    const formats = (await call(base, "GET", "/formats")).json as { formats: { name: string; aliases: string[]; extension: string; media_type: string; plugin: string; description: string }[] };
    const dotenv = formats.formats.find((f) => f.name === "dotenv");
    assert.equal(dotenv, { name: "dotenv", aliases: ["env"], media_type: "text/plain", extension: "env", extensions: ["env"], description: dotenv?.description ?? "", plugin: "jsson-plugin-dotenv" });
    const openapi = (await call(base, "GET", "/openapi.json")).json as { components: { schemas: { TranspileRequest: { properties: { format: unknown } } } } };
    assert.match(JSON.stringify(openapi.components.schemas.TranspileRequest.properties.format), /\bdotenv\b/, "/openapi.json names the plugin format");

    const ok = await call(base, "POST", "/transpile", { source: 'a { b = "x y" }\nn = 1\n', format: "ENV" });
    assert.is(ok.status, 200);
    assert.equal(ok.json, { success: true, output: "A_B='x y'\nN=1\n", format: "dotenv", transpile_time_ms: (ok.json as { transpile_time_ms: number }).transpile_time_ms });

    const bad = await call(base, "POST", "/transpile", { source: "name = x\nlist = [1]\n", format: "dotenv" });
    const body = bad.json as { success: boolean; errors: string[] };
    assert.is(body.success, false);
    assert.match(body.errors[0] ?? "", /^Line 2: dotenv cannot write arrays: "list" is an array/);

    const schema = await call(base, "POST", "/validate-schema", { source: "port = 80\n", output_format: "dotenv", schema: '{"type":"object","required":["port"]}' });
    assert.is((schema.json as { valid: boolean; format: string }).valid, true);
    assert.is((schema.json as { format: string }).format, "dotenv");
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => (server.exitCode === null ? server.once("exit", resolve) : resolve(undefined)));
  }
});

test("the example's own tests pass (node --test, in a copy whose node_modules/jsson is this repository, as its devDependency file:../.. installs it)", () => {
  const copy = join(tree.root, "example");
  for (const part of ["package.json", "src", "test"]) cpSync(join(EXAMPLE, part), join(copy, part), { recursive: true });
  mkdirSync(join(copy, "node_modules"));
  symlinkSync(REPO_ROOT, join(copy, "node_modules", "jsson"), "dir");
  const started = performance.now();
  const r = spawnSync(process.execPath, ["--test", "test/"], { cwd: copy, encoding: "utf8" });
  timings["example tests"] = Math.round(performance.now() - started);
  assert.is(r.status, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /# pass [1-9]/);
  assert.match(r.stdout, /# fail 0/);
});

test.after(() => {
  tree.remove();
  if (process.env["JSSON_TEST_TIMINGS"]) console.log("dotenv package timings (ms):", timings);
});

interface Reply {
  readonly status: number;
  readonly text: string;
  readonly json: unknown;
}

function call(base: string, method: string, path: string, body?: unknown): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(base + path, { method, headers: body === undefined ? {} : { "content-type": "application/json" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, text, json });
      });
    });
    req.on("error", reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

test.run();
