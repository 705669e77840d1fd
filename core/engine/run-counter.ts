/**
 * What an engine tells as it works (internal.ts `useRunCounter`): each
 * parse and each evaluation, when it starts (so a run stopped from outside,
 * a worker terminated at its deadline, has already been counted). The
 * server counts in its workers and shows the sums on /metrics, so "one parse
 * and one evaluation per request" is a figure anyone can check.
 *
 * `locating` marks the work of the locating pass: a failed schema check
 * evaluates the source once more, traced, to place its failures
 * (locate-failures.ts). It is counted apart, so it never hides, nor passes
 * for, a repeated evaluation of the request itself.
 */
export interface RunCounter {
  /** A source text (the run's own or an included file's) is parsed. */
  parsed(locating: boolean): void;
  /** A source is evaluated (its parse and includes follow). */
  evaluated(locating: boolean): void;
}
