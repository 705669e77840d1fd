import { entryCommand } from "../argv/oclif-flags.js";
import { TRANSPILE_COMMAND } from "../transpile/transpile-flags.js";

/** `jsson transpile [FILE]`, also the default command (`jsson -i FILE -f yaml`). */
export default class Transpile extends entryCommand(TRANSPILE_COMMAND, "file", "input file (- or none: stdin); several files or quoted globs ('conf/**/*.jsson') with --out-dir") {
  static override summary = "Transpile a JSSON file to JSON, YAML, TOML or TypeScript (the default command).";
  static override description = `Reads FILE (or -i FILE; "-" or nothing reads stdin) and writes the output to stdout, or to -o FILE.
Errors go to stderr as "Line <n>: <message>" with its place (--> file:line:column), the source line and a caret (--error-format json or github: for tools).
Exit status: 0 ok, 1 source error (or unreadable input), 2 usage error or failed schema validation.
Go-style single-dash flags work too: jsson -i config.jsson -f yaml -include-merge overwrite`;
  static override examples = [
    "<%= config.bin %> -i config.jsson -f yaml",
    "<%= config.bin %> transpile config.jsson -f toml -o config.toml",
    "<%= config.bin %> -f ts < config.jsson",
    "<%= config.bin %> -i config.jsson -schema schema.json -validate-only",
    "<%= config.bin %> config.jsson -o deploy.yaml --select services --documents",
    "<%= config.bin %> transpile a.jsson 'conf/**/*.jsson' --out-dir dist -f yaml",
    "<%= config.bin %> config.jsson -f yaml --watch",
  ];
}
