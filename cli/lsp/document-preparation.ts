/**
 * Opened and edited documents' trees and outlines built ahead of the
 * requests that read them, in short steps between the server's messages
 * (DocumentState.prepare): the first hover or completion after opening a
 * large document finds them built instead of building them (for W3, a few
 * hundred milliseconds of a cold engine), and a request that arrives
 * meanwhile is handled after the step in progress, building at once only
 * what is left.
 */
import type { DocumentState } from "./document-state.js";

/** The longest step, in ms: a message waits at most this long (plus one item's outline or the tree) behind one. */
export const STEP_MS = 4;

/** What a client can read of the preparations (`jsson/evaluationStats`). */
export interface PreparationCounts {
  /** Steps run. */
  steps: number;
  /** Versions whose outline a step finished (a request may have finished it first). */
  prepared: number;
}

export class DocumentPreparation {
  /** Documents with a version to prepare, by URI. */
  private readonly waiting = new Set<string>();
  private timer: NodeJS.Immediate | undefined;
  readonly counts: PreparationCounts = { steps: 0, prepared: 0 };

  /** @param current the document's state as of its latest version (undefined once it is closed) */
  constructor(private readonly current: (uri: string) => DocumentState | undefined) {}

  /** Prepare the latest version of `uri` (a version edited meanwhile is skipped for the newer one). */
  schedule(uri: string): void {
    this.waiting.add(uri);
    this.timer ??= setImmediate(() => this.step());
  }

  /** Stop (the server exits). */
  dispose(): void {
    if (this.timer !== undefined) clearImmediate(this.timer);
    this.timer = undefined;
    this.waiting.clear();
  }

  private step(): void {
    this.timer = undefined;
    const uri = this.waiting.values().next().value as string | undefined;
    if (uri === undefined) return;
    this.counts.steps++;
    const state = this.current(uri);
    if (state === undefined || state.prepare(performance.now() + STEP_MS)) {
      this.waiting.delete(uri);
      if (state !== undefined) this.counts.prepared++;
    }
    if (this.waiting.size > 0) this.timer = setImmediate(() => this.step());
  }
}
