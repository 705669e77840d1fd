/**
 * The merge-includes stage's hook in front of a run's include host: each
 * include is first offered to the `resolveInclude` taps (a plugin's own
 * scheme, generated files…); the first answer provides its id and text, and
 * an include no tap answers goes to the run's host as before. One per run;
 * an answered text is held from its resolution to its reading.
 */
import type { SyncBailHook } from "tapable";
import type { HostResult, IncludeHost } from "../host/include-host.js";
import type { IncludeRequest, IncludeSource } from "../plugin/index.js";
import { PHRASES } from "../diagnostics/catalogue.js";
import { isRecord } from "./plugin-shape.js";

/** An include host that asks the hook first; see the file header. */
export class HookedIncludeHost implements IncludeHost {
  private readonly answered = new Map<string, string>();

  constructor(
    private readonly hook: SyncBailHook<[IncludeRequest], IncludeSource | undefined>,
    private readonly inner: IncludeHost | undefined,
  ) {}

  resolve(path: string, from: string | undefined): HostResult<string> {
    const answer: unknown = this.hook.call({ path, from });
    if (answer === undefined) return this.inner?.resolve(path, from) ?? { ok: false, detail: PHRASES.noIncludes };
    // A plugin's answer is checked like any plugin data: a malformed one is an I2 error, not a crash later.
    if (isRecord(answer) && answer["ok"] === true && typeof answer["id"] === "string" && answer["id"] !== "" && typeof answer["text"] === "string") {
      this.answered.set(answer["id"], answer["text"]);
      return { ok: true, value: answer["id"] };
    }
    if (isRecord(answer) && answer["ok"] === false && typeof answer["detail"] === "string") return { ok: false, detail: answer["detail"] };
    return { ok: false, detail: "an include resolver plugin gave a malformed answer" };
  }

  read(id: string): HostResult<string> {
    const text = this.answered.get(id);
    // The evaluator reads an id right after resolving it: held only in between (a second include of it asks again).
    if (text === undefined) return this.inner?.read(id) ?? { ok: false, detail: PHRASES.noIncludes };
    this.answered.delete(id);
    return { ok: true, value: text };
  }
}
