/**
 * `jsson fmt` through the real binary: stdout, --check, --write, --diff,
 * stdin, several files, a file with a syntax error left untouched, and
 * --force formatting one around its errors.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { chmodSync, lstatSync, readFileSync, statSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { fixtureDir } from "../cli/fixtures.js";
import { runCli } from "../support/spawn-cli.js";

const UNTIDY = "a=1,b=2\nobj {x=[1,2,\n3,]} // end\n";
const TIDY = "a = 1, b = 2\nobj {\n  x = [\n    1, 2\n    3\n  ]\n} // end\n";
const BROKEN = "a = 1\nb = = 2\n";

test("prints the formatted text of a file; the file is not changed", async () => {
  const dir = fixtureDir({ "u.jsson": UNTIDY });
  const r = await runCli(["fmt", join(dir, "u.jsson")]);
  assert.is(r.code, 0, r.stderr);
  assert.is(r.stdout, TIDY);
  assert.is(readFileSync(join(dir, "u.jsson"), "utf8"), UNTIDY);
});

test("formats stdin to stdout (no file, or -)", async () => {
  for (const args of [["fmt"], ["fmt", "-"]]) {
    const r = await runCli(args, { input: UNTIDY });
    assert.is(r.code, 0, r.stderr);
    assert.is(r.stdout, TIDY);
  }
});

test("--check lists the files that would change and exits 1; 0 when none would", async () => {
  const dir = fixtureDir({ "u.jsson": UNTIDY, "t.jsson": TIDY });
  const r = await runCli(["fmt", "--check", join(dir, "u.jsson"), join(dir, "t.jsson")]);
  assert.is(r.code, 1);
  assert.is(r.stdout, `${join(dir, "u.jsson")}\n`);
  assert.is(readFileSync(join(dir, "u.jsson"), "utf8"), UNTIDY, "--check writes nothing");
  const ok = await runCli(["fmt", "--check", join(dir, "t.jsson")]);
  assert.is(ok.code, 0, ok.stderr);
  assert.is(ok.stdout, "");
  const stdin = await runCli(["fmt", "--check", "-"], { input: UNTIDY });
  assert.is(stdin.code, 1);
  assert.is(stdin.stdout, "<stdin>\n");
});

test("--write rewrites the files that change, keeps their mode, prints nothing", async () => {
  const dir = fixtureDir({ "u.jsson": UNTIDY, "t.jsson": TIDY });
  chmodSync(join(dir, "u.jsson"), 0o640);
  const before = statSync(join(dir, "t.jsson")).mtimeMs;
  const r = await runCli(["fmt", "--write", join(dir, "u.jsson"), join(dir, "t.jsson")]);
  assert.is(r.code, 0, r.stderr);
  assert.is(r.stdout, "");
  assert.is(readFileSync(join(dir, "u.jsson"), "utf8"), TIDY);
  assert.is(statSync(join(dir, "u.jsson")).mode & 0o777, 0o640);
  assert.is(statSync(join(dir, "t.jsson")).mtimeMs, before, "an unchanged file is not rewritten");
  const again = await runCli(["fmt", "--check", join(dir, "u.jsson")]);
  assert.is(again.code, 0, "formatted once, nothing more to change");
});

test("--write through a symbolic link rewrites the file it names and keeps the link", async () => {
  const dir = fixtureDir({ "real.jsson": UNTIDY });
  symlinkSync(join(dir, "real.jsson"), join(dir, "link.jsson"));
  const r = await runCli(["fmt", "--write", join(dir, "link.jsson")]);
  assert.is(r.code, 0, r.stderr);
  assert.ok(lstatSync(join(dir, "link.jsson")).isSymbolicLink());
  assert.is(readFileSync(join(dir, "real.jsson"), "utf8"), TIDY);
});

test("--diff prints a unified diff; with --check it also exits 1", async () => {
  const dir = fixtureDir({ "u.jsson": UNTIDY });
  const file = join(dir, "u.jsson");
  const r = await runCli(["fmt", "--diff", file]);
  assert.is(r.code, 0, r.stderr);
  assert.ok(r.stdout.startsWith(`--- ${file}\n+++ ${file}\n@@ `), r.stdout);
  assert.ok(r.stdout.includes("\n-a=1,b=2\n") && r.stdout.includes("\n+a = 1, b = 2\n"), r.stdout);
  const both = await runCli(["fmt", "--check", "--diff", file]);
  assert.is(both.code, 1);
  assert.is(both.stdout, r.stdout);
  const tidy = await runCli(["fmt", "--diff", "-"], { input: TIDY });
  assert.is(tidy.stdout, "");
});

test("--diff of a rewrite too large to search for a smaller diff is one whole-file hunk", async () => {
  const n = 12_000; // 24,000 edits: past the diff's edit bound
  const r = await runCli(["fmt", "--diff", "-"], { input: Array.from({ length: n }, (_, i) => `k${i}=${i}\n`).join("") });
  assert.is(r.code, 0, r.stderr);
  assert.ok(r.stdout.startsWith(`--- <stdin>\n+++ <stdin>\n@@ -1,${n} +1,${n} @@\n-k0=0\n`), r.stdout.slice(0, 200));
  assert.ok(r.stdout.endsWith(`+k${n - 1} = ${n - 1}\n`));
});

test("a syntax error is reported as Line <n>: and the file left untouched; other files still formatted", async () => {
  const dir = fixtureDir({ "b.jsson": BROKEN, "u.jsson": UNTIDY });
  const r = await runCli(["fmt", "--write", join(dir, "b.jsson"), join(dir, "u.jsson")]);
  assert.is(r.code, 1);
  assert.ok(r.stderr.includes("Line 2: unexpected '='"), r.stderr);
  assert.ok(r.stderr.includes("b.jsson"), "names the file when there are several");
  assert.is(readFileSync(join(dir, "b.jsson"), "utf8"), BROKEN);
  assert.is(readFileSync(join(dir, "u.jsson"), "utf8"), TIDY);
  const single = await runCli(["fmt"], { input: BROKEN });
  assert.is(single.code, 1);
  assert.is(single.stdout, "");
  assert.ok(single.stderr.startsWith("Line 2: unexpected '='\n  --> <stdin>:2:5\n  2 | b = = 2\n"), single.stderr);
});

test("--force formats a file with syntax errors around them: errors reported, exit 1, the broken item kept as written", async () => {
  const broken = "a=1\nb = =   2\nc=[1,2,\n3,]\n";
  const formatted = "a = 1\nb = =   2\nc = [\n  1, 2\n  3\n]\n";
  const printed = await runCli(["fmt", "--force"], { input: broken });
  assert.is(printed.code, 1);
  assert.is(printed.stdout, formatted);
  assert.ok(printed.stderr.startsWith("Line 2: unexpected '='"), printed.stderr);
  const dir = fixtureDir({ "b.jsson": broken });
  const check = await runCli(["fmt", "--check", join(dir, "b.jsson")]);
  assert.is(check.code, 1);
  assert.is(check.stdout, "", "without --force a broken file is not judged");
  const checkForced = await runCli(["fmt", "--check", "--force", join(dir, "b.jsson")]);
  assert.is(checkForced.stdout, `${join(dir, "b.jsson")}\n`);
  assert.is(readFileSync(join(dir, "b.jsson"), "utf8"), broken, "--check writes nothing");
  const written = await runCli(["fmt", "--write", "--force", join(dir, "b.jsson")]);
  assert.is(written.code, 1);
  assert.is(readFileSync(join(dir, "b.jsson"), "utf8"), formatted);
  const again = await runCli(["fmt", "--check", "--force", join(dir, "b.jsson")]);
  assert.is(again.stdout, "", "formatting again changes nothing");
});

test("a missing file is an error (exit 1) naming it", async () => {
  const r = await runCli(["fmt", "/nonexistent/x.jsson"]);
  assert.is(r.code, 1);
  assert.ok(r.stderr.includes('"/nonexistent/x.jsson"'), r.stderr);
});

test.run();
