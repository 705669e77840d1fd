/** The rooms of cli/ import one way (issue 17 item 1; the rules: test/cli/cli-rooms.ts). */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { cliImports, roomViolations, type ImportEdge } from "./cli-rooms.js";
import { REPO_ROOT } from "../support/repo-root.js";

const edges = cliImports(REPO_ROOT);

test("the rooms of cli/ keep their walls", () => {
  assert.equal(roomViolations(edges), []);
});

test("the reading sees value, type-only, re-exported, dynamic and browser imports", () => {
  const has = (from: string, to: string) => edges.some((e) => e.from === from && e.to === to);
  assert.ok(has("cli/serve/app.ts", "cli/playground/serve-playground.ts"), "import … from");
  assert.ok(has("cli/serve/http/server-state.ts", "cli/serve/run/pool/worker-pool.ts"), "import type");
  assert.ok(has("cli/playground/raw-json.ts", "cli/wire/raw-member.ts"), "export … from");
  assert.ok(has("cli/commands/serve.ts", "cli/argv/units.ts"), "import()");
  assert.ok(has("cli/playground/web/api-client.ts", "cli/wire/wire-diagnostic.ts"), "the page's browser code");
  assert.ok(edges.length > 300, `${edges.length} imports read`);
});

const edge = (from: string, to: string): ImportEdge => ({ from, to });

test("each rule catches what it forbids", () => {
  const cases: [ImportEdge, RegExp][] = [
    [edge("cli/argv/limit-values.ts", "cli/serve/units.ts"), /^argv imports no other room/],
    [edge("cli/wire/raw-member.ts", "core/index.ts"), /^wire imports nothing/],
    [edge("cli/transpile/x.ts", "cli/commands/serve.ts"), /^nothing imports commands/],
    [edge("cli/serve/x.ts", "cli/main.ts"), /^nothing imports main\.ts/],
    [edge("cli/serve/x.ts", "cli/transpile/transpile-run.ts"), /^serve imports no transpile/],
    [edge("cli/serve/x.ts", "cli/terminal/diagnostic-report.ts"), /^serve takes from terminal only its safe text/],
    [edge("cli/playground/serve-playground.ts", "cli/serve/http/routes/errors.ts"), /^playground imports nothing of serve/],
    [edge("cli/serve/jobs/x.ts", "core/eval/evaluator.ts"), /^serve takes from core only its public entries/],
    [edge("cli/playground/x.ts", "core/syntax/parser.ts"), /^playground takes from core only its public entries/],
    [edge("cli/transpile/external-vars.ts", "core/data/data-document.ts"), /^transpile takes nothing from core\/data/],
    [edge("cli/serve/jobs/job-vars.ts", "core/data/data-budget.ts"), /^serve takes nothing from core\/data/],
  ];
  for (const [e, rule] of cases) {
    const found = roomViolations([e]);
    assert.is(found.length, 1, `${e.from} → ${e.to}: ${found.join("; ")}`);
    assert.match(found[0] as string, rule);
  }
  for (const allowed of [edge("cli/serve/banner.ts", "cli/terminal/terminal-text.ts"), edge("cli/serve/x.ts", "core/host/memory-host.ts"), edge("cli/serve/app.ts", "core/plugin/index.ts"), edge("cli/commands/serve.ts", "cli/serve/run-server.ts")])
    assert.equal(roomViolations([allowed]), [], `${allowed.from} → ${allowed.to}`);
});

test("a cycle between rooms is named with the imports that close it", () => {
  const found = roomViolations([edge("cli/io/fd-writer.ts", "cli/terminal/terminal-text.ts"), edge("cli/terminal/format-table.ts", "cli/plugin-loader/cli-engine.ts"), edge("cli/plugin-loader/cli-engine.ts", "cli/io/fd-writer.ts")]);
  assert.equal(found, ["rooms in a cycle: cli/io/fd-writer.ts → cli/terminal/terminal-text.ts, cli/terminal/format-table.ts → cli/plugin-loader/cli-engine.ts, cli/plugin-loader/cli-engine.ts → cli/io/fd-writer.ts"]);
  assert.equal(roomViolations([edge("cli/a/x.ts", "cli/b/y.ts"), edge("cli/b/y.ts", "cli/c/z.ts")]), []);
});

test.run();
