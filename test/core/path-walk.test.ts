/** walkPath (core/host/path-walk.ts): the one walk of an include path, and the hosts that use it. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { MemoryHost } from "../../index.js";
import { walkPath } from "../../core/host/path-walk.js";

test("segments: . and empty parts skipped, .. goes up, both separators", () => {
  assert.equal(walkPath([], "a/b.jsson"), ["a", "b.jsson"]);
  assert.equal(walkPath(["conf"], "../lib/./c.jsson"), ["lib", "c.jsson"]);
  assert.equal(walkPath(["a", "b"], "..\\..\\x//y"), ["x", "y"]);
  assert.equal(walkPath([], "./"), []);
});

test("a .. above the root is refused, not clamped", () => {
  assert.is(walkPath([], "../x"), undefined);
  assert.is(walkPath(["a"], "b/../../../x"), undefined);
  assert.equal(walkPath(["a"], "b/../../x"), ["x"]);
});

test("the base is not changed", () => {
  const base = ["a", "b"];
  walkPath(base, "../../c");
  assert.equal(base, ["a", "b"]);
});

test("MemoryHost resolves through it: ids below the root, climbs refused", () => {
  const host = new MemoryHost({ "conf/a.jsson": "x = 1" });
  assert.equal(host.resolve("conf\\a.jsson", undefined), { ok: true, value: "/conf/a.jsson" });
  assert.equal(host.resolve("../lib/b.jsson", "/conf/a.jsson"), { ok: true, value: "/lib/b.jsson" });
  assert.equal(host.resolve("../../b.jsson", "/conf/a.jsson"), { ok: false, detail: "path leaves the include folder" });
});

test.run();
