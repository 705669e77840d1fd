/**
 * Previews of `:=` values for hovers (evaluation thread). A declaration
 * binds a name and writes nothing, so its value is in no output; and the
 * engine keeps its scopes to itself. So the thread evaluates the document a
 * second time with, after each asked-for declaration, a quoted key that
 * holds the name's value there (`" jsson-lsp-preview 3" = base`): a quoted
 * key binds no name, so nothing the document computes changes, and the key
 * is read back at its body's output path. Keys of this kind are left out of
 * every preview (a later `...server` or `copy = server` carries them along);
 * a text that compares values gets no probes in key bodies (below).
 * The second run is bounded like the first, with less time: a document too
 * heavy for it gets no `:=` previews, never a late or wrong one.
 */
import type { Engine, IncludeHost, RunSignal } from "../../core/index.js";
import type { BodyItem, Statement } from "../../core/syntax/ast.js";
import { parseProgram } from "../../core/syntax/parser.js";
import { KEYWORDS } from "../../core/syntax/tokens.js";
import { resolveLimits } from "../../core/values/resolve-limits.js";
import { ObjectValue, type Value } from "../../core/values/values.js";
import { declarationId, declarationPreviewPath, MAX_DECLARATION_DEPTH, type DeclarationRequest } from "./declaration-ids.js";
import { LSP_LIMITS } from "./lsp-limits.js";
import { previewValue } from "./value-preview.js";

/** The second run's time: a hover's extra, not worth holding the thread as long as the evaluation proper. */
export const DECLARATION_RUN_TIMEOUT_MS = 2000;

/** Keys the second run adds start with this (a space first: no bare key can). */
const PREVIEW_KEY = " jsson-lsp-preview ";
const hidden = (key: string): boolean => key.startsWith(PREVIEW_KEY);

/** A declaration found in the program: where its probe goes and the body it is in. */
interface Site {
  readonly id: string;
  readonly name: string;
  readonly bodyPath: readonly string[];
  /** Offset the probe is inserted at: the next item's start, or the body's end. */
  readonly insertAt: number;
}

/** Previews of the asked-for `:=` values (by preview path as JSON); none when the document does not parse or the run fails. */
export function declarationPreviews(engine: Engine, host: IncludeHost, text: string, file: string | undefined, requests: readonly DeclarationRequest[], signal: RunSignal): [string, string][] {
  if (requests.length === 0) return [];
  const limits = resolveLimits(LSP_LIMITS);
  const parsed = parseProgram(text, { maxDepth: limits.maxDepth, maxSourceLength: limits.maxSourceLength, maxErrors: 1 });
  if (parsed.diagnostic !== undefined) return [];
  const wanted = new Set(requests.map(([id]) => id));
  // a probe in a key body is a key of that object during the run: comparing the object (`server == {…}`) would see it,
  // so a text that may compare values gets top-level probes only (the top level is no value a program can compare)
  const nested = !text.includes("==") && !text.includes("!=");
  const sites = declarationSites(parsed.program.statements, text.length, nested).filter((s) => wanted.has(s.id));
  if (sites.length === 0) return [];
  // insert from the end, so earlier offsets stay valid
  let probed = text;
  const keyOf = new Map<string, { key: string; site: Site }>();
  const ordered = sites.map((site, n) => ({ site, key: PREVIEW_KEY + n })).sort((a, b) => b.site.insertAt - a.site.insertAt);
  for (const { site, key } of ordered) {
    probed = probed.slice(0, site.insertAt) + `\n${JSON.stringify(key)} = ${site.name}\n` + probed.slice(site.insertAt);
    keyOf.set(site.id, { key, site });
  }
  const r = engine.evaluate(probed, { limits: { ...LSP_LIMITS, timeoutMs: DECLARATION_RUN_TIMEOUT_MS }, host, signal, ...(file === undefined ? {} : { file }) });
  if (!r.ok) return [];
  const out: [string, string][] = [];
  for (const [id, members] of requests) {
    const probe = keyOf.get(id);
    if (probe === undefined) continue;
    let v: Value | undefined = r.value;
    for (const k of probe.site.bodyPath) v = v instanceof ObjectValue ? v.get(k) : undefined;
    v = v instanceof ObjectValue ? v.get(probe.key) : undefined;
    for (const k of members) v = v instanceof ObjectValue && !hidden(k) ? v.get(k) : undefined;
    if (v !== undefined) out.push([JSON.stringify(declarationPreviewPath(id, members)), previewValue(v, hidden)]);
  }
  return out;
}

/** The declarations at top level and in key bodies along output paths, named as declaration-ids.ts names them from the outline. */
function declarationSites(statements: readonly Statement[], textEnd: number, nested: boolean): Site[] {
  const sites: Site[] = [];
  const bodies: { items: readonly (Statement | BodyItem)[]; path: readonly string[]; end: number }[] = [{ items: statements, path: [], end: textEnd }];
  for (let body = bodies.pop(); body !== undefined; body = bodies.pop()) {
    const seen = new Map<string, number>();
    body.items.forEach((item, i) => {
      if (item.type !== "member") return;
      if (item.declare && !item.quoted) {
        const nth = seen.get(item.key) ?? 0;
        seen.set(item.key, nth + 1);
        // a name the parser reads as a keyword cannot be a probe's value (it is also no ordinary name to hover)
        if (KEYWORDS.has(item.key)) return;
        sites.push({ id: declarationId(body.path, item.key, nth), name: item.key, bodyPath: body.path, insertAt: body.items[i + 1]?.start ?? body.end });
      } else if (nested && !item.declare && item.value.type === "object" && body.path.length < MAX_DECLARATION_DEPTH) {
        // the object's span ends after its `}`: probes go before it
        bodies.push({ items: item.value.members, path: [...body.path, item.key], end: item.value.end - 1 });
      }
    });
  }
  return sites;
}
