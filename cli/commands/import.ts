import { Args, Command, Flags } from "@oclif/core";

/** `jsson import FILE.json|yaml|yml|toml`: an existing data file as idiomatic JSSON (docs/import.md). */
export default class Import extends Command {
  static override summary = "Convert a JSON, YAML or TOML file to JSSON.";
  static override description = `Writes JSSON that transpiles back to the same data (integers and floats, 64-bit integers, key order), to stdout or to -o FILE.
YAML and TOML comments above or beside a key are kept (best effort); TOML dates and times become strings (a warning says where).
Exit status: 0 done, 1 the input cannot be read or JSSON cannot hold it (the message says what), 2 usage error.`;
  static override examples = [
    "<%= config.bin %> import config.yaml -o config.jsson",
    "<%= config.bin %> import --from json - < package.json",
  ];
  static override flags = {
    output: Flags.string({ char: "o", description: "write the JSSON here instead of stdout", helpValue: "FILE" }),
    from: Flags.string({ description: "input format (needed for stdin; default: from the file's extension)", options: ["json", "yaml", "toml"] }),
    "no-comments": Flags.boolean({ description: "do not carry YAML/TOML comments over" }),
  };
  static override args = {
    file: Args.string({ description: "a .json, .yaml, .yml or .toml file (- or none: stdin, with --from)", required: false, ignoreStdin: true }),
  };

  async run(): Promise<void> {
    const { flags, args } = await this.parse(Import);
    const { runImport } = await import("../source-tools/import-file.js");
    const from = flags.from === "json" || flags.from === "yaml" || flags.from === "toml" ? flags.from : undefined;
    process.exitCode = await runImport(args.file, { from, output: flags.output, comments: !flags["no-comments"] });
  }
}
