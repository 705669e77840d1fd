/** Filling a run's limit overrides with the defaults, once per distinct object. */
import { DEFAULT_LIMITS, type Limits } from "./limits.js";

/** Limits objects made by {@link resolveLimits} (frozen: they can be handed back as they are). */
const RESOLVED = new WeakSet<Limits>([DEFAULT_LIMITS]);

/**
 * Fill unset limits with the defaults. The result is frozen; passing it
 * back (a server resolves its limits once for every run) costs nothing.
 */
export function resolveLimits(partial: Partial<Limits> | undefined): Limits {
  if (partial === undefined) return DEFAULT_LIMITS;
  if (RESOLVED.has(partial as Limits)) return partial as Limits;
  const limits = Object.freeze({ ...DEFAULT_LIMITS, ...stripUndefined(partial) });
  RESOLVED.add(limits);
  return limits;
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  return out;
}
