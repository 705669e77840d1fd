/**
 * `jsson fmt`: format JSSON files (docs/formatting.md). Each input is read,
 * formatted with {@link formatSource}, then printed, checked, diffed or
 * written back; a file that does not parse is reported and left untouched
 * (with `--force`, reported and formatted around its errors), and the other
 * files are still processed.
 */
import { createTwoFilesPatch } from "diff";
import { formatSource } from "../../core/format/format-source.js";
import type { Diagnostic } from "../../core/diagnostics/diagnostic.js";
import { flagText, type ParsedFlags } from "../argv/command-entry.js";
import { runSources } from "../terminal/diagnostic-sources.js";
import { diagnosticsJson } from "../terminal/diagnostic-json.js";
import { diagnosticsText, errorFormatOf } from "../terminal/error-format.js";
import { EXIT } from "../terminal/exit-codes.js";
import { OutputWriteError, writeStderr, writeStdout } from "../io/fd-writer.js";
import { replaceFile } from "../io/file-replacement.js";
import { readInput } from "../io/read-input.js";

/**
 * Past this many edited lines the diff is not searched for (Myers' cost
 * grows with edits × lines): the whole file is shown as replaced.
 */
const MAX_DIFF_EDITS = 20_000;
/** Nor for longer than this (edits × lines still grows with a long file). */
const DIFF_TIMEOUT_MS = 2_000;

/**
 * Format `paths` (`-` or none: stdin) as the parsed flags of `jsson fmt`
 * (fmt-flags.ts) say; resolves to the exit status. Syntax errors are written
 * in the `--error-format` given: for `json`, one document for the whole run,
 * after the last file (each entry names its file).
 */
export async function runFmt(paths: readonly string[], flags: ParsedFlags): Promise<number> {
  const mode = { check: flags["check"] === true, write: flags["write"] === true, diff: flags["diff"] === true, force: flags["force"] === true };
  const inputs = paths.length === 0 ? ["-"] : paths;
  const format = errorFormatOf(flagText(flags, "error-format"));
  if (!format.ok) {
    writeStderr(`jsson: ${format.message}\n`);
    return EXIT.USAGE;
  }
  const errorFormat = format.format;
  if (inputs.filter((p) => p === "-").length > 1) {
    writeStderr("jsson fmt: stdin (-) given more than once\n");
    return EXIT.USAGE;
  }
  let status: number = EXIT.OK;
  const failures: Diagnostic[] = [];
  for (const path of inputs) {
    const shown = path === "-" ? "<stdin>" : path;
    const read = readInput(path);
    if (!read.ok) {
      writeStderr(`jsson: ${read.message}\n`);
      status = EXIT.SOURCE;
      continue;
    }
    const result = formatSource(read.text, { ...(read.file === undefined ? {} : { file: read.file }), formatBroken: mode.force });
    if (!result.ok) {
      if (errorFormat === "json") failures.push(...result.diagnostics);
      else writeStderr((inputs.length > 1 && errorFormat === "human" ? `${shown}:\n` : "") + diagnosticsText(errorFormat, result.diagnostics, runSources(read)));
      status = EXIT.SOURCE;
    }
    const formatted = result.text;
    if (formatted === undefined) continue;
    // A BOM is not part of the layout; the formatted text starts without it.
    const original = read.text.charCodeAt(0) === 0xfeff ? read.text.slice(1) : read.text;
    const changed = formatted !== read.text;
    if (mode.check && changed) {
      if (!mode.diff) writeStdout(`${shown}\n`);
      if (status === EXIT.OK) status = EXIT.SOURCE;
    }
    if (mode.diff && changed) writeStdout(unifiedDiff(shown, original, formatted));
    if (mode.write && read.file !== undefined) {
      if (changed) {
        try {
          // beside the file, renamed over it once complete; a symbolic link keeps naming it
          await replaceFile(read.file, [formatted], { followLink: true });
        } catch (e) {
          if (!(e instanceof OutputWriteError)) throw e;
          writeStderr(`jsson: ${e.message}\n`);
          status = EXIT.SOURCE;
        }
      }
    } else if (!mode.check && !mode.diff) writeStdout(formatted);
  }
  // json names files only (no excerpts): any run's sources name them alike
  if (failures.length > 0) writeStderr(diagnosticsJson(failures, runSources({ text: "" })));
  return status;
}

/** A unified diff (`--- FILE` / `+++ FILE`, 3 lines of context). */
function unifiedDiff(name: string, before: string, after: string): string {
  const patch = createTwoFilesPatch(name, name, before, after, undefined, undefined, { context: 3, maxEditLength: MAX_DIFF_EDITS, timeout: DIFF_TIMEOUT_MS });
  // The package starts with `Index:` and `===` lines; `diff -u` and git start at `---`.
  return patch === undefined ? wholeFileDiff(name, before, after) : patch.slice(patch.indexOf("--- "));
}

/** The diff that replaces every line: for changes too many to search for a smaller one. */
function wholeFileDiff(name: string, before: string, after: string): string {
  const lines = (text: string): string[] => (text === "" ? [] : text.replace(/\n$/, "").split("\n"));
  const a = lines(before);
  const b = lines(after);
  const hunk = `@@ -${a.length === 0 ? 0 : 1},${a.length} +${b.length === 0 ? 0 : 1},${b.length} @@\n`;
  return `--- ${name}\n+++ ${name}\n${hunk}${a.map((l) => `-${l}\n`).join("")}${b.map((l) => `+${l}\n`).join("")}`;
}

