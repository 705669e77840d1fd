import { test } from "uvu";
import * as assert from "uvu/assert";
import { OutputError } from "../../core/plugin/index.js";
import { IntRange, StringRange } from "../../core/values/values.js";
import { emit, f, obj } from "./support.js";

test("JSON layout is JSON.stringify(value, null, 2) plus a newline", () => {
  const root = obj(
    ["name", "svc"],
    ["server", obj(["host", "h"], ["ports", [80, 443]], ["tags", []], ["meta", obj()])],
    ["list", [obj(["a", 1]), [true, false, null], "x"]],
  );
  const plain = {
    name: "svc",
    server: { host: "h", ports: [80, 443], tags: [], meta: {} },
    list: [{ a: 1 }, [true, false, null], "x"],
  };
  assert.is(emit("json", root), JSON.stringify(plain, null, 2) + "\n");
});

test("empty root and empty containers", () => {
  assert.is(emit("json", obj()), "{}\n");
  assert.is(emit("json", obj(["a", []], ["b", obj()])), '{\n  "a": [],\n  "b": {}\n}\n');
});

test("keys keep insertion order, integer-like keys included", () => {
  assert.is(emit("json", obj(["b", 1], ["10", 2], ["__proto__", 3])), '{\n  "b": 1,\n  "10": 2,\n  "__proto__": 3\n}\n');
});

test("integers beyond 2^53 are exact, floats use ECMAScript number text", () => {
  const root = obj(
    ["max", 9223372036854775807n],
    ["min", -9223372036854775808n],
    ["three", f(3)],
    ["negZero", f(-0)],
    ["big", f(1e21)],
    ["small", f(1.5e-7)],
    ["sum", f(0.1 + 0.2)],
    ["million", f(1e6)],
  );
  assert.is(
    emit("json", root),
    '{\n  "max": 9223372036854775807,\n  "min": -9223372036854775808,\n  "three": 3,\n  "negZero": 0,\n' +
      '  "big": 1e+21,\n  "small": 1.5e-7,\n  "sum": 0.30000000000000004,\n  "million": 1000000\n}\n',
  );
});

test("strings use JSON escaping; non-ASCII and HTML characters stay literal", () => {
  const root = obj(["s", 'q" b\\ \n\t\r\b\f \u0001\u001f é 😀 <a>&'], ["é", 1]);
  assert.is(emit("json", root), '{\n  "s": "q\\" b\\\\ \\n\\t\\r\\b\\f \\u0001\\u001f é 😀 <a>&",\n  "é": 1\n}\n');
});

test("ranges are written as plain arrays", () => {
  const root = obj(["r", new IntRange(1, 2, 3)], ["s", new StringRange("srv-", 8, 1, 3, 2)]);
  assert.equal(JSON.parse(emit("json", root)), { r: [1, 3, 5], s: ["srv-08", "srv-09", "srv-10"] });
});

test("a non-finite float is refused with the top-level key", () => {
  try {
    emit("json", obj(["ok", 1], ["bad", [f(Infinity)]]));
    assert.unreachable("should throw");
  } catch (e) {
    assert.instance(e, OutputError);
    assert.is((e as OutputError).key, "bad");
  }
});

test.run();
