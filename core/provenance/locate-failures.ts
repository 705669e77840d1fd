/**
 * Source places of schema failures (LANGUAGE.md §12.3): the source is
 * evaluated once more, with tracing on, and each failure's instance path is
 * followed through the traced tree. Ordinary runs record nothing; this
 * second evaluation is paid only by a run whose check failed.
 */
import type { SchemaFailure } from "../plugin/index.js";
import { ValueTrace } from "./value-trace.js";
import { ValueLocator, type ValuePlace } from "./value-locator.js";
import type { ObjectValue } from "../values/values.js";

/**
 * What of a run's options locating reads: the root source's name and where
 * the checked data starts in the tree. The rest of the
 * options (the engine's `RunOptions`) pass through as the caller's own type,
 * so that provenance, below the engine, imports nothing of it.
 */
export interface LocateOptions {
  readonly file?: string;
  readonly select?: readonly (string | number)[];
}

/**
 * What evaluates a source, recording into `trace` where every value came
 * from (made with the root source as its file 0; the run is evaluated
 * eagerly): the pipeline of a run (its evaluation's locating pass), or an
 * engine's (core/engine/internal.ts `tracingEvaluator`). Not a run option:
 * an embedder cannot ask for it.
 */
export interface SourceEvaluator<O> {
  evaluate(source: string, options: O, trace: ValueTrace): { readonly ok: true; readonly value: ObjectValue } | { readonly ok: false };
}

/**
 * The place of each failure, in order (undefined for a failure that names
 * no value, such as "more errors not shown"); `undefined` as a whole when
 * the traced evaluation does not succeed (it runs under the same limits,
 * and a caller may give it only the time its first run left).
 * `options` are the run's own: a selection (`select`) is where the data the
 * schema saw starts in the tree.
 */
export function locateFailures<O extends object>(engine: SourceEvaluator<NoInfer<O>>, source: string, options: O & LocateOptions, failures: readonly SchemaFailure[]): (ValuePlace | undefined)[] | undefined {
  if (!failures.some((f) => f.instance !== undefined)) return failures.map(() => undefined);
  const trace = new ValueTrace({ id: options.file, text: source });
  const r = engine.evaluate(source, options, trace);
  if (!r.ok) return undefined;
  const locator = new ValueLocator(r.value, trace);
  const prefix = options.select ?? [];
  return failures.map((f) => (f.instance === undefined ? undefined : locator.locate([...prefix, ...f.instance], f.target)));
}
