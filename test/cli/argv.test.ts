/**
 * Unit tests of the command-line front: Go-style flag normalisation,
 * routing to the default command, the fast parser (checked against oclif's
 * own parser on the same argv), and the limit value parsers.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Args, Parser } from "@oclif/core";
import { normalizeArgv } from "../../cli/argv/normalize-argv.js";
import { routeArgv, type RouteOptions } from "../../cli/argv/route-argv.js";
import { fastParse } from "../../cli/argv/fast-parse.js";
import { flagSpecsOf, type FlagSpec } from "../../cli/argv/flag-spec.js";
import { oclifFlags } from "../../cli/argv/oclif-flags.js";
import { parseByteSize, parseCount, parseDuration } from "../../cli/argv/limit-values.js";
import { TRANSPILE_FLAGS, TRANSPILE_MAX_ARGS } from "../../cli/transpile/transpile-flags.js";
import { CHECK_COMMAND, VALIDATE_COMMAND } from "../../cli/transpile/check-flags.js";
import { FMT_COMMAND } from "../../cli/source-tools/fmt-flags.js";
import type { CommandEntry } from "../../cli/argv/command-entry.js";
import Transpile from "../../cli/commands/transpile.js";
import Validate from "../../cli/commands/validate.js";
import Check from "../../cli/commands/check.js";
import Fmt from "../../cli/commands/fmt.js";

const SPECS: FlagSpec[] = [...TRANSPILE_FLAGS];
/** A serve-like command: booleans with --no- forms, as HTTP.md §1 asks. */
const SERVE_SPECS: FlagSpec[] = [
  { name: "port", kind: "option" },
  { name: "cors", kind: "boolean", allowNo: true, default: true },
  { name: "plugin", kind: "option", multiple: true },
];

function norm(argv: string[], specs: FlagSpec[] = SPECS): string[] {
  const r = normalizeArgv(argv, specs);
  if (!r.ok) throw new Error(r.message);
  return r.argv;
}

test("Go-style single-dash long flags become GNU flags with glued values", () => {
  assert.equal(norm(["-i", "a.jsson", "-f", "yaml"]), ["--input=a.jsson", "--format=yaml"]);
  assert.equal(norm(["-input", "a.jsson", "-format=toml"]), ["--input=a.jsson", "--format=toml"]);
  assert.equal(norm(["-include-merge", "overwrite", "-stream", "-stream-threshold", "5"]), ["--include-merge=overwrite", "--stream", "--stream-threshold=5"]);
  assert.equal(norm(["-schema", "s.json", "-validate-only"]), ["--schema=s.json", "--validate-only"]);
  assert.equal(norm(["--format", "ts", "--output=o.ts"]), ["--format=ts", "--output=o.ts"]);
  assert.equal(norm(["-f=yaml"]), ["--format=yaml"]);
});

test("values that look like flags stay values", () => {
  assert.equal(norm(["-i", "-"]), ["--input=-"]);
  assert.equal(norm(["-o", "--help"]), ["--output=--help"]);
  assert.equal(norm(["-stream-threshold", "-5"]), ["--stream-threshold=-5"]);
  assert.equal(norm(["-i", "a b.jsson"]), ["--input=a b.jsson"]);
  assert.equal(norm(["-i", "x=1.jsson"]), ["--input=x=1.jsson"]);
});

test("booleans: -flag, -flag=true/false (Go spellings), --no-flag", () => {
  assert.equal(norm(["-port", "3000", "-cors=false"], SERVE_SPECS), ["--port=3000", "--no-cors"]);
  assert.equal(norm(["-cors=true"], SERVE_SPECS), ["--cors"]);
  assert.equal(norm(["--cors=0", "-cors=T"], SERVE_SPECS), ["--no-cors", "--cors"]);
  assert.equal(norm(["--no-cors", "--port=3000"], SERVE_SPECS), ["--no-cors", "--port=3000"]);
  assert.equal(norm(["-no-cors"], SERVE_SPECS), ["--no-cors"]);
  // without a --no- form, false simply leaves the default
  assert.equal(norm(["-stream=false", "-stream=1"]), ["--stream"]);
  const bad = normalizeArgv(["-cors=maybe"], SERVE_SPECS);
  assert.not.ok(bad.ok);
  if (!bad.ok) assert.match(bad.message, /invalid boolean value "maybe" for flag -cors/);
});

test("repeatable flags, positionals, help and --", () => {
  assert.equal(norm(["-plugin", "a", "-plugin=b"], SERVE_SPECS), ["--plugin=a", "--plugin=b"]);
  assert.equal(norm(["a.jsson", "-f", "yaml"]), ["a.jsson", "--format=yaml"]);
  assert.equal(norm(["-h"]), ["--help"]);
  assert.equal(norm(["-help"]), ["--help"]);
  assert.equal(norm(["--", "-f", "x"]), ["--", "-f", "x"]);
  assert.equal(norm(["-5"]), ["-5"]);
});

test("unknown flags are left for oclif to report (single-dash long ones as --name)", () => {
  assert.equal(norm(["-bogus"]), ["--bogus"]);
  assert.equal(norm(["--bogus=1"]), ["--bogus=1"]);
  assert.equal(norm(["-x"]), ["-x"]);
  assert.equal(norm(["-fyaml"]), ["-fyaml"]); // oclif reads a glued short value itself
});

const ROUTES: RouteOptions = {
  commands: new Set(["transpile", "validate", "version", "help", "serve", "formats"]),
  defaultCommand: "transpile",
  versionCommand: "version",
  stdinIsTerminal: false,
};

test("routing: no subcommand means transpile", () => {
  assert.equal(routeArgv(["-i", "a.jsson", "-f", "yaml"], ROUTES), { id: "transpile", rest: ["-i", "a.jsson", "-f", "yaml"] });
  assert.equal(routeArgv(["a.jsson"], ROUTES), { id: "transpile", rest: ["a.jsson"] });
  assert.equal(routeArgv([], ROUTES), { id: "transpile", rest: [] });
  assert.equal(routeArgv([], { ...ROUTES, stdinIsTerminal: true }), { id: undefined, rest: ["--help"] });
  assert.equal(routeArgv(["serve", "-port", "1"], ROUTES), { id: "serve", rest: ["-port", "1"] });
  assert.equal(routeArgv(["help", "transpile"], ROUTES), { id: "help", rest: ["transpile"] });
  for (const h of ["-h", "-help", "--help"]) assert.equal(routeArgv([h], ROUTES), { id: undefined, rest: ["--help"] });
  for (const v of ["-v", "-version", "--version"]) assert.equal(routeArgv([v], ROUTES), { id: "version", rest: [] });
  assert.equal(routeArgv(["-i", "x", "--help"], ROUTES), { id: "transpile", rest: ["-i", "x", "--help"] });
});

test("flag specs derived from the oclif command equal the table they were built from", () => {
  const derived = flagSpecsOf(Transpile.flags as Parameters<typeof flagSpecsOf>[0]);
  const fromTable = TRANSPILE_FLAGS.map(({ description: _d, helpValue: _h, ...spec }) => spec);
  assert.equal(
    derived.map((s) => ({ ...s })).sort((a, b) => a.name.localeCompare(b.name)),
    fromTable.map((s) => ({ ...s })).sort((a, b) => a.name.localeCompare(b.name)),
  );
});

const FAST_CASES: string[][] = [
  [],
  ["-i", "a.jsson", "-f", "yaml"],
  ["a.jsson"],
  ["-"],
  ["-i", "-", "-format", "toml", "-stream", "-stream-threshold", "5"],
  ["-include-merge", "overwrite", "-o", "out.json", "x.jsson"],
  ["-schema", "s.json", "-validate-only", "-max-depth", "10", "-timeout=10s", "-max-output", "1MiB", "-max-items", "7"],
  ["-include-merge", "bogus"],
  ["-f", "yaml", "-f", "toml"],
  ["a.jsson", "b.jsson"],
  ["-bogus"],
  ["-fyaml"],
  ["-i"],
  ["--", "a.jsson"],
  ["-stream=false", "a.jsson"],
  ["-plugin", "./a.mjs", "--plugin=b", "-f", "keys", "x.jsson"],
  // a repeatable flag takes one value per use: the file after it is the input (oclif: multipleNonGreedy)
  ["-var", "a=1", "x.jsson"],
];

test("the fast parser agrees with oclif's parser wherever it answers", async () => {
  const flags = oclifFlags(TRANSPILE_FLAGS);
  const args = { file: Args.string({ required: false, ignoreStdin: true }) };
  let answered = 0;
  for (const raw of FAST_CASES) {
    const argv = norm(raw);
    const fast = fastParse(argv, SPECS, TRANSPILE_MAX_ARGS);
    if (!fast) continue;
    answered++;
    const oclif = await Parser.parse(argv, { flags, args, strict: true });
    const oclifFlagsSet = Object.fromEntries(Object.entries(oclif.flags).filter(([, v]) => v !== undefined));
    assert.equal({ ...fast.flags }, oclifFlagsSet, `flags of ${raw.join(" ")}`);
    assert.equal([...fast.args], oclif.argv, `args of ${raw.join(" ")}`);
  }
  assert.ok(answered >= 7, `the fast parser answered only ${answered} cases`);
});

test("the fast parser leaves unusual command lines to oclif", () => {
  for (const raw of [["-include-merge", "bogus"], ["-f", "yaml", "-f", "toml"], ["a", "b"], ["-bogus"], ["-fyaml"], ["-i"], ["--", "a"], ["--help"]])
    assert.is(fastParse(norm(raw), SPECS, TRANSPILE_MAX_ARGS), undefined, raw.join(" "));
});

/** The other commands of the fast path, with their oclif classes, and command lines to parse both ways. */
const OFFLINE: readonly { readonly entry: CommandEntry; readonly oclif: { readonly flags?: unknown; readonly strict?: boolean }; readonly cases: readonly string[][] }[] = [
  {
    entry: VALIDATE_COMMAND,
    oclif: Validate,
    cases: [
      ["a.jsson"],
      [],
      ["-"],
      ["a.jsson", "b.jsson", "conf/**/*.jsson"],
      ["-deep", "-schema", "s.json", "-f", "yaml", "a.jsson"],
      ["-i", "a.jsson", "-include-merge", "overwrite", "--error-format", "json"],
      ["--plugin", "./p.mjs", "-plugin=q", "a.jsson"],
      ["-deep=false", "a.jsson"],
      ["--no-deep", "a.jsson"],
      ["-deep", "-deep", "a.jsson"],
      ["-error-format", "xml", "a.jsson"],
      ["--", "-a.jsson"],
      ["-bogus", "a.jsson"],
    ],
  },
  {
    entry: CHECK_COMMAND,
    oclif: Check,
    cases: [["a.jsson"], ["a.jsson", "b.jsson"], ["-schema", "s.json", "-f", "toml", "a.jsson"], ["-deep", "a.jsson"], ["-include-merge", "nope", "a.jsson"]],
  },
  {
    entry: FMT_COMMAND,
    oclif: Fmt,
    cases: [["a.jsson"], [], ["-"], ["-c", "a.jsson", "b.jsson"], ["--check", "--diff", "a.jsson"], ["-w", "a.jsson"], ["-d", "-c", "-w", "-error-format=github", "a.jsson"], ["-c", "-c", "a.jsson"], ["-x", "a.jsson"], ["--help"]],
  },
];

test("validate, check and fmt: the flag tables are their oclif classes' flags, and the fast parser agrees with oclif's parser wherever it answers", async () => {
  let answered = 0;
  for (const { entry, oclif, cases } of OFFLINE) {
    const specs: FlagSpec[] = entry.flags.map(({ description: _d, helpValue: _h, ...spec }) => spec);
    const derived = flagSpecsOf(oclif.flags as Parameters<typeof flagSpecsOf>[0]);
    const byName = (a: FlagSpec, b: FlagSpec): number => a.name.localeCompare(b.name);
    assert.equal(derived.map((s) => ({ ...s })).sort(byName), specs.map((s) => ({ ...s })).sort(byName));
    assert.is(oclif.strict, false, "FILE may be repeated");
    const flags = oclifFlags(entry.flags);
    const args = { file: Args.string({ required: false, ignoreStdin: true }) };
    for (const raw of cases) {
      const normalized = normalizeArgv(raw, specs);
      if (!normalized.ok) continue;
      const fast = fastParse(normalized.argv, specs, entry.maxArgs);
      if (!fast) continue;
      answered++;
      const parsed = await Parser.parse(normalized.argv, { flags, args, strict: false });
      const oclifFlagsSet = Object.fromEntries(Object.entries(parsed.flags).filter(([, v]) => v !== undefined));
      assert.equal({ ...fast.flags }, oclifFlagsSet, `flags of ${raw.join(" ")}`);
      assert.equal([...fast.args], parsed.argv, `args of ${raw.join(" ")}`);
    }
  }
  assert.ok(answered >= 16, `the fast parser answered only ${answered} cases`);
});

test("validate, check and fmt: the fast parser leaves unusual command lines to oclif", () => {
  const unusual: readonly [CommandEntry, string[]][] = [
    [VALIDATE_COMMAND, ["--no-deep", "a.jsson"]],
    [VALIDATE_COMMAND, ["-deep", "-deep", "a.jsson"]],
    [VALIDATE_COMMAND, ["-error-format", "xml", "a.jsson"]],
    [VALIDATE_COMMAND, ["--", "-a.jsson"]],
    [VALIDATE_COMMAND, ["-bogus", "a.jsson"]],
    [CHECK_COMMAND, ["-deep", "a.jsson"]],
    [CHECK_COMMAND, ["-include-merge", "nope", "a.jsson"]],
    [FMT_COMMAND, ["-c", "-c", "a.jsson"]],
    [FMT_COMMAND, ["-x", "a.jsson"]],
    [FMT_COMMAND, ["--help"]],
  ];
  for (const [entry, raw] of unusual) {
    const specs: FlagSpec[] = [...entry.flags];
    assert.is(fastParse(norm(raw, specs), specs, entry.maxArgs), undefined, raw.join(" "));
  }
});

test("limit values: counts, sizes, durations", () => {
  assert.equal(parseCount("512", "--max-depth"), { ok: true, value: 512 });
  assert.not.ok(parseCount("-1", "--max-depth").ok);
  assert.not.ok(parseCount("1.5", "--max-depth").ok);
  assert.not.ok(parseCount("", "--max-depth").ok);
  assert.equal(parseByteSize("64MiB", "--max-output"), { ok: true, value: 64 * 1024 * 1024 });
  assert.equal(parseByteSize("2MB", "--max-output"), { ok: true, value: 2_000_000 });
  assert.equal(parseByteSize("1k", "--max-output"), { ok: true, value: 1024 });
  assert.equal(parseByteSize("100", "--max-output"), { ok: true, value: 100 });
  assert.not.ok(parseByteSize("lots", "--max-output").ok);
  assert.equal(parseDuration("15", "--timeout"), { ok: true, value: 15_000 });
  assert.equal(parseDuration("10s", "--timeout"), { ok: true, value: 10_000 });
  assert.equal(parseDuration("250ms", "--timeout"), { ok: true, value: 250 });
  assert.equal(parseDuration("2m", "--timeout"), { ok: true, value: 120_000 });
  const bad = parseDuration("soon", "--timeout");
  assert.not.ok(bad.ok);
  if (!bad.ok) assert.match(bad.message, /--timeout must be a duration/);
});

test.run();
