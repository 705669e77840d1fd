/**
 * Seed and run counts of the fuzz suite. CI runs a short, fixed-seed pass so a
 * failure is reproducible; `FUZZ_SEED` and `FUZZ_SCALE` (a multiplier of every
 * run count) widen it locally, and `bench/fuzz/run.mjs` runs the long pass.
 */
import type { Parameters } from "fast-check";

/** The fixed seed of the CI pass (any integer; changing it changes every generated case). */
export const DEFAULT_SEED = 20240611;

function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  return Number.isFinite(n) ? n : fallback;
}

/** The seed in use (`FUZZ_SEED` overrides). */
export const SEED = envNumber("FUZZ_SEED", DEFAULT_SEED);

/** Multiplier of every run count (`FUZZ_SCALE`, default 1). */
export const SCALE = envNumber("FUZZ_SCALE", 1);

/**
 * fast-check parameters for one property: the fixed seed and `runs` cases
 * (scaled). A failure is shrunk to a small counterexample, within a time
 * budget so that a broken property does not stall the suite.
 */
export function fcParams<T>(runs: number): Parameters<T> {
  return { seed: SEED, numRuns: Math.max(1, Math.round(runs * SCALE)), interruptAfterTimeLimit: 60_000, markInterruptAsFailure: true, includeErrorInReport: true };
}
