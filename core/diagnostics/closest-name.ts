/**
 * "Did you mean …?": the candidate nearest to a misspelt word, by
 * Damerau–Levenshtein distance (optimal string alignment: insert, delete,
 * substitute, swap two neighbours). Shared by warnings (LANGUAGE.md §16.5 W1)
 * and by errors that look a name up and miss it.
 *
 * Bounded by construction: words and candidates longer than
 * {@link MAX_NAME_LENGTH} are never compared, at most {@link MAX_CANDIDATES}
 * candidates are examined, and a candidate whose length alone puts it beyond
 * the allowed distance is skipped before any table is filled.
 */

/** Names longer than this are never compared (a long word is no typo of a short name). */
export const MAX_NAME_LENGTH = 64;
/** At most this many candidates are compared per look-up. */
export const MAX_CANDIDATES = 1000;

/**
 * The distance a word may be from a name and still be "near" it
 * (LANGUAGE.md §16.5): 1 for words of 4 characters or fewer, else 2.
 */
export function allowedDistance(word: string): number {
  return word.length <= 4 ? 1 : 2;
}

/**
 * The candidate nearest to `word` within {@link allowedDistance}, or
 * `undefined` when none is near. A candidate equal to `word` is not a
 * suggestion. Ties go to the first candidate in iteration order.
 */
export function closestName(word: string, candidates: Iterable<string>): string | undefined {
  if (word.length === 0 || word.length > MAX_NAME_LENGTH) return undefined;
  const cap = allowedDistance(word);
  let best: string | undefined;
  let bestDistance = cap + 1;
  let seen = 0;
  for (const candidate of candidates) {
    if (++seen > MAX_CANDIDATES) break;
    if (candidate === word || candidate.length > MAX_NAME_LENGTH) continue;
    if (Math.abs(candidate.length - word.length) >= bestDistance) continue;
    const d = boundedDistance(word, candidate, bestDistance - 1);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/**
 * The optimal-string-alignment distance between `a` and `b`, or `cap + 1`
 * as soon as it is known to exceed `cap` (every cell of a row is larger).
 */
export function boundedDistance(a: string, b: string, cap: number): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  const n = b.length;
  let prev2 = new Array<number>(n + 1).fill(0);
  let prev = new Array<number>(n + 1);
  let row = new Array<number>(n + 1);
  for (let j = 0; j <= n; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let v = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) {
        v = Math.min(v, prev2[j - 2]! + 1);
      }
      row[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > cap) return cap + 1;
    const t = prev2;
    prev2 = prev;
    prev = row;
    row = t;
  }
  return Math.min(prev[n]!, cap + 1);
}
