/** `jsson validate`: syntax check of one source (engine.check); returns the exit status. */
import { DEFAULT_LIMITS } from "../../core/index.js";
import { loadCliEngine } from "../plugin-loader/cli-engine.js";
import { runSources } from "../terminal/diagnostic-sources.js";
import { diagnosticsText, errorFormatOf } from "../terminal/error-format.js";
import { EXIT } from "../terminal/exit-codes.js";
import { writeStderr } from "../io/fd-writer.js";
import { maxInputBytes, readInput } from "../io/read-input.js";

/**
 * Check `input ?? file ?? "-"`; prints `✓ Syntax OK: <file>` or the diagnostic on stderr (in `errorFormat`, the
 * `--error-format` value); resolves to the exit status.
 */
export async function runValidate(input: string | undefined, file: string | undefined, plugins: readonly string[] = [], errorFormat?: string): Promise<number> {
  if (input !== undefined && file !== undefined && input !== file) {
    writeStderr(`jsson: two input files given ("${input}" and "${file}"); give one, as -i FILE or FILE\n`);
    return EXIT.USAGE;
  }
  const format = errorFormatOf(errorFormat);
  if (!format.ok) {
    writeStderr(`jsson: ${format.message}\n`);
    return EXIT.USAGE;
  }
  // a syntax check needs no formats: jsson.config.json is not read (its plugins are code); --plugin / JSSON_PLUGINS are still loaded and checked
  const loaded = await loadCliEngine(plugins, false);
  if (!loaded.ok) {
    writeStderr(`jsson: ${loaded.message}\n`);
    return EXIT.USAGE;
  }
  const path = input ?? file ?? "-";
  const read = readInput(path, maxInputBytes(DEFAULT_LIMITS.maxSourceLength));
  if (!read.ok) {
    writeStderr(`jsson: ${read.message}\n`);
    return EXIT.SOURCE;
  }
  const diagnostics = loaded.engine.check(read.text, read.file === undefined ? {} : { file: read.file });
  if (diagnostics.length > 0) {
    writeStderr(diagnosticsText(format.format, diagnostics, runSources(read)));
    return EXIT.SOURCE;
  }
  writeStderr(`✓ Syntax OK: ${path === "-" ? "<stdin>" : path}\n`);
  return EXIT.OK;
}
