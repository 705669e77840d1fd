import { entryCommand } from "../argv/oclif-flags.js";
import { FMT_COMMAND } from "../source-tools/fmt-flags.js";

/** `jsson fmt [FILES…|-]`: format JSSON sources in the one canonical layout (docs/formatting.md). */
export default class Fmt extends entryCommand(FMT_COMMAND, "files", "files to format (- or none: stdin)") {
  static override summary = "Format JSSON files in the canonical layout.";
  static override description = `Prints the formatted text of each file (stdin when none or -), or with --write rewrites the files that change, --check lists the files that would change, --diff shows how.
Comments, blank-line groups and string forms are kept; a file with a syntax error is reported and left untouched, unless --force: then it is formatted around its errors (each item holding one kept as written), the errors still reported.
Exit status: 0 done (with --check: nothing would change), 1 a file would change (--check) or has a syntax error or cannot be read, 2 usage error.`;
  static override examples = [
    "<%= config.bin %> fmt config.jsson",
    "<%= config.bin %> fmt --write *.jsson",
    "<%= config.bin %> fmt --check --diff src/*.jsson",
    "<%= config.bin %> fmt - < config.jsson",
    "<%= config.bin %> fmt --force --write broken.jsson",
  ];
}
