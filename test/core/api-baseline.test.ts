/**
 * The public API is pinned: each package entry's emitted .d.ts, as
 * scripts/api-baseline.mjs prints it (every exported name with its
 * declaration), equals the checked-in api/<entry>.api.md. A change to the
 * surface — a name added or dropped, a signature changed, an internal member
 * leaking out — fails here until `npm run api:update` records it on purpose.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { REPO_ROOT } from "../support/repo-root.js";

interface ApiEntry {
  readonly specifier: string;
  readonly dts: string;
  readonly baseline: string;
}
interface Comparison {
  readonly entry: ApiEntry;
  readonly expected: string | undefined;
  readonly actual: string;
}
interface BaselineScript {
  compareApi(root?: string): Comparison[];
  changedNames(expected: string | undefined, actual: string): string[];
}

const script = (await import(pathToFileURL(join(REPO_ROOT, "scripts", "api-baseline.mjs")).href)) as BaselineScript;
const comparisons = script.compareApi(REPO_ROOT);

test("every package entry with types has a baseline: jsson and jsson/plugin at least", () => {
  const specifiers = comparisons.map((c) => c.entry.specifier);
  for (const must of ["jsson", "jsson/plugin"]) assert.ok(specifiers.includes(must), must);
  for (const c of comparisons) assert.ok(c.expected !== undefined, `${c.entry.baseline} is missing: run \`npm run api:update\``);
});

test("the emitted API of each entry equals its checked-in baseline", () => {
  for (const c of comparisons) {
    const changed = script.changedNames(c.expected, c.actual);
    assert.ok(c.expected === c.actual, `${c.entry.specifier}: the public API changed (${changed.join(", ") || "layout"}); if that is meant, run \`npm run api:update\` and commit api/`);
  }
});

test("the comparison sees a change: a name added, dropped or redeclared is reported by name", () => {
  const base = "# x\n\n## A\n\n```ts\ndeclare const A = 1;\n```\n\n## B\n\n```ts\nfunction B(): void;\n```\n";
  assert.equal(script.changedNames(base, base), []);
  assert.equal(script.changedNames(base, base.replace("A = 1", "A = 2")), ["~ A"]);
  assert.equal(script.changedNames(base, base + "## C\n\n```ts\ntype C = string;\n```\n"), ["+ C"]);
  assert.equal(script.changedNames(base, base.slice(0, base.indexOf("## B"))), ["- B"]);
});

/** Where each entry's names are documented for its readers: a reference section of the user docs. */
const REFERENCES: Readonly<Record<string, { readonly doc: string; readonly section: string }>> = {
  jsson: { doc: "library.md", section: "## API reference" },
  "jsson/plugin": { doc: "plugins.md", section: "## API reference" },
  "jsson/plugin/testing": { doc: "plugins.md", section: "## API reference" },
};

test("every exported name is in its entry's API reference in docs/ (an embedder and a plugin author read there what each is for)", () => {
  for (const c of comparisons) {
    const ref = REFERENCES[c.entry.specifier];
    assert.ok(ref !== undefined, `${c.entry.specifier}: which doc lists its names?`);
    const text = readFileSync(join(REPO_ROOT, "docs", ref.doc), "utf8");
    const from = text.indexOf(`\n${ref.section}\n`);
    assert.ok(from >= 0, `docs/${ref.doc} has no "${ref.section}"`);
    const next = text.indexOf("\n## ", from + ref.section.length + 2);
    const section = text.slice(from, next < 0 ? undefined : next);
    const names = [...c.actual.matchAll(/^## (\S+)/gm)].map((m) => m[1] as string);
    assert.ok(names.length > 0, c.entry.specifier);
    const missing = names.filter((n) => !section.includes(`\`${n}\``));
    assert.equal(missing, [], `${c.entry.specifier}: not in docs/${ref.doc} ${ref.section}`);
  }
});

test("nothing internal leaks into the baselines", () => {
  const all = comparisons.map((c) => c.actual).join("\n");
  for (const internal of ["ValueTrace", "ValueLocator", "locateFailures", "walkPath", "selectValue", "resolveLimits", "closestName", "diagnosticAt", "RunCounter", "EngineHooks", "stagesTapped", "useParseCache", "useRunCounter", "IntRange", "StringRange", "BigIntRange", "normalizeInt", "TEXT_CHUNK", "private", "trace?:", "get hooks()"]) {
    assert.not.ok(all.includes(internal), internal);
  }
});

test.run();
