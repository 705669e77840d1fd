/**
 * What a CLI report needs besides the diagnostics: the text each span points
 * into (for the excerpt under a `-->` line) and the name each file is shown
 * by. The root source's text is at hand; an included file's is the text the
 * run read, kept by the {@link TextKeepingHost} the run was given: nothing is
 * read again on the error path, so the excerpt is of the text the offsets
 * index even if the file has changed since. A file the run did not read
 * through such a host is named without an excerpt.
 */
import type { HostResult, IncludeHost } from "../../core/host/include-host.js";
import { shownPath } from "./shown-path.js";

/** Texts and display names of the files a run's diagnostics point into. */
export interface DiagnosticSources {
  /** The text a span of `file` indexes (`undefined`: the unnamed root source), or `undefined` when it cannot be had. */
  textOf(file: string | undefined): string | undefined;
  /** `file` as shown to people and tools: relative to the working directory when inside it, else absolute; `undefined` for stdin. */
  nameOf(file: string | undefined): string | undefined;
}

/**
 * An include host that keeps each text it hands to a run, by id, for the
 * run's report, and the ids of the files the run asked for (read or tried
 * to read: `--watch` follows a missing include too). What it holds is
 * bounded by what the run may read (the include limit times the host's file
 * size limit); a text read again replaces the one kept.
 */
export class TextKeepingHost implements IncludeHost {
  private readonly texts = new Map<string, string>();
  private readonly asked = new Set<string>();

  constructor(private readonly inner: IncludeHost) {}

  resolve(path: string, from: string | undefined): HostResult<string> {
    return this.inner.resolve(path, from);
  }

  read(id: string): HostResult<string> {
    this.asked.add(id); // before the read: a file whose read throws was asked for too (--watch watches it)
    const read = this.inner.read(id);
    if (read.ok) this.texts.set(id, read.value);
    return read;
  }

  /** The ids the run asked to read (absolute paths for the file-system host). */
  readIds(): ReadonlySet<string> {
    return this.asked;
  }

  /** The text last read for `id`, if the run read it. */
  keptText(id: string): string | undefined {
    return this.texts.get(id);
  }
}

/**
 * The sources of one run over `root` (its `file` absent for stdin), included
 * files' texts as `host` kept them (when the run was given a
 * {@link TextKeepingHost}); names are relative to `base` (the working
 * directory) when inside it.
 */
export function runSources(root: { readonly text: string; readonly file?: string | undefined }, host?: IncludeHost, base = process.cwd()): DiagnosticSources {
  return {
    textOf(file) {
      if (file === undefined || file === root.file) return root.text;
      return host instanceof TextKeepingHost ? host.keptText(file) : undefined;
    },
    nameOf: (file) => (file === undefined ? undefined : shownPath(file, base)),
  };
}
