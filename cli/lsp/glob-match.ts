/**
 * The globs of a workspace's `"schemas"` (docs/editors.md): `*` and `?`
 * within one folder, `**` across folders (`**` followed by `/`: any number
 * of whole folders, none included), everything else literal. A workspace's
 * config is input the editor opens, not code its user wrote, so matching is
 * linear by construction: the glob becomes a list of steps, and a path is
 * read once while the set of steps reached is carried along (a Thompson
 * simulation), O(path × glob) whatever the two hold. A regular expression
 * built from the glob (picomatch's too: `[^/]*?a[^/]*?a…b`) backtracks on
 * `*a*a*a…b` (bench/RESULTS.md).
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

  constructor(glob: string) {
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
    now[0] = 1;
    this.pass(now);
    for (let p = 0; p < path.length; p++) {
      const c = path[p] as string;
      next.fill(0);
      let any = false;
      for (let s = 0; s < n; s++) {
        if (now[s] === 0) continue;
        const step = steps[s] as Step;
        // the step reached after reading `c` (-1: none); `folders` is passed without reading
        const to = step.kind === "char" ? (step.char === c ? s + 1 : -1)
          : step.kind === "one" ? (c !== "/" ? s + 1 : -1)
          : step.kind === "star" ? (c !== "/" ? s : -1)
          : step.kind === "all" ? s : -1;
        if (to < 0) continue;
        next[to] = 1;
        any = true;
      }
      if (!any) return false;
      this.pass(next);
      [now, next] = [next, now];
    }
    return now[n] === 1;
  }

  /**
   * Mark in `set` the steps that the marked ones pass to without reading
   * (after `*` and `**`, which may match nothing; past `**` `/`). Every such
   * move goes forward, so one sweep in step order reaches them all.
   */
  private pass(set: Uint8Array): void {
    const steps = this.steps;
    for (let s = 0; s < steps.length; s++) {
      if (set[s] === 0) continue;
      const kind = (steps[s] as Step).kind;
      if (kind === "star" || kind === "all" || kind === "folders") set[s + 1] = 1;
      if (kind === "folders") set[s + 3] = 1;
    }
  }
}
