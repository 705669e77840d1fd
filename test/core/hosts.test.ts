/**
 * Include hosts: the virtual folder of HTTP requests never lets a path climb
 * out of it; the file-system host reads only regular files, never blocks,
 * checks the size before reading, and checks the file it opened, not a path.
 */
import { execFileSync, spawn } from "node:child_process";
import { lstatSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { MemoryHost, NodeFsHost } from "../../core/index.js";
import { waitFor } from "../support/wait-for.js";

const host = new MemoryHost({ "a.jsson": "x = 1", "sub/b.jsson": "y = 2" });

test("relative paths resolve against the including file's folder", () => {
  assert.equal(host.resolve("a.jsson", undefined), { ok: true, value: "/a.jsson" });
  assert.equal(host.resolve("./sub/b.jsson", undefined), { ok: true, value: "/sub/b.jsson" });
  assert.equal(host.resolve("../a.jsson", "/sub/b.jsson"), { ok: true, value: "/a.jsson" });
  assert.equal(host.resolve("sub/../a.jsson", undefined), { ok: true, value: "/a.jsson" });
});

test("a `..` above the virtual root is refused, not clamped to the root", () => {
  for (const [path, from] of [["../a.jsson", undefined], ["sub/../../a.jsson", undefined], ["../../a.jsson", "/sub/b.jsson"]] as const) {
    const r = host.resolve(path, from);
    assert.is(r.ok, false, `${path} from ${String(from)}`);
  }
});

test("absolute paths are refused", () => {
  assert.is(host.resolve("/etc/passwd", undefined).ok, false);
  assert.is(host.resolve("C:\\\\x.jsson", undefined).ok, false);
});

test("a missing file names the reason given", () => {
  const h = new MemoryHost({}, { missingDetail: "send it in files" });
  assert.equal(h.read("/x.jsson"), { ok: false, detail: "send it in files" });
});

const tmp = mkdtempSync(join(tmpdir(), "jsson-hosts-"));
const rootDir = join(tmp, "root");
mkdirSync(join(rootDir, "sub"), { recursive: true });
writeFileSync(join(rootDir, "in.jsson"), "inside = 1");
writeFileSync(join(tmp, "secret.jsson"), "secret = 1");
const rooted = new NodeFsHost({ root: rootDir });
const readIn = (h: NodeFsHost, path: string) => {
  const r = h.resolve(path, undefined);
  assert.ok(r.ok, path);
  return r.ok ? h.read(r.value) : r;
};

test("the file-system host reads a regular file inside its root", () => {
  assert.equal(readIn(rooted, "in.jsson"), { ok: true, value: "inside = 1" });
});

// no clock: with no writer ever, a read that waited for one would never return
test("a FIFO is refused at once, without waiting for a writer", () => {
  execFileSync("mkfifo", [join(rootDir, "pipe.jsson")]);
  assert.equal(readIn(rooted, "pipe.jsson"), { ok: false, detail: "not a regular file" });
  assert.equal(new NodeFsHost().read(join(rootDir, "pipe.jsson")), { ok: false, detail: "not a regular file" });
});

test("a device (/dev/zero, /dev/null) and a directory are refused", () => {
  const host = new NodeFsHost();
  assert.equal(host.read("/dev/zero"), { ok: false, detail: "not a regular file" });
  assert.equal(host.read("/dev/null"), { ok: false, detail: "not a regular file" });
  assert.equal(readIn(rooted, "sub"), { ok: false, detail: "is a directory" });
});

test("a file over the byte limit is refused from its size, before reading (255 MB sparse file; a small explicit limit)", () => {
  const big = join(rootDir, "big.jsson");
  writeFileSync(big, "");
  truncateSync(big, 255 * 1024 * 1024);
  const r = readIn(rooted, "big.jsson");
  assert.is(r.ok, false);
  if (!r.ok) assert.match(r.detail, /^file too large \(limit \d+ bytes\)$/);
  rmSync(big);
  writeFileSync(join(rootDir, "eleven.jsson"), "x = 1234567");
  const small = new NodeFsHost({ root: rootDir, maxFileBytes: 10 });
  assert.equal(readIn(small, "eleven.jsson"), { ok: false, detail: "file too large (limit 10 bytes)" });
  assert.equal(readIn(new NodeFsHost({ root: rootDir, maxFileBytes: 11 }), "eleven.jsson"), { ok: true, value: "x = 1234567" });
});

test("a symlink leading out of the root is refused; one staying inside is followed", () => {
  symlinkSync(join(tmp, "secret.jsson"), join(rootDir, "out.jsson"));
  symlinkSync("in.jsson", join(rootDir, "alias.jsson"));
  assert.equal(readIn(rooted, "out.jsson"), { ok: false, detail: "outside the include root" });
  assert.equal(readIn(rooted, "alias.jsson"), { ok: true, value: "inside = 1" });
});

// Swaps two names atomically, as fast as it can (renameat2 RENAME_EXCHANGE; Linux).
const EXCHANGER = `import ctypes, os, sys
libc = ctypes.CDLL(None, use_errno=True)
os.chdir(sys.argv[1])
while libc.renameat2(-100, b"d", -100, b"alt", 2) == 0: pass
`;

test("a folder swapped with a symlink out of the root while reading never yields the outside file", async () => {
  mkdirSync(join(rootDir, "d"));
  writeFileSync(join(rootDir, "d", "f.jsson"), "inside = 1");
  mkdirSync(join(tmp, "outside"));
  writeFileSync(join(tmp, "outside", "f.jsson"), "secret = 1");
  symlinkSync("../outside", join(rootDir, "alt"));
  // another process exchanges d (the real folder) and alt (a symlink to ../outside) over and over:
  // a host that checks a path and then reads it again reads the outside file now and then
  const flipper = spawn("python3", ["-c", EXCHANGER, rootDir], { stdio: "ignore" });
  try {
    // the exchanger has started once alt is the real folder (it was the symlink)
    await waitFor(() => !lstatSync(join(rootDir, "alt"), { throwIfNoEntry: false })?.isSymbolicLink(), { what: "the exchanger's first exchange" });
    const seen = new Map<string, number>();
    // at least 8000 reads, more (up to 40000) until both states were seen: a loaded machine may schedule the exchanger late
    for (let i = 0; i < 40_000 && (i < 8000 || !seen.has("inside = 1") || !seen.has("outside the include root")); i++) {
      const r = readIn(rooted, "d/f.jsson");
      const key = r.ok ? r.value : r.detail;
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    const summary = [...seen].map(([k, n]) => `${k}: ${n}`).join(" | ");
    assert.is(flipper.exitCode, null, "the exchanger kept running");
    assert.not.ok(seen.has("secret = 1"), summary);
    assert.ok(seen.has("inside = 1") && seen.has("outside the include root"), summary);
  } finally {
    flipper.kill("SIGKILL");
  }
});

test.after(() => rmSync(tmp, { recursive: true, force: true }));

test.run();
