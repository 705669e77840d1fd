/**
 * What this repository's CLI, server and language server (and its tests and
 * benches) use of an engine and an evaluation that an embedder does not:
 * the raw hooks, the server's work counts, the traced evaluation and the
 * locating pass. They are private (`#`) fields and methods of the classes,
 * read through the accessors their static blocks set (engine.ts
 * `engineInside`, evaluation.ts `locateFailuresOf`), which the `jsson` entry
 * does not export; nothing an embedder holds has a property or a symbol
 * that leads to them.
 */
import type { SourceEvaluator } from "../provenance/locate-failures.js";
import { engineInside, type Engine } from "./engine.js";
import type { EngineHooks } from "./hooks.js";
import type { RunOptions } from "./options.js";
import type { RunCounter } from "./run-counter.js";

/** The pipeline's hooks: tapped before the engine's first run, frozen from then on (hooks.ts). */
export function engineHooks(engine: Engine): EngineHooks {
  return engineInside(engine).registry.hooks;
}

/** Tell `counter` of every parse and evaluation `engine` performs (run-counter.ts says why); `undefined` stops counting. */
export function useRunCounter(engine: Engine, counter: RunCounter | undefined): Engine {
  engineInside(engine).pipeline.runCounter = counter;
  return engine;
}

/** The engine's evaluation with a trace, for `locateFailures` on a source of one's own (tests, benches). */
export function tracingEvaluator(engine: Engine): SourceEvaluator<RunOptions> {
  const { registry, pipeline } = engineInside(engine);
  return {
    evaluate(source, options, trace) {
      registry.freeze();
      return pipeline.evaluate(source, options, trace);
    },
  };
}

/**
 * `locatePlaces(evaluation, failures)`: where each failure of a failed check of `evaluation` lies in
 * the source, within the time its run has left (see schemaCheck, which calls it).
 */
export { locateFailuresOf as locatePlaces } from "./evaluation.js";
