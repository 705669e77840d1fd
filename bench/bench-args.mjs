// The command line of the bench scripts: `--name value` flags, and `--smoke`:
// the same code path at a tiny size, so a run takes seconds. test/bench/benches.e2e.test.ts runs each script this way on
// every CI, so a script that no longer runs against the current tree fails
// the suite instead of rotting. Smoke figures mean nothing; never record them.

/** True when the script was started with `--smoke`. */
export const SMOKE = process.argv.includes("--smoke");

/** The positional arguments and flags after the script's name, without `--smoke`. */
export const ARGS = process.argv.slice(2).filter((a) => a !== "--smoke");

/**
 * The value after `--name` on the command line, else `dflt`.
 * @param {string} name
 * @param {string} dflt
 * @returns {string}
 */
export function flag(name, dflt) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? (process.argv[i + 1] ?? dflt) : dflt;
}

/**
 * `tiny` in a smoke run, else `full`.
 * @template T
 * @param {T} tiny
 * @param {T} full
 * @returns {T}
 */
export function smokeOr(tiny, full) {
  return SMOKE ? tiny : full;
}
