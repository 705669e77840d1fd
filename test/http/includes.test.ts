// HTTP.md §5: includes over HTTP — the virtual folder, -include-root confinement,
// and the security probes (nothing outside what the caller or operator allowed is ever read).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { post, startServer, transpileFiles, type TestServer } from "./helpers.js";

let sandbox: string;
let root: string;
let closed: TestServer; // no -include-root
let rooted: TestServer; // -include-root <root>

test.before(async () => {
  sandbox = mkdtempSync(join(tmpdir(), "jsson-http-includes-"));
  root = join(sandbox, "root");
  const outside = join(sandbox, "outside");
  mkdirSync(join(root, "sub"), { recursive: true });
  mkdirSync(join(root, "dir"), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(root, "ok.jsson"), "from_root = 1\n");
  writeFileSync(join(root, "sub", "inner.jsson"), 'include "../ok.jsson"\ninner = 2\n');
  writeFileSync(join(outside, "secret.jsson"), 'secret = "TOPSECRET"\n');
  symlinkSync(join(outside, "secret.jsson"), join(root, "link-out.jsson"));
  symlinkSync(join(root, "ok.jsson"), join(root, "link-in.jsson"));
  symlinkSync(outside, join(root, "linkdir"));
  closed = await startServer();
  rooted = await startServer({ includeRoot: root });
});
test.after(async () => {
  await closed.close();
  await rooted.close();
  rmSync(sandbox, { recursive: true, force: true });
});


const LEAKS = /TOPSECRET|root:x:0|PATH=|HOME=|"name":\s*"jsson"/;

test("files is a virtual folder; the source sits at its root", async () => {
  const { json } = await transpileFiles(closed, 'include "db.jsson"\nurl = database.host\n', { "db.jsson": 'database { host = "db.local" }\n' });
  assert.equal(json.output, { database: { host: "db.local" }, url: "db.local" });
});

test("include paths resolve against the including file's folder inside the virtual folder", async () => {
  const files = {
    "conf/api.jsson": 'include "db.jsson"\napi = 1\n',
    "conf/db.jsson": 'which = "conf/db"\n',
    "db.jsson": 'which = "root db"\n',
    "conf/deep/x.jsson": 'include "../db.jsson"\nx = 1\n',
  };
  const a = await transpileFiles(closed, 'include "conf/api.jsson"\n', files);
  assert.equal(a.json.output, { which: "conf/db", api: 1 });
  const b = await transpileFiles(closed, 'include "conf/deep/x.jsson"\n', files);
  assert.equal(b.json.output, { which: "conf/db", x: 1 }, "`..` inside the folder is fine");
});

test("without -include-root a missing include names the rule (and files on disk are not read)", async () => {
  const { json, text } = await transpileFiles(closed, 'a = 1\ninclude "package.json"\n');
  assert.equal(json.errors, ['Line 2: could not read include file "package.json" (this server reads no files; send it in "files")']);
  assert.not.match(text, LEAKS);
  const x = await transpileFiles(closed, 'include "x.jsson"');
  assert.equal(x.json.errors, ['Line 1: could not read include file "x.jsson" (this server reads no files; send it in "files")']);
});

const PROBES: [string, RegExp][] = [
  ["/etc/passwd", /absolute/],
  ["/proc/self/environ", /absolute/],
  ["../outside/secret.jsson", /leaves/],
  ["sub/../../outside/secret.jsson", /leaves/],
  ["../../../../../../etc/passwd", /leaves/],
  ["..\\outside\\secret.jsson", /leaves/],
  ["C:\\Windows\\win.ini", /absolute/],
];

for (const [label, server] of [["no -include-root", () => closed], ["with -include-root", () => rooted]] as const) {
  test(`security probes refused with a clear source error (${label})`, async () => {
    for (const [path, detail] of PROBES) {
      const { json, text } = await transpileFiles(server(), `include ${JSON.stringify(path)}\n`);
      assert.is(json.success, false, path);
      const message = json.errors?.[0] ?? "";
      assert.ok(message.startsWith(`Line 1: could not read include file "${path}" (`), message);
      assert.match(message, detail, path);
      assert.not.match(text, LEAKS);
    }
  });

  test(`an absolute path to a file inside the root is still refused (${label})`, async () => {
    const { json } = await transpileFiles(server(), `include ${JSON.stringify(join(root, "ok.jsson"))}\n`);
    assert.match(json.errors?.[0] ?? "", /absolute paths are not allowed/);
  });

  test(`a file's own include cannot climb out of the virtual folder (${label})`, async () => {
    const { json, text } = await transpileFiles(server(), 'include "conf/a.jsson"\n', { "conf/a.jsson": 'include "../../outside/secret.jsson"\n' });
    assert.is(json.success, false);
    assert.match(json.errors?.[0] ?? "", /^Line 1: error in included file "conf\/a.jsson": Line 1: could not read include file "..\/..\/outside\/secret.jsson" \(/);
    assert.not.match(text, LEAKS);
  });
}

test("-include-root: files inside the root are read, includes nest relative to them", async () => {
  const a = await transpileFiles(rooted, 'include "ok.jsson"\n');
  assert.equal(a.json.output, { from_root: 1 });
  const b = await transpileFiles(rooted, 'include "sub/inner.jsson"\n');
  assert.equal(b.json.output, { from_root: 1, inner: 2 });
  const c = await transpileFiles(rooted, 'include "link-in.jsson"\n');
  assert.equal(c.json.output, { from_root: 1 }, "a symlink that stays inside is followed");
});

test("-include-root: symlinks out of the root, directories and missing files are refused", async () => {
  for (const [path, detail] of [
    ["link-out.jsson", /outside the include root/],
    ["linkdir/secret.jsson", /outside the include root/],
    ["dir", /is a directory/],
    ["sub", /is a directory/],
    ["missing.jsson", /no such file/],
  ] as const) {
    const { json, text } = await transpileFiles(rooted, `include ${JSON.stringify(path)}\n`);
    assert.is(json.success, false, path);
    assert.ok((json.errors?.[0] ?? "").startsWith(`Line 1: could not read include file ${JSON.stringify(path)} (`), json.errors?.[0]);
    assert.match(json.errors?.[0] ?? "", detail);
    assert.not.match(text, LEAKS);
  }
});

test("files take precedence over -include-root", async () => {
  const { json } = await transpileFiles(rooted, 'include "ok.jsson"\n', { "ok.jsson": "from_files = 1\n" });
  assert.equal(json.output, { from_files: 1 });
});

test("errors inside an included file are reported at the include line, wrapping the inner error", async () => {
  const { json } = await transpileFiles(closed, 'a = 1\ninclude "bad.jsson"\n', { "bad.jsson": "x = 1\ny = 99999999999999999999\n" });
  assert.equal(json.errors, ['Line 2: error in included file "bad.jsson": Line 2: could not parse "99999999999999999999" as integer']);
  assert.is(json.diagnostics?.[0]?.line, 2);
});

test("cyclic includes inside the virtual folder are detected", async () => {
  const { json } = await transpileFiles(closed, 'include "a.jsson"\n', { "a.jsson": 'include "b.jsson"\na = 1\n', "b.jsson": 'include "a.jsson"\nb = 1\n' });
  assert.is(json.success, false);
  assert.match(json.errors?.[0] ?? "", /cyclic include detected/);
});

test("hostile file names in files are inert", async () => {
  // Raw JSON: a JS object literal would turn "__proto__" into a prototype, not a key.
  const body = (source: string) => `{"source":${JSON.stringify(source)},"files":{"__proto__":"p = 1","constructor":"c = 1","x.jsson":"x = 1"}}`;
  const plain = await post(closed.base, "/transpile", body('include "x.jsson"\n'));
  assert.equal(plain.json().output, { x: 1 });
  const proto = await post(closed.base, "/transpile", body('include "__proto__"\ninclude "constructor"\n'));
  assert.equal(proto.json().output, { p: 1, c: 1 }, "__proto__ and constructor are ordinary file names");
  const escaped = await post(closed.base, "/transpile", { source: 'include "escape.jsson"\n', files: { "../escape.jsson": "e = 1", "/abs.jsson": "a = 1" } });
  assert.is(escaped.status, 400, "a key cannot place a file above the root either");
  assert.equal(escaped.json().errors, ['files["../escape.jsson"]: must be a relative path inside the folder', 'files["/abs.jsson"]: must be a relative path inside the folder']);
});

test.run();
