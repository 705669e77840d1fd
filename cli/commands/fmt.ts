import { Args, Command, Flags } from "@oclif/core";
import { oclifFlags } from "../argv/oclif-flags.js";
import { ERROR_FORMAT_FLAG } from "../transpile/transpile-flags.js";

/** `jsson fmt [FILES…|-]`: format JSSON sources in the one canonical layout (docs/formatting.md). */
export default class Fmt extends Command {
  static override summary = "Format JSSON files in the canonical layout.";
  static override description = `Prints the formatted text of each file (stdin when none or -), or with --write rewrites the files that change, --check lists the files that would change, --diff shows how.
Comments, blank-line groups and string forms are kept; a file with a syntax error is reported and left untouched.
Exit status: 0 done (with --check: nothing would change), 1 a file would change (--check) or has a syntax error or cannot be read, 2 usage error.`;
  static override examples = [
    "<%= config.bin %> fmt config.jsson",
    "<%= config.bin %> fmt --write *.jsson",
    "<%= config.bin %> fmt --check --diff src/*.jsson",
    "<%= config.bin %> fmt - < config.jsson",
  ];
  static override strict = false;
  static override flags = {
    check: Flags.boolean({ char: "c", description: "list the files that would change; exit 1 if any would" }),
    write: Flags.boolean({ char: "w", description: "rewrite the files that change (stdin still goes to stdout)" }),
    diff: Flags.boolean({ char: "d", description: "print a unified diff of each file that would change" }),
    ...oclifFlags([ERROR_FORMAT_FLAG]),
  };
  static override args = {
    files: Args.string({ description: "files to format (- or none: stdin)", required: false, ignoreStdin: true }),
  };

  async run(): Promise<void> {
    const { flags, argv } = await this.parse(Fmt);
    const { runFmt } = await import("../source-tools/fmt-files.js");
    process.exitCode = await runFmt(argv as string[], { check: flags.check, write: flags.write, diff: flags.diff }, flags["error-format"] as string | undefined);
  }
}
