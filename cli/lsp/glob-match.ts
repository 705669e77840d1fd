/**
 * The globs of a workspace's `"schemas"` (docs/editors.md): `*` and `?`
 * within one folder, `**` across folders (`**` followed by `/`: any number
 * of whole folders, none included), everything else literal. A workspace's
 * config is input the editor opens, not code its user wrote, so matching is
 * linear by construction: the glob becomes a list of steps, and a path is
 * read once while the set of steps reached is carried along (a Thompson
 * simulation), O(path × glob) whatever the two hold. A regular expression
 * built from the glob (ours before, picomatch's too: `[^/]*?a[^/]*?a…b`)
 * backtracks: `*a*a*a*a*a*ab` against 30 `a`s took picomatch 60 ms, twelve
 * `*a` never finished (bench/RESULTS.md).
 */

/** The longest glob read: a longer one is refused (its steps are kept per config). */
export const MAX_GLOB_LENGTH = 1024;

type Step =
  | { readonly kind: "char"; readonly char: string }
  /** `?`: one character, not `/`. */
  | { readonly kind: "one" }
  /** `*`: any run of characters without `/`. */
  | { readonly kind: "star" }
  /** `**`: any run of characters. */
  | { readonly kind: "all" }
  /** Before `**` `/`: either no folder at all (skip the three steps) or `**` then `/`. */
  | { readonly kind: "folders" };

/** A compiled glob: {@link GlobMatcher.matches} a `/`-separated relative path. */
export class GlobMatcher {
  private readonly steps: readonly Step[];

  constructor(readonly glob: string) {
    if (glob.length > MAX_GLOB_LENGTH) throw new RangeError(`glob longer than ${MAX_GLOB_LENGTH} characters`);
    const g = glob.replace(/^\.\//, "");
    const steps: Step[] = [];
    for (let i = 0; i < g.length; i++) {
      const c = g[i] as string;
      if (c === "*" && g[i + 1] === "*") {
        while (g[i + 1] === "*") i++; // `***` is `**`
        if (g[i + 1] === "/") steps.push({ kind: "folders" });
        steps.push({ kind: "all" });
      } else if (c === "*") steps.push({ kind: "star" });
      else if (c === "?") steps.push({ kind: "one" });
      else steps.push({ kind: "char", char: c });
    }
    this.steps = steps;
  }

  /** Whether `path` matches the whole glob. */
  matches(path: string): boolean {
    const steps = this.steps;
    const n = steps.length;
    let now = new Uint8Array(n + 1);
    let next = new Uint8Array(n + 1);
    this.reach(now, 0);
    for (let p = 0; p < path.length; p++) {
      const c = path[p] as string;
      next.fill(0);
      let any = false;
      for (let s = 0; s < n; s++) {
        if (now[s] === 0) continue;
        const step = steps[s] as Step;
        switch (step.kind) {
          case "folders":
            break; // passed without reading, in reach
          case "char":
            if (step.char === c) any = this.reach(next, s + 1) || any;
            break;
          case "one":
            if (c !== "/") any = this.reach(next, s + 1) || any;
            break;
          case "star":
            if (c !== "/") any = this.reach(next, s) || any;
            break;
          case "all":
            any = this.reach(next, s) || any;
            break;
        }
      }
      if (!any) return false;
      [now, next] = [next, now];
    }
    return now[n] === 1;
  }

  /**
   * Mark step `s` reached in `set`, with the steps it passes to without
   * reading (after `*` and `**`, which may match nothing; past `**` `/`);
   * true when any step was marked. A step already marked has had its own
   * passed: each step is marked at most once per character read.
   */
  private reach(set: Uint8Array, first: number): boolean {
    const steps = this.steps;
    const pending = [first];
    let marked = false;
    while (pending.length > 0) {
      const s = pending.pop() as number;
      if (set[s] === 1) continue;
      set[s] = 1;
      marked = true;
      const step = steps[s];
      if (step === undefined) continue;
      if (step.kind === "star" || step.kind === "all") pending.push(s + 1);
      else if (step.kind === "folders") pending.push(s + 1, s + 3);
    }
    return marked || set[first] === 1;
  }
}
