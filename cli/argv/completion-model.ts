/** The {@link CompletionModel} of this jsson: oclif's command list with their flags, and the engine's format names. */
import type { Config } from "@oclif/core";
import type { Engine } from "../../core/index.js";
import type { CompletionModel } from "./completion-script.js";

/** Build the model from oclif's loaded configuration and the engine (plugins loaded). */
export function completionModel(config: Config, engine: Engine): CompletionModel {
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
