import { Command } from "@oclif/core";

/** `jsson lsp`: the language server, over stdin/stdout (docs/editors.md). */
export default class Lsp extends Command {
  static override summary = "Run the JSSON language server over stdio (for editors).";
  static override description = "Speaks the Language Server Protocol on stdin/stdout: diagnostics as you type (evaluated in a thread of its own, cancelled by edits), hover, definitions, references, rename, completion, symbols, semantic tokens and folding. Editors start it; see docs/editors.md.";
  static override examples = ["<%= config.bin %> lsp"];
  static override flags = {};

  async run(): Promise<void> {
    await this.parse(Lsp);
    const { startLspServer } = await import("../lsp/lsp-server.js");
    await startLspServer(process.stdin, process.stdout);
  }
}
