// Strict mode (LANGUAGE.md §16.5) when the warning lies in a lazy part: a map over a range above the
// stream threshold is evaluated while it is written, so its warning is found only then. A run that
// writes without the verify pass (the CLI's spool, the server's body) still fails with it, from the
// engine itself: nothing reaches stdout or -o, exit 1, and `jsson check` fails the file the same way.
// A syntax check (`jsson validate`) takes no run options: the CLI makes its first warning the error.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { createEngine } from "../../index.js";
import { runCli } from "../support/spawn-cli.js";
import { fixtureDir } from "./fixtures.js";

const SOURCE = "names = 1..20000 map (item) = item == 3 ? itme : 1\n";
const FIRST_LINE = "Line 1: 'itme' is not defined";

test("the engine: a warning found while writing fails a strict run written without the verify pass", () => {
  const engine = createEngine();
  const lenient = engine.evaluate(SOURCE, { verifyBeforeWrite: false });
  assert.ok(lenient.ok);
  assert.is(lenient.warnings.length, 0, "not evaluated yet: the map is lazy");
  assert.ok(lenient.write({ write: () => {} }).ok);
  assert.is(lenient.warnings[0]?.code, "JSSON8001");

  const strict = engine.evaluate(SOURCE, { strict: true, verifyBeforeWrite: false });
  assert.ok(strict.ok, "nothing to fail on before writing");
  const r = strict.write({ write: () => {} });
  assert.ok(!r.ok);
  assert.equal(
    r.diagnostics.map((d) => [d.code, d.severity, d.line]),
    [["JSSON8001", "error", 1]],
  );
});

test("the CLI: --strict fails on a lazy part's warning, to stdout, to -o, and in `jsson check`", async () => {
  const dir = fixtureDir({ "lazy.jsson": SOURCE });
  const input = join(dir, "lazy.jsson");
  const out = join(dir, "out.json");
  const [lenient, toStdout, toFile, checked] = await Promise.all([
    runCli([input]),
    runCli(["--strict", input]),
    runCli(["--strict", input, "-o", out]),
    runCli(["check", "--strict", input]),
  ]);
  assert.is(lenient.code, 0, lenient.stderr);
  assert.ok(lenient.stderr.startsWith(`warning: ${FIRST_LINE}`), lenient.stderr);
  assert.is(toStdout.code, 1, toStdout.stderr);
  assert.is(toStdout.stdout, "");
  assert.ok(toStdout.stderr.startsWith(FIRST_LINE), toStdout.stderr);
  assert.is(toFile.code, 1, toFile.stderr);
  assert.is(existsSync(out), false);
  assert.is(checked.code, 1, checked.stderr);
  assert.ok(checked.stderr.includes(FIRST_LINE), checked.stderr);
});

test("`jsson validate --strict` (a syntax check: no run options) and `check --strict --schema` fail a file on its first warning", async () => {
  const dir = fixtureDir({ "again.jsson": "port = 80\nport = 8080\n", "schema.json": "{}" });
  const input = join(dir, "again.jsson");
  const [lenient, strict, schema] = await Promise.all([
    runCli(["validate", input]),
    runCli(["validate", "--strict", input]),
    runCli(["check", "--strict", "--schema", join(dir, "schema.json"), input]),
  ]);
  assert.is(lenient.code, 0, lenient.stderr);
  assert.ok(lenient.stderr.includes("warning: Line 2: key \"port\" is set again"), lenient.stderr);
  for (const r of [strict, schema]) {
    assert.is(r.code, 1, r.stderr);
    assert.match(r.stderr, /(^|\n)Line 2: key "port" is set again/);
    assert.not.ok(r.stderr.includes("warning:"), r.stderr);
  }
});

test.run();
