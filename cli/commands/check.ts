import { entryCommand } from "../argv/oclif-flags.js";
import { CHECK_COMMAND } from "../transpile/check-flags.js";

/** `jsson check FILE|GLOB…`: `jsson validate --deep`, for CI. */
export default class Check extends entryCommand(CHECK_COMMAND, "file", "input files or quoted globs (- or none: stdin)") {
  static override summary = "Check JSSON files fully, writing nothing (the same as validate --deep).";
  static override description = `Each file is evaluated fully: includes followed, the output produced for --format and thrown away, and the data validated against --schema when given.
FILEs may be globs (quoted: 'conf/**/*.jsson'). One report per failing file, then "N files checked, N failed".
Exit status: the worst of all files: 0 all good, 1 a source error (or unreadable input), 2 a schema failure or a usage error.`;
  static override examples = ["<%= config.bin %> check 'conf/**/*.jsson'", "<%= config.bin %> check app.jsson -schema schema.json -f yaml"];
}
