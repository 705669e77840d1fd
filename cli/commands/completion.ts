import { Args, Command, type Config } from "@oclif/core";
import type { Engine } from "../../core/index.js";
import type { CompletionModel } from "../argv/completion-script.js";
import { oclifFlags } from "../argv/oclif-flags.js";
import { PLUGIN_FLAG } from "../transpile/transpile-flags.js";

/** `jsson completion bash|zsh|fish`: print a shell completion script. */
export default class Completion extends Command {
  static override summary = "Print a shell completion script (bash, zsh or fish).";
  static override description = `Completes commands, flags, the values of -f and of flags with fixed choices, and file names.
bash:  source <(jsson completion bash)      (or save it in ~/.local/share/bash-completion/completions/jsson)
zsh:   source <(jsson completion zsh)       (after compinit)
fish:  jsson completion fish > ~/.config/fish/completions/jsson.fish`;
  static override examples = ["<%= config.bin %> completion bash > ~/.local/share/bash-completion/completions/jsson"];
  static override flags = oclifFlags([PLUGIN_FLAG]);
  static override args = {
    shell: Args.string({ description: "bash, zsh or fish", required: true, options: ["bash", "zsh", "fish"] }),
  };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(Completion);
    const { loadCliEngine } = await import("../plugin-loader/cli-engine.js");
    const { completionScript } = await import("../argv/completion-script.js");
    const loaded = await loadCliEngine(flags.plugin ?? []);
    if (!loaded.ok) {
      const { EXIT } = await import("../terminal/exit-codes.js");
      process.stderr.write(`jsson: ${loaded.message}\n`);
      process.exitCode = EXIT.USAGE;
      return;
    }
    const model = completionModel(this.config, loaded.engine);
    process.stdout.write(completionScript(args.shell as "bash" | "zsh" | "fish", model));
  }
}

/** The {@link CompletionModel} of this jsson: oclif's command list with their flags, and the engine's format names (plugins loaded). */
function completionModel(config: Config, engine: Engine): CompletionModel {
  const commands = config.commands
    .filter((c) => c.hidden !== true)
    .map((c) => ({
      id: c.id,
      ...argChoices(Object.values(c.args)[0]?.options),
      summary: c.summary ?? (c.description ?? "").split("\n")[0] ?? "",
      flags: Object.values(c.flags)
        .filter((f) => f.hidden !== true)
        .map((f) => ({
          name: f.name,
          takesValue: f.type === "option",
          description: f.summary ?? f.description ?? "",
          ...(f.char === undefined ? {} : { char: f.char }),
          ...(f.type === "option" && Array.isArray(f.options) ? { choices: f.options } : {}),
        })),
    }))
    .sort((a, b) => a.id.localeCompare(b.id));
  return { bin: config.bin, commands, defaultCommand: "transpile", formats: engine.listFormats().flatMap((f) => [f.name, ...f.aliases]) };
}

function argChoices(options: unknown): { argChoices?: readonly string[] } {
  return Array.isArray(options) && options.every((o) => typeof o === "string") ? { argChoices: options as string[] } : {};
}
