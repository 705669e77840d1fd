/**
 * What a CLI report needs besides the diagnostics: the text each span points
 * into (for the excerpt under a `-->` line) and the name each file is shown
 * by. The root source's text is at hand; an included file is read again
 * through the run's host, on the error path only (the engine keeps no copy
 * of every included text for the rare run that fails). A file that cannot
 * be read back, or that changed so the span no longer fits, is named
 * without an excerpt.
 */
import { isAbsolute, relative } from "node:path";
import type { IncludeHost } from "../../core/host/include-host.js";

/** Texts and display names of the files a run's diagnostics point into. */
export interface DiagnosticSources {
  /** The text a span of `file` indexes (`undefined`: the unnamed root source), or `undefined` when it cannot be had. */
  textOf(file: string | undefined): string | undefined;
  /** `file` as shown to people and tools: relative to the working directory when inside it, else absolute; `undefined` for stdin. */
  nameOf(file: string | undefined): string | undefined;
}

/**
 * The sources of one run over `root` (its `file` absent for stdin), included
 * files read through `host`; names are relative to `base` (the working
 * directory) when inside it.
 */
export function runSources(root: { readonly text: string; readonly file?: string | undefined }, host?: IncludeHost, base = process.cwd()): DiagnosticSources {
  return {
    textOf(file) {
      if (file === undefined || file === root.file) return root.text;
      const read = host?.read(file);
      return read?.ok === true ? read.value : undefined;
    },
    nameOf(file) {
      if (file === undefined) return undefined;
      const rel = relative(base, file);
      return rel === "" || rel.startsWith("..") || isAbsolute(rel) ? file : rel;
    },
  };
}
