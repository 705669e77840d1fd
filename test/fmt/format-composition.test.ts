/**
 * The layout of the composition forms (docs/formatting.md rule 2): no space
 * after `...`, one after `if` and around `else`; line breaks kept; formatting
 * twice changes nothing.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { formatSource } from "../../core/format/format-source.js";

const messy = `if(prod){a=1}else if (x){b=2}   else{c=3}
o {
...  base
  if (x) {
  y = [ ...  xs , if(z)[1]else[2] ]
  }
  else {
y = 1
}
}
m = {a=1}+{b=2}
v := include   "x.json"
`;

const tidy = `if (prod) { a = 1 } else if (x) { b = 2 } else { c = 3 }
o {
  ...base
  if (x) {
    y = [...xs, if (z) [1] else [2]]
  }
  else {
    y = 1
  }
}
m = { a = 1 } + { b = 2 }
v := include "x.json"
`;

test("composition forms are laid out as docs/formatting.md says", () => {
  const r = formatSource(messy);
  assert.ok(r.ok);
  if (r.ok) assert.fixture(r.text, tidy);
});

test("formatting the composition forms is idempotent", () => {
  const r = formatSource(tidy);
  assert.ok(r.ok);
  if (r.ok) assert.is(r.text, tidy);
});

test.run();
