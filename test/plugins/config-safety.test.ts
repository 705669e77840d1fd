/**
 * `jsson.config.json` runs code only where the user means it (issue #12
 * item 8), through the real CLI binary: the search stops at the project's
 * boundary (package.json, .git, the home folder); a config or a plugin it
 * names that another user owns or others can write is not loaded; commands
 * that need no formats (validate, version, help) never read a config;
 * `jsson formats` says which config file was loaded. Tests run as root
 * here: "another user" is `nobody` (chown).
 */
import { chmodSync, chownSync, existsSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { send, startServer } from "../http/helpers.js";
import { bannerLines } from "../../cli/serve/banner.js";
import { SERVICE_ROUTES } from "../../cli/serve/app.js";
import { resolveServerOptions } from "../../cli/serve/ops/server-options.js";
import { runCli } from "../support/spawn-cli.js";
import { standalonePlugin, TempTree } from "./plugin-files.js";

const NOBODY = 65534;
const tree = new TempTree("jsson-config-safety-");

/** A plugin module that leaves `marker` behind when imported (proof that its code ran), adding format `format`. */
function markerPlugin(marker: string, format: string): string {
  return `import { writeFileSync } from "node:fs";\nwriteFileSync(${JSON.stringify(marker)}, "ran");\n` + standalonePlugin(`jsson-plugin-${format}`, format);
}

/** A folder `name` with a config naming `./plugin.mjs` (format `format`), and `in.jsson`; returns the folder and its marker path. */
function configured(name: string, format: string): { dir: string; marker: string; config: string } {
  const dir = tree.dir(name);
  const marker = join(tree.root, `${name.replace(/\//g, "_")}.ran`);
  tree.write(`${name}/plugin.mjs`, markerPlugin(marker, format));
  const config = tree.write(`${name}/jsson.config.json`, JSON.stringify({ plugins: ["./plugin.mjs"] }));
  tree.write(`${name}/in.jsson`, "a = 1\n");
  return { dir, marker, config };
}

/** `jsson formats` in `cwd`: the "Config file:" line, and whether format `format` is listed. */
async function formatsIn(cwd: string, format: string, env: Record<string, string> = {}): Promise<{ config: string; listed: boolean; stderr: string }> {
  const r = await runCli(["formats"], { cwd, env });
  assert.is(r.code, 0, r.stderr);
  return { config: /^Config file: (.*)$/m.exec(r.stdout)?.[1] ?? "(no line)", listed: new RegExp(`^${format}\\s`, "m").test(r.stdout), stderr: r.stderr };
}

test("a trusted config is loaded by transpile and formats, and formats names it", async () => {
  const { dir, marker, config } = configured("trusted", "trustedfmt");
  const f = await formatsIn(dir, "trustedfmt");
  assert.equal([f.config, f.listed, f.stderr], [config, true, ""]);
  const r = await runCli(["in.jsson", "-f", "trustedfmt"], { cwd: dir });
  assert.is(r.code, 0, r.stderr);
  assert.is(r.stdout, "a\n");
  assert.ok(existsSync(marker));
});

test("validate, version, help and --help never read the config (its plugin's code never runs)", async () => {
  const { dir, marker } = configured("quiet", "quietfmt");
  const runs = await Promise.all([["validate", "in.jsson"], ["version"], ["--help"], ["help"], ["help", "transpile"], ["transpile", "--help"], ["formats", "--help"]].map((args) => runCli(args, { cwd: dir })));
  runs.forEach((r, i) => assert.is(r.code, 0, `${i}: ${r.stderr}`));
  assert.not.ok(existsSync(marker), "the config's plugin was imported");
  assert.match(runs[0]!.stderr, /^✓ Syntax OK: in\.jsson\n$/);
});

test("the search stops at the project's boundary: package.json, .git, the home folder", async () => {
  const above = configured("bounded", "abovefmt");
  for (const [marker, isDir] of [["package.json", false], [".git", true]] as const) {
    const project = join(above.dir, `proj-${marker}`, "sub");
    mkdirSync(project, { recursive: true });
    if (isDir) mkdirSync(join(above.dir, `proj-${marker}`, marker));
    else tree.write(`bounded/proj-${marker}/${marker}`, "{}");
    const f = await formatsIn(project, "abovefmt");
    assert.equal([f.config, f.listed], ["none", false], marker);
  }
  const home = join(above.dir, "home", "me");
  mkdirSync(join(home, "work"), { recursive: true });
  const f = await formatsIn(join(home, "work"), "abovefmt", { HOME: home });
  assert.equal([f.config, f.listed], ["none", false], "home");
  // without a boundary in between, the same config is found from below
  mkdirSync(join(above.dir, "plain", "sub"), { recursive: true });
  const found = await formatsIn(join(above.dir, "plain", "sub"), "abovefmt");
  assert.equal([found.config, found.listed], [above.config, true]);
});

test("a config in a folder others can write, or owned by another user, is not read (a warning says why)", async () => {
  const writable = configured("open", "openfmt");
  chmodSync(writable.dir, 0o777);
  const owned = configured("owned", "ownedfmt");
  chownSync(owned.config, NOBODY, NOBODY);
  const writableFile = configured("openfile", "openfilefmt");
  chmodSync(writableFile.config, 0o666);
  for (const [c, format, reason] of [
    [writable, "openfmt", /is writable by others \(mode 777\)/],
    [owned, "ownedfmt", /is owned by another user \(uid 65534\)/],
    [writableFile, "openfilefmt", /is writable by others \(mode 666\)/],
  ] as const) {
    const f = await formatsIn(c.dir, format);
    assert.equal([f.config, f.listed], ["none", false], format);
    assert.match(f.stderr, /^jsson: warning: jsson\.config\.json not read: /);
    assert.match(f.stderr, reason);
    const r = await runCli(["in.jsson", "-f", format], { cwd: c.dir });
    assert.is(r.code, 2);
    assert.match(r.stderr, new RegExp(`jsson: unknown format "${format}"`));
    assert.not.ok(existsSync(c.marker), `${format}: the plugin ran`);
  }
});

test("a trusted config naming a plugin another user owns, or in a folder others can write, is refused (exit 2), for jsson serve too", async () => {
  const dir = tree.dir("names");
  const marker = join(tree.root, "names.ran");
  tree.write("names/jsson.config.json", JSON.stringify({ plugins: ["./shared/plugin.mjs"] }));
  const plugin = tree.write("names/shared/plugin.mjs", markerPlugin(marker, "namesfmt"));
  chmodSync(join(dir, "shared"), 0o777);
  const r = await runCli(["formats"], { cwd: dir });
  assert.is(r.code, 2);
  assert.match(r.stderr, /^jsson: plugin "\.\/shared\/plugin\.mjs" from .*jsson\.config\.json: not loaded: .*shared is writable by others \(mode 777\)\n$/);
  const serve = await runCli(["serve", "-port", "0", "-host", "127.0.0.1", "-workers", "1", "-processes", "1"], { cwd: dir, timeoutMs: 20_000 });
  assert.is(serve.timedOut, false, "the server must not start");
  assert.is(serve.code, 2);
  assert.match(serve.stderr, /not loaded: .*shared is writable by others/);
  chmodSync(join(dir, "shared"), 0o755);
  chownSync(plugin, NOBODY, NOBODY);
  const owned = await runCli(["formats"], { cwd: dir });
  assert.is(owned.code, 2);
  assert.match(owned.stderr, /not loaded: .*plugin\.mjs is owned by another user \(uid 65534\)\n$/);
  assert.not.ok(existsSync(marker), "the plugin ran");
});

test("the server (jsson serve's plugin discovery) follows the same rules: a trusted config's format is served, an untrusted config and one above the boundary are not read", async () => {
  const trusted = configured("srv-trusted", "srvfmt");
  const open = configured("srv-open", "srvopenfmt");
  chmodSync(open.dir, 0o777);
  const above = configured("srv-above", "srvabovefmt");
  const project = join(above.dir, "proj");
  mkdirSync(project);
  tree.write("srv-above/proj/package.json", "{}");
  const formatsOf = async (cwd: string): Promise<string[]> => {
    const server = await startServer({ pluginDiscovery: { cwd, env: {} } });
    try {
      const reply = await send(server.base, "/formats");
      assert.is(reply.status, 200);
      return (JSON.parse(reply.text) as { formats: { name: string }[] }).formats.map((f) => f.name);
    } finally {
      await server.close();
    }
  };
  assert.ok((await formatsIn(trusted.dir, "srvfmt")).listed);
  assert.ok((await formatsOf(trusted.dir)).includes("srvfmt"));
  assert.not.ok((await formatsOf(open.dir)).includes("srvopenfmt"));
  assert.not.ok((await formatsOf(project)).includes("srvabovefmt"));
  assert.not.ok(existsSync(open.marker) || existsSync(above.marker), "an unread config's plugin ran");
});

test("jsson serve's banner names the config file it read, or the one it ignored and why", () => {
  const trusted = configured("banner-trusted", "bannerfmt");
  const open = configured("banner-open", "banneropenfmt");
  chmodSync(open.dir, 0o777);
  const lineFor = (cwd: string | undefined): string => {
    const options = resolveServerOptions(cwd === undefined ? {} : { pluginDiscovery: { cwd, env: {} } });
    return bannerLines({ address: "127.0.0.1", family: "IPv4", port: 1 }, options, SERVICE_ROUTES, 1).at(-1) ?? "";
  };
  assert.is(lineFor(trusted.dir), `config file: ${trusted.config}`);
  assert.match(lineFor(open.dir), /^config file: none read \(.*banner-open\/jsson\.config\.json ignored: .*writable by others/);
  assert.is(lineFor(undefined), "config file: not read");
});

test.after(() => rmSync(tree.root, { recursive: true, force: true }));

test.run();
