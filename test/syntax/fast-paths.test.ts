/**
 * The lexer's and the JSON writer's shortcuts agree with what they stand in
 * for: the keyword test by length with the {@link KEYWORDS} set, the integer
 * value read with the digits with `Number`, the float range check with
 * `Number.isFinite`, and the quoting of strings that need no escape with
 * `JSON.stringify`.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { isKeyword, Lexer, LexError } from "../../core/syntax/lexer.js";
import { KEYWORDS } from "../../core/syntax/tokens.js";
import { jsonString } from "../../core/emit/json-layout-writer.js";

test("isKeyword says yes to every keyword and no to names one character off", () => {
  for (const k of KEYWORDS) {
    assert.ok(isKeyword(k), k);
    for (const other of [k.slice(1), k.slice(0, -1), k + "s", "x" + k, k.toUpperCase(), k.replace(/.$/, "_")]) {
      assert.is(isKeyword(other), KEYWORDS.has(other), other);
    }
  }
  for (const name of ["", "name", "tags", "memory", "timeout", "steps", "mapper", "nul", "tru", "fals", "includes", "templates"]) {
    assert.is(isKeyword(name), KEYWORDS.has(name), name);
  }
});

test("integer and float literals: values and range errors as Number gives them", () => {
  for (const text of ["0", "7", "8000", "007", "123456789012345", "999999999999999", "1234567890123456", "9007199254740993"]) {
    const lx = new Lexer(text);
    lx.scan();
    assert.is(lx.kind, "int");
    const expected = text.length <= 15 ? Number(text) : BigInt(text) <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(text) : BigInt(text);
    assert.is(lx.int, expected, text);
  }
  const big = "9".repeat(308) + ".5";
  const lx = new Lexer(big);
  lx.scan();
  assert.is(lx.kind, "float");
  for (const text of ["9".repeat(309) + ".5", "1" + "0".repeat(400) + ".0"]) {
    try {
      new Lexer(text).scan();
      assert.unreachable(text.slice(0, 12));
    } catch (e) {
      assert.ok(e instanceof LexError);
      assert.match(e.diagnostic.message, /number out of range/);
    }
  }
});

test("jsonString writes what JSON.stringify writes, for every UTF-16 code unit alone and in context", () => {
  for (let c = 0; c <= 0xffff; c++) {
    const ch = String.fromCharCode(c);
    for (const s of [ch, `a${ch}b`]) assert.is(jsonString(s), JSON.stringify(s), `U+${c.toString(16)}`);
  }
  for (const s of ["", "svc0", "shop-0.eu-west-1.internal", "😀", "\ud83d", "x\ude00", 'say "hi"', "back\\slash", "tab\there", "é"]) {
    assert.is(jsonString(s), JSON.stringify(s), s);
  }
});

test.run();
