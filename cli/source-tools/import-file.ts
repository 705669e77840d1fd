/**
 * `jsson import`: a JSON, YAML or TOML file (or stdin) as JSSON, on stdout
 * or into `-o FILE` (replaced only once complete). Warnings (TOML dates
 * became strings) go to stderr; on a terminal, control characters from the
 * data are shown escaped.
 */
import { dataFormatOf } from "../../core/index.js";
import { importDocument, type ImportFormat } from "../../core/import/import-document.js";
import { EXIT } from "../terminal/exit-codes.js";
import { OutputWriteError, writeStderr, writeStdout } from "../io/fd-writer.js";
import { replaceFile } from "../io/file-replacement.js";
import { readInput } from "../io/read-input.js";

/** Flags of `jsson import`. */
export interface ImportFlags {
  readonly from: ImportFormat | undefined;
  readonly output: string | undefined;
  readonly comments: boolean;
}

/** Import `path` (`-` or none: stdin, which needs `--from`); resolves to the exit status. */
export async function runImport(path: string | undefined, flags: ImportFlags): Promise<number> {
  const input = path ?? "-";
  const format = flags.from ?? (input === "-" ? undefined : dataFormatOf(input));
  if (format === undefined) {
    writeStderr(
      input === "-"
        ? "jsson import: reading stdin needs --from json|yaml|toml\n"
        : `jsson import: cannot tell the format of "${input}" (expected .json, .yaml, .yml or .toml); give --from json|yaml|toml\n`,
    );
    return EXIT.USAGE;
  }
  const label = input === "-" ? "<stdin>" : input;
  const read = readInput(input);
  if (!read.ok) {
    writeStderr(`jsson: ${read.message}\n`);
    return EXIT.SOURCE;
  }
  const r = importDocument(read.text, format, { label, comments: flags.comments });
  if (!r.ok) {
    writeStderr(`jsson import: ${r.line === undefined ? "" : `Line ${r.line}: `}${r.message}\n`);
    return EXIT.SOURCE;
  }
  for (const w of r.warnings) writeStderr(`jsson import: warning: ${w}\n`);
  if (flags.output === undefined || flags.output === "-") {
    writeStdout(r.text);
    return EXIT.OK;
  }
  try {
    await replaceFile(flags.output, [r.text], { followLink: true });
  } catch (e) {
    if (!(e instanceof OutputWriteError)) throw e;
    writeStderr(`jsson: ${e.message}\n`);
    return EXIT.SOURCE;
  }
  return EXIT.OK;
}
