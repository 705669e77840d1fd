/**
 * What this repository's CLI, server and language server (and its tests and
 * benches) use of an engine and an evaluation that an embedder does not:
 * the raw hooks, the server's work counts, the traced evaluation and the
 * locating pass. They are members keyed by symbols (internal-keys.ts) that
 * the `jsson` entry does not export, read here; nothing an embedder holds
 * has a property of these names.
 */
import type { SchemaFailure } from "../plugin/index.js";
import type { ValuePlace } from "../provenance/value-locator.js";
import type { SourceEvaluator } from "../provenance/locate-failures.js";
import type { Engine } from "./engine.js";
import type { Evaluation } from "./evaluation.js";
import type { EngineHooks } from "./hooks.js";
import type { RunOptions } from "./options.js";
import type { RunCounter } from "./run-counter.js";
import { ENGINE_INSIDE, LOCATE_FAILURES } from "./internal-keys.js";

/**
 * The pipeline's hooks. Tap them before the first run (plugins tap them
 * through `apply(host)`); from the first run on they are frozen and a tap
 * throws.
 */
export function engineHooks(engine: Engine): EngineHooks {
  return engine[ENGINE_INSIDE]().registry.hooks;
}

/**
 * Tell `counter` of every parse and evaluation `engine` performs
 * (run-counter.ts); `undefined` stops counting. A server counts where the
 * work happens, so that one parse and one evaluation per request is a
 * figure on its metrics, not an assumption.
 */
export function useRunCounter(engine: Engine, counter: RunCounter | undefined): Engine {
  engine[ENGINE_INSIDE]().pipeline.runCounter = counter;
  return engine;
}

/** The engine's evaluation with a trace, for `locateFailures` on a source of one's own (tests, benches). */
export function tracingEvaluator(engine: Engine): SourceEvaluator<RunOptions> {
  const { registry, pipeline } = engine[ENGINE_INSIDE]();
  return {
    evaluate(source, options, trace) {
      registry.freeze();
      return pipeline.evaluate(source, options, trace);
    },
  };
}

/**
 * Where each failure of a failed check of `evaluation` lies in the source,
 * within the time its run has left (see schemaCheck, which calls it).
 */
export function locatePlaces(evaluation: Evaluation, failures: readonly SchemaFailure[]): (ValuePlace | undefined)[] | undefined {
  return evaluation[LOCATE_FAILURES](failures);
}
