/**
 * Marker keywords that shape what composite keywords report.
 *
 * ajv (with `allErrors`) keeps the errors of the failed branches of `anyOf`
 * and `oneOf` next to the combinator's own error, and the per-item errors of
 * `contains`. The reference reports only the combinator's line (§12.3:
 * "Value does not match any of the schemas in anyOf"), so every branch error
 * would be noise — and misleading, since it names a rule the data did not
 * have to satisfy. These markers run immediately before and after each such
 * keyword (ajv's `before` ordering within a rule group) and drop the errors
 * pushed in between, keeping the keyword's own error(s). ajv runs a keyword
 * only when its key is in the schema object, so the schema preparation adds
 * the marker keys ({@link addCollapseMarkers}) next to each such keyword.
 *
 * ajv's `oneOf` also stops looking once two branches pass; the closing marker
 * evaluates the remaining branches so the message can say how many matched.
 * That repeats the code of those branches, so it is bounded per compile by
 * {@link setOneOfCountBudget}; past the budget the count stays ajv's
 * (two — a lower bound).
 */
import type { Code, CodeKeywordDefinition, KeywordCxt, Name, SchemaObjCxt } from "ajv";
import { ajvModule } from "./lazy-modules.js";

/** ajv's codegen helpers, bound on first use (ajv loads lazily). */
interface Codegen {
  /** The `_` template tag: safe code interpolation. */
  readonly _: (strings: TemplateStringsArray, ...values: unknown[]) => Code;
  /** Names of the generated code's error variables (ajv's `N.errors` / `N.vErrors`). */
  readonly ERRORS: Name;
  readonly V_ERRORS: Name;
}

let codegen: Codegen | undefined;
function cg(): Codegen {
  if (codegen === undefined) {
    const { _, Name: NameClass } = ajvModule();
    codegen = { _: _ as Codegen["_"], ERRORS: new NameClass("errors"), V_ERRORS: new NameClass("vErrors") };
  }
  return codegen;
}

/** How a range of errors is collapsed: keep the last one, or keep the keyword's own errors. */
type KeepMode = "last" | "own";

/** Consecutive keywords of one ajv rule group, and the keyword that follows them. */
interface KeywordRun {
  readonly keywords: readonly string[];
  readonly next: string;
  readonly type?: "array" | "object";
  readonly keep: KeepMode;
}

const RUNS: readonly KeywordRun[] = [
  { keywords: ["anyOf", "oneOf"], next: "allOf", keep: "last" },
  { keywords: ["contains"], next: "uniqueItems", type: "array", keep: "last" },
  { keywords: ["propertyNames"], next: "additionalProperties", type: "object", keep: "own" },
];

/** What the markers of one ajv instance keep while it compiles (ajv-instances.ts owns one per instance). */
export class CollapseState {
  /** Schema nodes that may still be re-generated for `oneOf` counting in the current compile (set before each). */
  oneOfCountBudget = 0;
  /** Error-count snapshots taken by an opening marker, per schema object and keyword. */
  readonly starts = new WeakMap<SchemaObjCxt, Map<string, Name>>();
}

/** Objects and arrays in `v`, counting at most `limit + 1`. */
function nodeCount(v: unknown, limit: number): number {
  let n = 0;
  const stack: unknown[] = [v];
  while (stack.length > 0 && n <= limit) {
    const x = stack.pop();
    if (typeof x !== "object" || x === null) continue;
    n++;
    for (const child of Array.isArray(x) ? x : Object.values(x)) stack.push(child);
  }
  return n;
}

/** Keep, in `errors[from..to)`, only the errors of keyword `keyword` at `schemaPath`; returns the new count. */
function keepOwn(errors: { keyword: string; schemaPath: string }[], from: number, to: number, keyword: string, schemaPath: string): number {
  let w = from;
  for (let r = from; r < to; r++) {
    const e = errors[r];
    if (e !== undefined && e.keyword === keyword && e.schemaPath === schemaPath) errors[w++] = e;
  }
  errors.length = w;
  return w;
}

function markerName(run: KeywordRun, i: number): string {
  return `$jsson:collapse-${run.keywords.join("-")}-${i}`;
}

/** Add the marker keys a schema object needs (those of every run one of whose keywords it has). */
export function addCollapseMarkers(node: Record<string, unknown>): void {
  for (const run of RUNS) {
    if (!run.keywords.some((k) => Object.prototype.hasOwnProperty.call(node, k))) continue;
    for (let i = 0; i <= run.keywords.length; i++) node[markerName(run, i)] = true;
  }
}

/** The marker keyword definitions, to add to an ajv instance whose compiles keep their state in `state`. */
export function collapseKeywords(state: CollapseState): CodeKeywordDefinition[] {
  const defs: CodeKeywordDefinition[] = [];
  for (const run of RUNS) {
    const ks = run.keywords;
    for (let i = 0; i <= ks.length; i++) {
      const closes = i > 0 ? ks[i - 1] : undefined;
      const opens = i < ks.length ? ks[i] : undefined;
      const def: CodeKeywordDefinition = {
        keyword: markerName(run, i),
        before: opens ?? run.next,
        code: (cxt) => {
          if (closes !== undefined && cxt.it.schema[closes] !== undefined) closeRange(cxt, closes, run.keep, state);
          if (opens !== undefined && cxt.it.schema[opens] !== undefined) openRange(cxt, opens, state);
        },
      };
      if (run.type !== undefined) def.type = run.type;
      defs.push(def);
    }
  }
  return defs;
}

function openRange(cxt: KeywordCxt, keyword: string, state: CollapseState): void {
  const { ERRORS } = cg();
  let m = state.starts.get(cxt.it);
  if (!m) state.starts.set(cxt.it, (m = new Map()));
  m.set(keyword, cxt.gen.const("_jsson_errs", ERRORS));
}

function closeRange(cxt: KeywordCxt, keyword: string, keep: KeepMode, state: CollapseState): void {
  const start = state.starts.get(cxt.it)?.get(keyword);
  if (start === undefined) return;
  const { _, ERRORS, V_ERRORS } = cg();
  const { gen } = cxt;
  if (keep === "last") {
    gen.if(_`${ERRORS} > ${start} + 1`, () => {
      gen.code(_`${V_ERRORS}[${start}] = ${V_ERRORS}[${ERRORS} - 1]`);
      gen.assign(ERRORS, _`${start} + 1`);
      gen.code(_`${V_ERRORS}.length = ${ERRORS}`);
    });
  } else {
    const fn = gen.scopeValue("func", { ref: keepOwn });
    const schemaPath = `${cxt.it.errSchemaPath}/${keyword}`;
    gen.if(_`${ERRORS} > ${start}`, () => {
      gen.assign(ERRORS, _`${fn}(${V_ERRORS}, ${start}, ${ERRORS}, ${keyword}, ${schemaPath})`);
      gen.if(_`${ERRORS} === 0`, () => gen.assign(V_ERRORS, _`null`));
    });
  }
  if (keyword === "oneOf") countOneOfMatches(cxt, start, state);
}

/**
 * After a failed `oneOf` that ajv stopped at its second passing branch
 * (`passingSchemas: [i, j]`), evaluate branches after `j` and record the
 * total as `params.passingCount`. Their own errors are discarded.
 */
function countOneOfMatches(cxt: KeywordCxt, start: Name, state: CollapseState): void {
  const branches: unknown = cxt.it.schema["oneOf"];
  if (!Array.isArray(branches) || branches.length <= 2) return;
  const cost = nodeCount(branches.slice(2), state.oneOfCountBudget);
  if (cost > state.oneOfCountBudget) return;
  state.oneOfCountBudget -= cost;
  const { _, ERRORS, V_ERRORS } = cg();
  const { gen } = cxt;
  gen.if(_`${ERRORS} > ${start}`, () => {
    const last = gen.const("_jsson_last", _`${V_ERRORS}[${ERRORS} - 1]`);
    const passing = gen.const("_jsson_pass", _`${last}.params.passingSchemas`);
    gen.if(passing, () => {
      const count = gen.let("_jsson_count", 2);
      const before = gen.const("_jsson_errs", ERRORS);
      for (let k = 2; k < branches.length; k++) {
        gen.if(_`${k} > ${passing}[1]`, () => {
          const valid = gen.name("_jsson_valid");
          cxt.subschema({ keyword: "oneOf", schemaProp: k, compositeRule: true }, valid);
          gen.if(valid, () => gen.assign(count, _`${count} + 1`));
          gen.assign(ERRORS, before);
          gen.code(_`${V_ERRORS}.length = ${before}`);
        });
      }
      gen.assign(_`${last}.params.passingCount`, count);
    });
  });
}
