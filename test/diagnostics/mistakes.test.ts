/**
 * The mistakes corpus (test/diagnostics/mistake-cases.ts): every wrong
 * program gives its committed diagnostic — code, place, related places,
 * message, report — through the engine, the spawned CLI (every mistake in
 * a many-file run, one of each family alone too) and a real server;
 * `JSSON_BASELINE_ACCEPT=1` rewrites the baselines from the engine (review
 * the diff). Then the command line's own mistakes: a mistyped flag, command
 * or `--select` key, each answered with the near name.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { closestName } from "../../core/diagnostics/closest-name.js";
import { pool } from "../support/pool.js";
import { runCli } from "../support/spawn-cli.js";
import { fixtureDir } from "../cli/fixtures.js";
import { startServer, type TestServer } from "../http/helpers.js";
import { baselineText, mistakeBaseline, mistakesWithManyFileCli, mistakeWithCli, mistakeWithEngine, mistakeWithHttp, readMistakes, summaryPart, type Mistake, type MistakeOutcome } from "./mistake-cases.js";

const ACCEPT = process.env["JSSON_BASELINE_ACCEPT"] === "1";
const mistakes = readMistakes();

let server: TestServer | undefined;
test.before(async () => {
  server = await startServer();
});
test.after(async () => {
  await server?.close();
});

// Every mistake through the CLI in two many-file runs (JSON and human report): each file takes the per-file
// path of a one-file run there. The one-file run itself (its own entry, exit status and stderr) is spawned
// for the first mistake of each family (the name's first word: comment, key, name, op, quote, …), both forms.
const manyFileRuns = mistakesWithManyFileCli(mistakes);
const family = (m: Mistake): string => m.name.split("-")[0] as string;
const oneFileCases = mistakes.filter((m, i) => i === 0 || family(mistakes[i - 1] as Mistake) !== family(m));
const oneFileRuns = new Map(
  pool(
    oneFileCases.map((m) => () => mistakeWithCli(m)),
    2,
  ).map((run, i) => [(oneFileCases[i] as Mistake).name, run]),
);

test("the corpus holds at least 30 mistakes, each with a baseline", () => {
  assert.ok(mistakes.length >= 30, `${mistakes.length} mistakes`);
  if (!ACCEPT) for (const m of mistakes) assert.ok(existsSync(mistakeBaseline(m)), `no baseline for ${m.file} (run with JSSON_BASELINE_ACCEPT=1, then review it)`);
});

mistakes.forEach((m) => {
  test(`mistake ${m.name}: engine, CLI and HTTP report the baseline`, async () => {
    const engine = mistakeWithEngine(m);
    const file = mistakeBaseline(m);
    if (ACCEPT) writeFileSync(file, baselineText(engine));
    const expected = readFileSync(file, "utf8");
    assert.ok(!engine.summary.startsWith("("), `${m.file} must fail:\n${engine.summary}`);
    assert.fixture(baselineText(engine), expected, "engine");
    assert.fixture(baselineText((await manyFileRuns).get(m.name) as MistakeOutcome), expected, "CLI (many-file run)");
    const oneFile = oneFileRuns.get(m.name);
    if (oneFile !== undefined) assert.fixture(baselineText(await oneFile), expected, "CLI (one-file run)");
    assert.fixture((await mistakeWithHttp(m, (server as TestServer).base)).summary, summaryPart(expected), "HTTP");
  });
});

const dir = fixtureDir({ "k8s.jsson": "manifests = [1]\nmeta { name = \"api\" }\n" });

test("CLI: a mistyped flag names the flag meant, with or without oclif, Go-style too; a flag near nothing is oclif's error", async () => {
  const runs = await Promise.all([
    runCli(["--fromat", "yaml", "k8s.jsson"], { cwd: dir }),
    runCli(["-fromat=yaml", "k8s.jsson"], { cwd: dir }),
    runCli(["check", "--fromat", "yaml", "k8s.jsson"], { cwd: dir }),
    runCli(["--bogus", "k8s.jsson"], { cwd: dir }),
  ]);
  const [long, goStyle, check, far] = runs;
  assert.is(long?.code, 2);
  assert.is(long?.stderr, "jsson: Nonexistent flag: --fromat (did you mean --format?) (see: jsson transpile --help)\n");
  assert.is(goStyle?.stderr, "jsson: Nonexistent flag: -fromat (did you mean --format?) (see: jsson transpile --help)\n");
  assert.is(check?.stderr, "jsson: Nonexistent flag: --fromat (did you mean --format?) (see: jsson check --help)\n");
  assert.is(far?.code, 2);
  assert.match(far?.stderr ?? "", /^jsson: Nonexistent flag: --bogus \(see: jsson transpile --help\)\n$/);
});

test("CLI: --select with a key the document lacks is placed at the flag and names the near key; deeper misses stay at their statement", async () => {
  const [top, json, deep, nothingNear] = await Promise.all([
    runCli(["--select", "manifest", "k8s.jsson"], { cwd: dir }),
    runCli(["--select", "manifest", "--error-format", "json", "k8s.jsson"], { cwd: dir }),
    runCli(["--select", "meta.nmae", "k8s.jsson"], { cwd: dir }),
    runCli(["--select", "zzz", "k8s.jsson"], { cwd: dir }),
  ]);
  assert.is(top?.code, 1);
  assert.is(top?.stdout, "");
  assert.is(top?.stderr, 'jsson: --select: cannot select manifest: the document has no key "manifest"; did you mean "manifests"?\n');
  assert.is(json?.stderr, top?.stderr); // not a place in the source: one line whatever the format
  assert.is(deep?.code, 1);
  assert.match(deep?.stderr ?? "", /^Line 2: cannot select meta\.nmae: meta has no key "nmae"; did you mean "name"\?\n  --> k8s\.jsson:2:1\n/);
  assert.is(nothingNear?.stderr, 'jsson: --select: cannot select zzz: the document has no key "zzz"\n');
});

test("CLI: a mistyped command names the near one, and none when no command is near", async () => {
  const [near, far] = await Promise.all([runCli(["valdate", "k8s.jsson"], { cwd: dir }), runCli(["qqqq"], { cwd: dir })]);
  assert.is(near?.code, 2);
  assert.is(near?.stderr, 'jsson: unknown command "valdate" (did you mean "validate"?) (see: jsson --help)\n');
  assert.is(far?.stderr, 'jsson: unknown command "qqqq" (see: jsson --help)\n');
});

test("closestName: Damerau–Levenshtein within 1 (words of 4 characters or fewer) or 2, the first of equals, bounded", () => {
  assert.is(closestName("prot", ["host", "port"]), "port"); // a swap is one edit; host is 2 away
  assert.is(closestName("fromat", ["input", "format"]), "format");
  assert.is(closestName("limit", ["limits", "limbs"]), "limits");
  assert.is(closestName("manifest", ["manifests"]), "manifests");
  assert.is(closestName("replcias", ["replicas"]), "replicas");
  assert.is(closestName("abc", ["xyz"]), undefined);
  assert.is(closestName("cat", ["cart", "cast"]), "cart"); // equally near: the first
  assert.is(closestName("port", ["port"]), undefined); // the word itself is no suggestion
  assert.is(closestName("", ["a"]), undefined);
  assert.is(closestName("x".repeat(100_000), ["x".repeat(100_000)]), undefined); // never compared in full
  const far = Array.from({ length: 1000 }, (_, i) => `other${i}`);
  assert.is(closestName("targte", [...far.slice(1), "target"]), "target");
  assert.is(closestName("targte", [...far, "target"]), undefined); // past the first 1000 candidates nothing is compared
  // a tighter bound (a literal keyword must be one edit away): the nearer of the two, or none
  assert.is(closestName("Sales", ["false"], 1), undefined);
  assert.is(closestName("flase", ["null", "false"], 1), "false");
  assert.is(closestName("nul", ["true", "null"], 1), "null");
});

test.run();
