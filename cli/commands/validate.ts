import { entryCommand } from "../argv/oclif-flags.js";
import { VALIDATE_COMMAND } from "../transpile/check-flags.js";

/** `jsson validate FILE|GLOB…`: syntax check, or with --deep a full check that writes nothing. */
export default class Validate extends entryCommand(VALIDATE_COMMAND, "file", "input files or quoted globs (- or none: stdin)") {
  static override summary = "Check JSSON files: their syntax, or with --deep everything short of writing the output.";
  static override description = `Without --deep, only the syntax is checked: nothing is evaluated and includes are not read (a missing include is not found).
With --deep (or as "jsson check"), each file is evaluated fully: includes followed, the output produced for --format and thrown away, and the data validated against --schema when given.
FILEs may be globs (quoted: 'conf/**/*.jsson'). One report per failing file; with several files or --deep, a last line "N files checked, N failed".
Exit status: the worst of all files: 0 all good, 1 a source error (or unreadable input), 2 a schema failure or a usage error.`;
  static override examples = [
    "<%= config.bin %> validate config.jsson",
    "<%= config.bin %> validate - < config.jsson",
    "<%= config.bin %> validate --deep 'conf/**/*.jsson' -schema schema.json",
  ];
}
