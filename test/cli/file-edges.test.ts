/**
 * The CLI's file edges (issue #26, findings 11, 12, 14, 15), through the real
 * binary: inputs are looked at before they are read (a device, a FIFO, a
 * file over the size bound are refused at once); `-o` replaces the old file
 * only once the new one is complete, whatever moment SIGINT or SIGTERM
 * arrives, and leaves no temporary file; `--out-dir` never writes through a
 * symbolic link out of the output folder; and output shown on a terminal (a
 * pty from util-linux `script`) has its control characters escaped, while a
 * pipe gets the bytes unchanged.
 */
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { CLI_BIN } from "../support/repo-root.js";
import { runCli } from "../support/spawn-cli.js";
import { fixtureDir } from "./fixtures.js";
import { waitFor } from "../support/wait-for.js";

const dir = fixtureDir({ "a.jsson": "a = 1\n" });
execFileSync("mkfifo", [join(dir, "pipe.jsson")]);

test("a device, a FIFO and a file over the size bound are refused before a byte is read (transpile, fmt, fmt --write, validate, import, --schema)", async () => {
  // 3 × the 16 Mi-character source limit + 4 bytes is the most any source can take: one byte more is refused from its size
  const big = join(dir, "big.jsson");
  writeFileSync(big, "");
  truncateSync(big, 3 * 16 * 1024 * 1024 + 5);
  const cases: [string[], RegExp][] = [
    [["/dev/zero"], /^jsson: cannot read input file "\/dev\/zero": is not a regular file \(a character device\); pipe its text to stdin \(-\) instead\n$/],
    [["pipe.jsson"], /^jsson: cannot read input file "pipe\.jsson": is not a regular file \(a FIFO\); pipe its text/],
    [["fmt", "--write", "pipe.jsson"], /^jsson: cannot read input file "pipe\.jsson": is not a regular file \(a FIFO\)/],
    [["fmt", "/dev/zero"], /is not a regular file \(a character device\)/],
    [["validate", "pipe.jsson"], /pipe\.jsson.*is not a regular file \(a FIFO\)/],
    [["import", "--from", "json", "/dev/zero"], /^jsson: cannot read input file "\/dev\/zero": is not a regular file/],
    [["big.jsson"], /^jsson: cannot read input file "big\.jsson": too large \(50331653 bytes; at most 50331652 bytes are read\)\n$/],
  ];
  for (const [args, message] of cases) {
    const r = await runCli(args, { cwd: dir, timeoutMs: 30_000 });
    assert.is(r.timedOut, false, args.join(" "));
    assert.is(r.code, 1, `${args.join(" ")}: ${r.stderr}`);
    assert.match(r.stderr, message, args.join(" "));
    assert.is(r.stdout, "");
  }
  const schema = await runCli(["a.jsson", "--schema", "/dev/zero"], { cwd: dir, timeoutMs: 30_000 });
  assert.is(schema.code, 2, schema.stderr);
  assert.is(schema.stderr, 'jsson: cannot read schema file "/dev/zero": is not a regular file (a character device)\n');
  // the FIFO was never opened: a writer would be waiting for a reader still
  assert.ok(statSync(join(dir, "pipe.jsson")).isFIFO());
  rmSync(big);
});

test("stdin redirected from a folder (`jsson < dir`) is refused as input, exit 1, for transpile and validate; not an internal error", () => {
  const dir = fixtureDir({ "a.jsson": "a = 1\n" });
  const fd = openSync(dir, "r");
  try {
    for (const args of [[], ["validate", "-"]]) {
      const r = spawnSync(process.execPath, [CLI_BIN, ...args], { stdio: [fd, "pipe", "pipe"], encoding: "utf8", timeout: 60_000 });
      assert.is(r.status, 1, `${args.join(" ")}: ${r.stderr}`);
      assert.is(r.stdout, "");
      assert.match(r.stderr, /cannot read input file "-": is a directory/, args.join(" "));
    }
  } finally {
    closeSync(fd);
  }
});

/** A source whose JSON output is ~78 MB: long enough to be written in many blocks. */
const LARGE = "xs = 1..9000000\n";
const OLD = '{"old": true}\n';

/** Files in `folder` that are not `keep`: a temporary file left behind would be one. */
function strays(folder: string, keep: readonly string[]): string[] {
  return readdirSync(folder).filter((f) => !keep.includes(f));
}

/**
 * Run `-o out.json` on {@link LARGE} with an old out.json in place, send
 * `signal` when `moment` says, and return what the folder holds after.
 */
async function interruptedWrite(signal: "SIGINT" | "SIGTERM", moment: Moment): Promise<Interrupted> {
  // the temporary file lives only while the spooled output is copied in (a fraction of a second): on a loaded
  // machine the poll may first look after the run has ended; that is a missed moment, not a result, so try again
  for (let attempt = 1; attempt <= 3; attempt++) {
    const r = await interruptOnce(signal, moment);
    if (r !== "ended first") return r;
  }
  throw new Error(`three runs ended before "${moment}" came`);
}

type Moment = "evaluating" | "temporary file appears" | "temporary file has 8 MiB";
interface Interrupted {
  readonly code: number | null;
  readonly sig: NodeJS.Signals | null;
  readonly out: Buffer;
  readonly strays: string[];
}

/** One run of {@link interruptedWrite}, or "ended first" when the run ended before the moment came. */
async function interruptOnce(signal: "SIGINT" | "SIGTERM", moment: Moment): Promise<Interrupted | "ended first"> {
  const folder = fixtureDir({ "out.json": OLD });
  try {
    const child = spawn(process.execPath, [CLI_BIN, "-i", "-", "-o", "out.json", "--timeout", "120s"], { cwd: folder, stdio: ["pipe", "ignore", "pipe"] });
    child.stdin.end(LARGE);
    const exited = once(child, "exit");
    const temp = (): string | undefined => readdirSync(folder).find((f) => f.endsWith(".jsson-tmp"));
    // the moment, or the run's end (then the assertion below says it came too late)
    const until = (ready: () => boolean) => waitFor(() => ready() || child.exitCode !== null, { deadlineMs: 60_000, everyMs: 2, what: `the moment "${moment}"` });
    if (moment === "evaluating") await until(() => existsSync(`/proc/${child.pid}/fd/1`)); // started, long before any output
    else if (moment === "temporary file appears") await until(() => temp() !== undefined);
    else
      await until(() => {
        const t = temp();
        try {
          return t !== undefined && statSync(join(folder, t)).size >= 8 * 1024 * 1024;
        } catch {
          return false;
        }
      });
    if (child.exitCode !== null) return "ended first";
    child.kill(signal);
    const [code, sig] = (await exited) as [number | null, NodeJS.Signals | null];
    return { code, sig, out: readFileSync(join(folder, "out.json")), strays: strays(folder, ["out.json"]) };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  for (const moment of ["evaluating", "temporary file appears", "temporary file has 8 MiB"] as const) {
    test(`-o: ${signal} when ${moment} leaves the old file's bytes and no temporary file; the process ends by the signal`, async () => {
      const r = await interruptedWrite(signal, moment);
      assert.is(r.sig, signal, `ended by ${String(r.sig)} / ${String(r.code)}`);
      assert.is(r.out.toString("utf8"), OLD);
      assert.equal(r.strays, []);
    });
  }
}

test("--out-dir on worker threads: SIGINT while they write ends the run by the signal and leaves no temporary file; every output present is whole", async () => {
  const files: Record<string, string> = {};
  for (let i = 0; i < 16; i++) files[`f${i}.jsson`] = `xs = 1..${1_000_000 + i}\n`;
  const folder = fixtureDir(files);
  try {
    const out = join(folder, "dist");
    const child = spawn(process.execPath, [CLI_BIN, "*.jsson", "--out-dir", "dist"], { cwd: folder, stdio: ["ignore", "ignore", "pipe"] });
    const exited = once(child, "exit");
    const writing = (): boolean => existsSync(out) && readdirSync(out).some((f) => f.endsWith(".jsson-tmp"));
    await waitFor(() => writing() || child.exitCode !== null, { deadlineMs: 60_000, everyMs: 2, what: "a worker writing a temporary file" });
    assert.is(child.exitCode, null, "still running when a worker was writing");
    child.kill("SIGINT");
    const [code, sig] = (await exited) as [number | null, NodeJS.Signals | null];
    assert.is(sig, "SIGINT", `ended by ${String(sig)} / ${String(code)}`);
    const left = readdirSync(out);
    assert.equal(left.filter((f) => !/^f\d+\.json$/.test(f)), [], left.join(", "));
    for (const f of left) assert.is((JSON.parse(readFileSync(join(out, f), "utf8")) as { xs: unknown[] }).xs.length, 1_000_000 + Number(f.slice(1, -5)), f);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test("-o: a completed run replaces the file (mode kept, a symbolic link still names it); a failed run or an unwritable folder leaves it and no temporary file", async () => {
  const folder = fixtureDir({ "out.json": OLD, "bad.jsson": "a = 1 / 0\n", "ok.jsson": "a = 1\n" });
  try {
    execFileSync("chmod", ["640", join(folder, "out.json")]);
    symlinkSync("out.json", join(folder, "link.json"));
    const failed = await runCli(["bad.jsson", "-o", "out.json"], { cwd: folder });
    assert.is(failed.code, 1);
    assert.is(readFileSync(join(folder, "out.json"), "utf8"), OLD);
    const ok = await runCli(["ok.jsson", "-o", "link.json"], { cwd: folder });
    assert.is(ok.code, 0, ok.stderr);
    assert.equal(JSON.parse(readFileSync(join(folder, "out.json"), "utf8")), { a: 1 });
    assert.ok(statSync(join(folder, "link.json")).isFile() && readdirSync(folder).includes("link.json"));
    assert.is(statSync(join(folder, "out.json")).mode & 0o777, 0o640);
    // a device is written as named (no temporary file beside /dev/null)
    const devNull = await runCli(["ok.jsson", "-o", "/dev/null"], { cwd: folder });
    assert.is(devNull.code, 0, devNull.stderr);
    // (not /dev/stdout: a spawned child's stdout is a socket here, which /proc/self/fd/1 cannot open)
    const missing = await runCli(["ok.jsson", "-o", join(folder, "no-such-folder", "x.json")], { cwd: folder });
    assert.is(missing.code, 1);
    assert.match(missing.stderr, /^jsson: cannot write output file ".*x\.json": /);
    const imported = await runCli(["import", "--from", "json", "-", "-o", "conf.jsson"], { cwd: folder, input: '{"k": 1}' });
    assert.is(imported.code, 0, imported.stderr);
    assert.is(readFileSync(join(folder, "conf.jsson"), "utf8"), "k = 1\n");
    assert.equal(strays(folder, ["out.json", "bad.jsson", "ok.jsson", "link.json", "conf.jsson"]), []);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test("--out-dir: a symbolic link inside the output folder that leads outside is not written through; one that stays inside is", async () => {
  const folder = fixtureDir({});
  try {
    mkdirSync(join(folder, "src", "sub"), { recursive: true });
    mkdirSync(join(folder, "src", "inner"), { recursive: true });
    writeFileSync(join(folder, "src", "top.jsson"), "t = 1\n");
    writeFileSync(join(folder, "src", "sub", "a.jsson"), "a = 1\n");
    writeFileSync(join(folder, "src", "inner", "b.jsson"), "b = 1\n");
    mkdirSync(join(folder, "outside"));
    mkdirSync(join(folder, "dist", "elsewhere"), { recursive: true });
    symlinkSync(join(folder, "outside"), join(folder, "dist", "sub")); // dist/sub → outside the out dir
    symlinkSync("elsewhere", join(folder, "dist", "inner")); // dist/inner → dist/elsewhere: inside
    symlinkSync(join(folder, "outside", "top-target.json"), join(folder, "dist", "top.json")); // the output file itself a link out
    const r = await runCli(["src/**/*.jsson", "--out-dir", "dist"], { cwd: folder });
    assert.is(r.code, 1, r.stderr);
    assert.match(r.stderr, /dist\/sub" is a symbolic link to ".*outside", outside the output folder; not written through/);
    assert.equal(readdirSync(join(folder, "outside")), [], "nothing was written outside");
    assert.equal(JSON.parse(readFileSync(join(folder, "dist", "elsewhere", "b.json"), "utf8")), { b: 1 });
    // the link at the output's own place was replaced by the file, not followed
    assert.ok(!statSync(join(folder, "dist", "top.json"), { throwIfNoEntry: false })?.isSymbolicLink());
    assert.equal(JSON.parse(readFileSync(join(folder, "dist", "top.json"), "utf8")), { t: 1 });
    assert.match(r.stderr, /3 files: 2 written, 1 failed\n$/);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

// anything a terminal would obey: C0 but \n, \r and \t (a pty turns \n into \r\n), DEL, C1, U+2028/9, bidi controls
const RAW_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const hasScript = spawnSync("script", ["--version"]).status === 0;

/** Run the CLI on a pseudo-terminal (util-linux `script`), as a person at a terminal would; returns what the terminal received. */
function onTerminal(args: readonly string[], cwd: string, status = 0): string {
  const command = [process.execPath, CLI_BIN, ...args].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(" ");
  const r = spawnSync("script", ["-qec", command, "/dev/null"], { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 60_000 });
  assert.is(r.status, status, `${args.join(" ")}: ${r.stdout}`);
  return r.stdout;
}

test("on a terminal, every command's output shows ESC, BEL, C1 and bidi controls escaped; through a pipe the bytes are unchanged", async () => {
  if (!hasScript) {
    // the isTTY decision is the code's: without a pty the escaping cannot be reached from outside
    console.log("  (util-linux script is missing: terminal output not exercised)");
    return;
  }
  const evil = "\u001b]0;pwned\u0007\u001b[2J\u009b31m\u202e";
  const folder = fixtureDir({
    "data.yaml": `# note ${evil}\nname: "x${evil.replace(/\u001b/g, "\\e").replace(/\u0007/g, "\\a").replace(/\u009b/g, "\\x9b")}"\n`,
    "s.jsson": `s = "\u009b2J\u202eevil"\n`,
    "f.jsson": `// ${evil}\na=1\n`,
  });
  try {
    const commands: [string[], number][] = [
      [["import", "data.yaml"], 0],
      [["s.jsson", "-f", "yaml"], 0],
      [["s.jsson"], 0],
      [["fmt", "f.jsson"], 0],
      [["fmt", "--diff", "--check", "f.jsson"], 1],
    ];
    for (const [args, status] of commands) {
      const shown = onTerminal(args, folder, status);
      assert.not.match(shown, RAW_CONTROL, `${args.join(" ")}: ${JSON.stringify(shown)}`);
      assert.match(shown, /\\u(001b|009b|202e)/, `${args.join(" ")} shows the escapes: ${JSON.stringify(shown)}`);
    }
    // the same commands into a pipe: the data's own characters, as before
    const piped = await runCli(["import", "data.yaml"], { cwd: folder });
    assert.is(piped.code, 0, piped.stderr);
    assert.match(piped.stdout, /\u001b\]0;pwned/);
    const json = await runCli(["s.jsson"], { cwd: folder });
    assert.match(json.stdout, /"\u009b2J\u202eevil"/, "JSON keeps C1 and bidi characters as they are");
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test.after(() => rmSync(dir, { recursive: true, force: true }));

test.run();
