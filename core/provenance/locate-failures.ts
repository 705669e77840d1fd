/**
 * Source places of schema failures (LANGUAGE.md §12.3): the source is
 * evaluated once more, with tracing on, and each failure's instance path is
 * followed through the traced tree. Ordinary runs record nothing; this
 * second evaluation is paid only by a run whose check failed.
 */
import type { SchemaFailure } from "../plugin.js";
import { ValueTrace } from "./value-trace.js";
import { ValueLocator, type ValuePlace } from "./value-locator.js";
import type { ObjectValue } from "../values/values.js";
import type { RunOptions } from "../engine/options.js";

/** What evaluates a source: the engine, or the pipeline of a run (its {@link Evaluation.locate}). */
export interface SourceEvaluator {
  evaluate(source: string, options: RunOptions): { readonly ok: true; readonly value: ObjectValue } | { readonly ok: false };
}

/**
 * The place of each failure, in order (undefined for a failure that names
 * no value, such as "more errors not shown"); `undefined` as a whole when
 * the traced evaluation does not succeed (it runs under the same limits,
 * and a caller may give it only the time its first run left).
 * `options` are the run's own: a selection (`select`) is where the data the
 * schema saw starts in the tree.
 */
export function locateFailures(engine: SourceEvaluator, source: string, options: RunOptions, failures: readonly SchemaFailure[]): (ValuePlace | undefined)[] | undefined {
  if (!failures.some((f) => f.instance !== undefined)) return failures.map(() => undefined);
  const trace = new ValueTrace({ id: options.file, text: source });
  const r = engine.evaluate(source, { ...options, trace });
  if (!r.ok) return undefined;
  const locator = new ValueLocator(r.value, trace);
  const prefix = options.select ?? [];
  return failures.map((f) => (f.instance === undefined ? undefined : locator.locate([...prefix, ...f.instance], f.target)));
}
