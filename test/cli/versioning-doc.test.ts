/**
 * docs/versioning.md's table of the three numbers is today's, and
 * CHANGELOG.md keeps its form (Keep a Changelog: an Unreleased section on
 * top, then the released versions, the package's own among them).
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { LANGUAGE_VERSION } from "../../index.js";
import { API_VERSION } from "../../core/plugin/index.js";
import { REPO_ROOT } from "../support/repo-root.js";

const read = (name: string): string => readFileSync(join(REPO_ROOT, name), "utf8");
const version = (JSON.parse(read("package.json")) as { version: string }).version;

test("the versioning page states today's package, language and plugin API versions", () => {
  const page = read("docs/versioning.md");
  const today = (row: string): string | undefined => new RegExp(`^\\| ${row} \\|[^\\n]*\\| ([^|\\s]+) \\|$`, "m").exec(page)?.[1];
  assert.is(today("package version"), version);
  assert.is(today("language version"), LANGUAGE_VERSION);
  assert.is(today("plugin API version"), String(API_VERSION));
});

test("the changelog has an Unreleased section first and the package's version", () => {
  const log = read("CHANGELOG.md");
  const sections = [...log.matchAll(/^## \[([^\]]+)\]/gm)].map((m) => m[1]);
  assert.is(sections[0], "Unreleased");
  assert.ok(sections.includes(version), `a section for ${version}`);
  assert.match(log, /Keep a Changelog/);
});

test.run();
