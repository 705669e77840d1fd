/**
 * `-o FILE` without `-f`: the output format from the file's extension,
 * among every registered format's extensions (plugins' too). The longest
 * matching extension wins (a plugin's `d.ts` over `ts`); case does not
 * matter. A name without an extension keeps the default format (JSON), so
 * `-o /dev/stdout` still works; an extension no format claims is a usage
 * error listing the known ones.
 */
import { basename } from "node:path";
import type { Engine } from "../../core/index.js";
import { UsageError } from "../terminal/exit-codes.js";

/** The canonical format name for writing to `path`, or `undefined` when the name has no extension. Throws {@link UsageError}. */
export function outputFormatOf(engine: Engine, path: string): string | undefined {
  const name = basename(path).toLowerCase();
  if (!name.slice(1).includes(".")) return undefined; // no extension (a leading dot is a hidden file's name)
  let best: { format: string; length: number } | undefined;
  for (const f of engine.listFormats())
    for (const ext of f.extensions) {
      const suffix = "." + ext.toLowerCase();
      if (name.endsWith(suffix) && name.length > suffix.length && (best === undefined || suffix.length > best.length)) best = { format: f.name, length: suffix.length };
    }
  if (best) return best.format;
  const known = engine.listFormats().flatMap((f) => f.extensions.map((e) => "." + e));
  throw new UsageError(`cannot tell the output format from "${path}": no format writes ${JSON.stringify(name.slice(name.lastIndexOf(".")))} files (known: ${known.join(", ")}); give -f FORMAT`);
}
