/**
 * The formatter's properties on one source (docs/formatting.md): the text
 * formats, formatting again changes nothing, every comment is still there in
 * the same order, and the four outputs are byte-identical before and after
 * (or both runs fail with the same code and message).
 */
import { createEngine, NodeFsHost, type Engine, type RunOptions } from "../../index.js";
import { formatSource } from "../../core/format/format-source.js";
import { Lexer } from "../../core/syntax/lexer.js";

const FORMATS = ["json", "yaml", "toml", "typescript"] as const;
const engine: Engine = createEngine();

/** The `//` comments of a source, in order (found between the lexer's tokens), trailing blanks removed. */
export function commentsOf(text: string): string[] {
  const lexer = new Lexer(text);
  const found: string[] = [];
  let pos = 0;
  for (;;) {
    const t = lexer.next();
    for (const m of text.slice(pos, t.start).matchAll(/\/\/[^\n]*/g)) found.push(m[0].trimEnd());
    if (t.kind === "eof") return found;
    pos = t.end;
  }
}

/** What one run gives: output text, or the first diagnostic's code and message (lines may move). */
function outcome(text: string, format: string, options: RunOptions): string {
  const r = engine.transpile(text, { ...options, format });
  return r.ok ? `ok\n${r.output}` : `error ${r.diagnostics[0]?.code}: ${r.diagnostics[0]?.message}`;
}

/** Options of {@link formatProblem}. */
export interface CheckOptions {
  /** Path of the source, so includes resolve from its folder. */
  readonly file?: string;
  readonly includeMerge?: RunOptions["includeMerge"];
}

/** The first broken property of `source`, or undefined when all hold. A source that does not parse is a problem. */
export function formatProblem(source: string, options: CheckOptions = {}): string | undefined {
  const once = formatSource(source);
  if (!once.ok) return `refused: ${once.diagnostics[0]?.message}`;
  const twice = formatSource(once.text);
  if (!twice.ok) return `the formatted text does not parse: ${twice.diagnostics[0]?.message}\n${once.text}`;
  if (twice.text !== once.text) return `not idempotent:\n--- once\n${once.text}\n--- twice\n${twice.text}`;
  const before = commentsOf(source);
  const after = commentsOf(once.text);
  if (JSON.stringify(before) !== JSON.stringify(after)) return `comments changed: ${JSON.stringify(before)} -> ${JSON.stringify(after)}\n${once.text}`;
  const run: RunOptions = {
    host: new NodeFsHost(),
    ...(options.file === undefined ? {} : { file: options.file }),
    ...(options.includeMerge === undefined ? {} : { includeMerge: options.includeMerge }),
  };
  for (const format of FORMATS) {
    const a = outcome(source, format, run);
    const b = outcome(once.text, format, run);
    if (a !== b) return `${format} output changed:\n--- before\n${a}\n--- after\n${b}\n--- formatted source\n${once.text}`;
  }
  return undefined;
}
