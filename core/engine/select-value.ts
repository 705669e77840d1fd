/**
 * Selecting one value of an evaluated tree by a path of keys and indexes
 * (CLI `--select a.b[2]`): what is written instead of the whole document.
 * The path arrives parsed (the CLI owns its text syntax); an index reads
 * lazy arrays with `at`, so selecting one element of a large range produces
 * only that element.
 */
import { fill, fillText, MESSAGES, PHRASES } from "../diagnostics/catalogue.js";
import { closestName } from "../diagnostics/closest-name.js";
import { LazyArray, ObjectValue, kindOf, type Value } from "../values/values.js";

/** One step of a selection path: an object key, or an array index (0-based). */
export type SelectStep = string | number;

/** The selected value, or why the path does not lead to one. */
export type Selection = { readonly ok: true; readonly value: Value } | { readonly ok: false; readonly message: string };

/** Follow `path` from `root`. */
export function selectValue(root: Value, path: readonly SelectStep[]): Selection {
  let v: Value = root;
  for (let i = 0; i < path.length; i++) {
    const step = path[i] as SelectStep;
    const where = i === 0 ? PHRASES.selectFromDocument : selectPathText(path.slice(0, i));
    if (typeof step === "string") {
      if (!(v instanceof ObjectValue)) return fail(path, fillText(PHRASES.selectNotObject, where, kindPhrase(v)));
      const next = v.get(step);
      if (next === undefined) {
        const near = closestName(step, v.keys);
        return fail(path, fillText(PHRASES.selectNoKey, where, JSON.stringify(step)) + (near === undefined ? "" : fillText(PHRASES.selectDidYouMean, JSON.stringify(near))));
      }
      v = next;
    } else {
      if (!(Array.isArray(v) || v instanceof LazyArray)) return fail(path, fillText(PHRASES.selectNotArray, where, kindPhrase(v)));
      if (step >= v.length) return fail(path, v.length === 1 ? fillText(PHRASES.selectNoIndexOfOne, where, step) : fillText(PHRASES.selectNoIndex, where, v.length, step));
      v = Array.isArray(v) ? (v[step] as Value) : v.at(step);
    }
  }
  return { ok: true, value: v };
}

/**
 * A path as text: identifier keys after `.`, other keys quoted in brackets,
 * indexes in brackets (`a.b[2]`, `a["x.y"]`). The CLI's `--select` syntax
 * reads this text back to the same path.
 */
export function selectPathText(path: readonly SelectStep[]): string {
  let out = "";
  for (const step of path) {
    if (typeof step === "number") out += `[${step}]`;
    else if (/^[A-Za-z_][A-Za-z0-9_-]*$/.test(step)) out += out === "" ? step : "." + step;
    else out += `[${JSON.stringify(step)}]`;
  }
  return out;
}

function fail(path: readonly SelectStep[], why: string): Selection {
  return { ok: false, message: fill(MESSAGES.cannotSelect, selectPathText(path), why).message };
}

/** A value's kind with its article, for messages: `an array`, `a string`. */
export function kindPhrase(v: Value): string {
  const kind = kindOf(v);
  return /^[aeiou]/.test(kind) ? `an ${kind}` : `a ${kind}`;
}
