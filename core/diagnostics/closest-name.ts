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
 * The candidate nearest to `word` within `maxDistance` (default
 * {@link allowedDistance}), or `undefined` when none is near. A candidate
 * equal to `word` is not a suggestion. Ties go to the first candidate in
 * iteration order.
 */
export function closestName(word: string, candidates: Iterable<string>, maxDistance = allowedDistance(word)): string | undefined {
  const search = new NearestName(word, maxDistance);
  for (const candidate of candidates) if (!search.consider(candidate)) break;
  return search.name;
}

/**
 * {@link closestName} fed one candidate at a time, for a caller that walks
 * its candidates itself (the scopes of a run and the body being built)
 * instead of handing over a generator: a generator closing over a run's
 * scope kept the whole evaluated tree reachable for the young-generation
 * garbage collector, which then copied it run after run (bench/RESULTS.md).
 */
export class NearestName {
  /** The nearest candidate so far, if one is near. */
  name: string | undefined;
  /**
   * How many edits {@link name} is from the word (meaningless while `name` is undefined): a
   * candidate must be closer than this to replace it; 0 once nothing can.
   */
  distance: number;
  private seen = 0;

  constructor(
    private readonly word: string,
    maxDistance = allowedDistance(word),
  ) {
    this.distance = word.length === 0 || word.length > MAX_NAME_LENGTH ? 0 : maxDistance + 1;
  }

  /**
   * Compare `candidate` with the word; false when no later candidate can
   * change the answer (the {@link MAX_CANDIDATES} cap, or one edit found:
   * ties go to the first).
   */
  consider(candidate: string): boolean {
    if (this.distance <= 1 || ++this.seen > MAX_CANDIDATES) return false;
    const word = this.word;
    if (candidate === word || candidate.length > MAX_NAME_LENGTH) return true;
    if (Math.abs(candidate.length - word.length) >= this.distance) return true;
    const d = boundedDistance(word, candidate, this.distance - 1);
    if (d < this.distance) {
      this.name = candidate;
      this.distance = d;
    }
    return this.distance > 1;
  }
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
