/**
 * The diagnostic baseline (test/diagnostics/baseline-cases.ts): every
 * catalogue code has a case, every case reports its own code first, and
 * what it reports — code, place (line, column, end) of the error and of each
 * cause, message, the rendered report — is exactly the committed
 * `<CODE>.errors.txt`. `JSSON_BASELINE_ACCEPT=1` rewrites the baselines
 * instead of comparing (review the diff before committing it).
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { CODES } from "../../core/index.js";
import { pool } from "../support/pool.js";
import { startServer, type TestServer } from "../http/helpers.js";
import { baselinePath, readCases, runWithCli, runWithEngine, runWithHttp, type BaselineCase, type CaseOutcome } from "./baseline-cases.js";

const ACCEPT = process.env["JSSON_BASELINE_ACCEPT"] === "1";
const cases = readCases();

let server: TestServer | undefined;
const needsServer = cases.some((c) => c.directives.get("via") === "http");
test.before(async () => {
  if (needsServer) server = await startServer();
});
test.after(async () => {
  await server?.close();
});

// CLI cases spawn the binary (twice each): started up front, two at a time.
const cliCases = cases.filter((c) => c.directives.get("via") === "cli");
const cliRuns = pool(
  cliCases.map((c) => () => runWithCli(c)),
  2,
);

function outcomeOf(c: BaselineCase): Promise<CaseOutcome> | CaseOutcome {
  const via = c.directives.get("via") ?? "engine";
  if (via === "cli") return cliRuns[cliCases.indexOf(c)] as Promise<CaseOutcome>;
  if (via === "http") return runWithHttp(c, (server as TestServer).base);
  if (via === "engine") return runWithEngine(c);
  throw new Error(`${c.file}: unknown @via ${via}`);
}

test("every catalogue code has a baseline case, and every case is a catalogue code", () => {
  const codes = new Set<string>(Object.values(CODES));
  const missing = [...codes].filter((code) => !cases.some((c) => c.code === code));
  assert.equal(missing, [], `codes without a case in test/diagnostics/baseline/: ${missing.join(", ")}`);
  const unknown = cases.filter((c) => !codes.has(c.code)).map((c) => c.file);
  assert.equal(unknown, [], "cases named after no catalogue code");
});

for (const c of cases) {
  test(`baseline ${c.code} (${c.directives.get("via") ?? "engine"})`, async () => {
    const outcome = await outcomeOf(c);
    const file = baselinePath(c);
    if (ACCEPT) writeFileSync(file, outcome.text);
    // its own code: the error's, or (data include errors and cycles are reported as I4, LANGUAGE.md §13.3) a cause's
    const codes = outcome.places.map((p) => p.code);
    assert.ok(codes[0] === c.code || (codes[0] === CODES.I4_ERROR_IN_INCLUDE && codes.includes(c.code)), `the case reports ${c.code}:\n${outcome.text}`);
    assert.ok(existsSync(file), `no baseline ${file} (run with JSSON_BASELINE_ACCEPT=1, then review it)`);
    assert.fixture(outcome.text, readFileSync(file, "utf8"));
  });
}

test.run();
