/** Include hosts: the virtual folder of HTTP requests never lets a path climb out of it. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { MemoryHost } from "../../core/index.js";

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

test.run();
