/**
 * One run of a plugin's format through a real engine, buffered or streamed,
 * reduced to what the checks look at: the text written, or the diagnostic
 * the run failed with, or what it threw (an exception out of a run is a bug
 * of the format: jsson reports only diagnostics).
 */
import type { Engine } from "../engine/engine.js";
import type { RunOptions } from "../engine/options.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";

/** What one run came to. `written` is what reached the sink before the run ended. */
export type RunOutcome =
  | { readonly kind: "output"; readonly text: string; readonly chunks: number; readonly badChunk?: string }
  | { readonly kind: "failed"; readonly diagnostic: Diagnostic; readonly written: string }
  | { readonly kind: "threw"; readonly error: unknown; readonly written: string };

/** Options of a run the checks vary; the format is the runner's. */
export type CheckRunOptions = Pick<RunOptions, "formatOptions" | "limits" | "select" | "streamThreshold" | "verifyBeforeWrite">;

/** Runs sources in one format of one engine. */
export class FormatRunner {
  constructor(
    private readonly engine: Engine,
    /** Canonical format name. */
    readonly format: string,
  ) {}

  /** A buffered run (`Engine.transpile`). */
  buffered(source: string, options: CheckRunOptions = {}): RunOutcome {
    try {
      const r = this.engine.transpile(source, { ...options, format: this.format });
      if (r.ok) return { kind: "output", text: r.output, chunks: 1 };
      return { kind: "failed", diagnostic: firstDiagnostic(r.diagnostics), written: "" };
    } catch (error) {
      return { kind: "threw", error, written: "" };
    }
  }

  /** A streamed run (`Engine.transpileTo`): the chunks as the sink receives them. */
  streamed(source: string, options: CheckRunOptions = {}): RunOutcome {
    const chunks: string[] = [];
    let badChunk: string | undefined;
    const sink = {
      write(chunk: string): void {
        if (typeof chunk !== "string") badChunk ??= `sink.write was given a ${typeof chunk}, not a string`;
        chunks.push(String(chunk));
      },
    };
    try {
      const r = this.engine.transpileTo(source, sink, { ...options, format: this.format });
      const text = chunks.join("");
      if (r.ok) return badChunk === undefined ? { kind: "output", text, chunks: chunks.length } : { kind: "output", text, chunks: chunks.length, badChunk };
      return { kind: "failed", diagnostic: firstDiagnostic(r.diagnostics), written: text };
    } catch (error) {
      return { kind: "threw", error, written: chunks.join("") };
    }
  }
}

/** A failed run's first diagnostic; a failure without one is reported as thrown (inside the run's try). */
function firstDiagnostic(diagnostics: readonly Diagnostic[]): Diagnostic {
  const d = diagnostics[0];
  if (d === undefined) throw new Error("a failed run without a diagnostic");
  return d;
}

/** One line about an outcome, for messages. */
export function describeOutcome(o: RunOutcome): string {
  if (o.kind === "output") return `wrote ${o.text.length} characters`;
  if (o.kind === "failed") return `failed with ${o.diagnostic.code} at line ${o.diagnostic.line}: ${o.diagnostic.message}`;
  return `threw ${errorLine(o.error)} (an exception out of a run is a bug of the format: refuse a value with OutputError)`;
}

/** The first line of an error, with its class name. */
export function errorLine(e: unknown): string {
  if (e instanceof Error) return `${e.name}: ${e.message.split("\n")[0] ?? ""}`;
  return String(e);
}

/** Where two texts first differ, shown around that offset. */
export function firstTextDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const around = (t: string): string => JSON.stringify(t.slice(Math.max(0, i - 20), i + 20));
  return `they differ at offset ${i} (lengths ${a.length} and ${b.length}): ${around(a)} vs ${around(b)}`;
}
