/**
 * The keys of the engine's and the evaluation's members that this
 * repository's CLI, server and language server use and an embedder does
 * not: symbols, so that no name of theirs is a property of the objects
 * `jsson` hands out (`"hooks" in engine` is false), and the `.d.ts` leaves
 * them out (`@internal`). Only internal.ts reads through them.
 */

/** An engine's registry and pipeline ({@link Engine}). */
export const ENGINE_INSIDE: unique symbol = Symbol("jsson engine inside");

/** An evaluation's locating pass ({@link Evaluation}). */
export const LOCATE_FAILURES: unique symbol = Symbol("jsson locate failures");
