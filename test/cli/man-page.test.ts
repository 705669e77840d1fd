/**
 * The man page (man/jsson.1, written by scripts/build-man.mjs from the
 * command classes at build time) renders with Debian's man-db without a
 * warning, and names every command and every flag the CLI accepts, so it
 * cannot fall behind the command tables. package.json ships it and lists
 * it in `man` (a global install links it; test/deploy/global-install.e2e.test.ts).
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { REPO_ROOT } from "../support/repo-root.js";

const run = promisify(execFile);
const PAGE = join(REPO_ROOT, "man", "jsson.1");

interface CommandClass {
  readonly hidden?: boolean;
  readonly summary?: string;
  readonly flags?: Readonly<Record<string, { readonly hidden?: boolean; readonly char?: string }>>;
}

async function commands(): Promise<[string, CommandClass][]> {
  const dir = join(REPO_ROOT, "dist", "cli", "commands");
  const names = readdirSync(dir).filter((f) => f.endsWith(".js")).map((f) => f.slice(0, -3));
  const loaded = await Promise.all(names.map(async (n) => [n, (await import(pathToFileURL(join(dir, `${n}.js`)).href) as { default: CommandClass }).default] as [string, CommandClass]));
  return loaded.filter(([, c]) => !c.hidden);
}

/** `man -l` of the page as plain text, and what man and groff said on stderr with warnings on. */
async function render(): Promise<{ text: string; warnings: string }> {
  // MANWIDTH: a fixed width; no pager, no terminal: man writes plain text (no overstrikes once piped through col)
  const env = { ...process.env, MANWIDTH: "120", MANPAGER: "cat", PAGER: "cat", MAN_KEEP_FORMATTING: "" };
  const { stdout, stderr } = await run("man", ["--warnings", "-l", PAGE], { env, maxBuffer: 16 << 20 });
  return { text: stdout.replace(/.\x08/g, "").replace(/\u2010/g, "-"), warnings: stderr };
}

test("man -l renders the page without warnings", async () => {
  const { text, warnings } = await render();
  assert.is(warnings, "", "man/groff warnings");
  assert.match(text, /^JSSON\(1\)/m);
  assert.match(text, /^NAME\n\s+jsson - /m);
  const version = (JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { version: string }).version;
  assert.ok(text.includes(`jsson ${version}`), "the package version in the footer");
});

test("the page names every command and every flag of the command tables", async () => {
  const { text } = await render();
  const flat = text.replace(/\s+/g, " ");
  const missing: string[] = [];
  for (const [name, command] of await commands()) {
    if (!flat.includes(`jsson ${name}`)) missing.push(`command ${name}`);
    if (command.summary !== undefined && !flat.includes(command.summary.replace(/\s+/g, " "))) missing.push(`summary of ${name}`);
    for (const [flag, def] of Object.entries(command.flags ?? {})) if (!def.hidden && !flat.includes(`--${flag}`)) missing.push(`${name} --${flag}`);
  }
  assert.equal(missing, [], "not on the man page");
});

test("package.json ships the page and lists it for man", () => {
  const pkg = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { files?: string[]; man?: string[] };
  assert.ok(pkg.files?.includes("man"), "files lists man");
  assert.equal(pkg.man, ["./man/jsson.1"]);
});

test.run();
