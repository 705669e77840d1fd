/**
 * Which strings the importer may write as bare words (docs/import.md): a
 * bare word must read back as itself and raise no warning. It reads as a
 * name when it is one (a key anywhere in the document, a variable: §4.3),
 * and a word near a visible name is warning W1 (§16.5: `n0` beside a key
 * `k0`, `ture`), an error in strict mode. Such strings are quoted. Near is
 * as the evaluator judges it: within the allowed distance of a name and
 * keeping something of the word, or one edit from `true`, `false`, `null`.
 *
 * Bounded: each distinct string is judged once, against every name of the
 * document, while the comparisons stay within a budget; a document with
 * more names than a look-up examines, or one that exhausts the budget, has
 * its later strings quoted (always correct, only less terse).
 */
import { KEYWORDS } from "../syntax/tokens.js";
import { closestName, MAX_CANDIDATES, NearestName } from "../diagnostics/closest-name.js";

const IDENTIFIER = /^[\p{L}_][\p{L}\p{Nd}_]*$/u;
/** The literals a bare word may be a typo of (`ture`, `nul`), as the evaluator checks them. */
const LITERALS = ["true", "false", "null"];
/** Name comparisons one document may spend on deciding bare words. */
const COMPARISON_BUDGET = 5_000_000;

export class BareWords {
  private readonly judged = new Map<string, boolean>();
  /** The identifiers among the names; undefined when there are more than one look-up examines. */
  private readonly candidates: readonly string[] | undefined;
  private budget = COMPARISON_BUDGET;

  /** @param names every name a word could be read as or be near: the document's keys and variables */
  constructor(private readonly names: ReadonlySet<string>) {
    // More names than one look-up examines: nearness could not be ruled out, so no word is written bare.
    // Only identifiers are names: a quoted key (`"my-key"`, `""`) binds none (§4.12).
    const identifiers = [...names].filter((n) => IDENTIFIER.test(n));
    this.candidates = identifiers.length > MAX_CANDIDATES ? undefined : identifiers;
  }

  /** True when `s` may be written bare: an identifier, not a keyword, not a name, near no name. */
  allows(s: string): boolean {
    if (!IDENTIFIER.test(s) || KEYWORDS.has(s) || this.names.has(s)) return false;
    const known = this.judged.get(s);
    if (known !== undefined) return known;
    let bare = false;
    if (this.candidates !== undefined && this.budget >= this.candidates.length) {
      this.budget -= this.candidates.length;
      const search = new NearestName(s);
      for (const name of this.candidates) if (!search.consider(name)) break;
      const nearName = search.name !== undefined && search.distance < s.length;
      bare = !nearName && closestName(s, LITERALS, 1) === undefined;
    }
    this.judged.set(s, bare);
    return bare;
  }
}
