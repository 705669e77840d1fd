// LANGUAGE.md §16.3 item 4 over HTTP (HTTP.md §5): an include used as a value
// (`x = include "f"`, `b := include "f"`, `...(include "f")`) reads only what a
// statement include may — the request's files, or -include-root's folder with
// symlinks kept inside — and its cycles and errors are placed as for every include.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer, transpileFiles, type TestServer } from "./helpers.js";

let sandbox: string;
let root: string;
let closed: TestServer; // no -include-root
let rooted: TestServer; // -include-root <root>

test.before(async () => {
  sandbox = mkdtempSync(join(tmpdir(), "jsson-http-include-values-"));
  root = join(sandbox, "root");
  const outside = join(sandbox, "outside");
  mkdirSync(root);
  mkdirSync(outside);
  writeFileSync(join(root, "base.jsson"), 'port = 8080\nhost = "inside"\n');
  writeFileSync(join(root, "sizes.json"), '{"small": 1, "large": 4}\n');
  writeFileSync(join(outside, "secret.jsson"), 'secret = "TOPSECRET"\n');
  writeFileSync(join(outside, "secret.json"), '{"secret": "TOPSECRET"}\n');
  symlinkSync(join(outside, "secret.jsson"), join(root, "link-out.jsson"));
  symlinkSync(join(outside, "secret.json"), join(root, "link-out.json"));
  closed = await startServer();
  rooted = await startServer({ includeRoot: root });
});
test.after(async () => {
  await closed.close();
  await rooted.close();
  rmSync(sandbox, { recursive: true, force: true });
});


const LEAKS = /TOPSECRET|root:x:0|PATH=|HOME=/;

/** Each form an include value takes, around a path. */
const FORMS: readonly ((path: string) => string)[] = [
  (p) => `x = include ${JSON.stringify(p)}\n`,
  (p) => `b := include ${JSON.stringify(p)}\ny = b.secret\n`,
  (p) => `...(include ${JSON.stringify(p)})\n`,
  (p) => `z = [1] + [include ${JSON.stringify(p)}]\n`,
];

test("include values read the request's files, and -include-root's folder", async () => {
  const a = await transpileFiles(closed, 'b := include "conf/base.jsson"\nport = b.port\nsizes = (include "sizes.json").large\n', { "conf/base.jsson": "port = 1\n", "sizes.json": '{"large": 2}' });
  assert.equal(a.json.output, { port: 1, sizes: 2 }, "nothing of base.jsson is merged into the output");
  const b = await transpileFiles(rooted, 'b := include "base.jsson"\nport = b.port\nsizes = (include "sizes.json").large\n');
  assert.equal(b.json.output, { port: 8080, sizes: 4 });
});

test("without -include-root an include value reads no file on disk", async () => {
  for (const form of FORMS) {
    const { json, text } = await transpileFiles(closed, form("package.json"));
    assert.is(json.success, false, form("package.json"));
    assert.is(json.errors?.[0], 'Line 1: could not read include file "package.json" (this server reads no files; send it in "files")');
    assert.not.match(text, LEAKS);
  }
});

test("escapes through an include value are refused in every form: absolute paths, `..` out of the folder, symlinks out of the root", async () => {
  const probes: [TestServer, string, RegExp][] = [
    [closed, "/etc/passwd", /absolute/],
    [rooted, "/etc/passwd", /absolute/],
    [closed, "../outside/secret.jsson", /leaves/],
    [rooted, "../outside/secret.jsson", /leaves/],
    [rooted, "link-out.jsson", /outside the include root/],
    [rooted, "link-out.json", /outside the include root/],
  ];
  for (const [server, path, detail] of probes) {
    for (const form of FORMS) {
      const { json, text } = await transpileFiles(server, form(path));
      assert.is(json.success, false, form(path));
      const message = json.errors?.[0] ?? "";
      assert.ok(message.startsWith(`Line 1: could not read include file ${JSON.stringify(path)} (`), message);
      assert.match(message, detail, path);
      assert.not.match(text, LEAKS);
    }
  }
});

test("a file's own include value cannot climb out of the virtual folder", async () => {
  const { json, text } = await transpileFiles(rooted, 'x = include "conf/a.jsson"\n', { "conf/a.jsson": 's := include "../../outside/secret.jsson"\nv = s.secret\n' });
  assert.is(json.success, false);
  assert.match(json.errors?.[0] ?? "", /^Line 1: error in included file "conf\/a.jsson": Line 1: could not read include file "..\/..\/outside\/secret.jsson" \(/);
  assert.not.match(text, LEAKS);
});

test("a cycle through include values is an error at the include, not a stall", async () => {
  const { json } = await transpileFiles(closed, 'x = include "a.jsson"\n', { "a.jsson": 'b := include "b.jsson"\na = 1\n', "b.jsson": 'v = include "a.jsson"\n' });
  assert.is(json.success, false);
  assert.match(json.errors?.[0] ?? "", /^Line 1: error in included file "a.jsson": .*cyclic include detected/);
});

test.run();
