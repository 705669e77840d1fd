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
import { KEYWORDS } from "../../core/syntax/tokens.js";
import { ObjectValue, type Value } from "../../core/values/values.js";
import { declarationIds, declarationPreviewPath, type DeclarationRequest } from "./declaration-ids.js";
import { outlineDocument } from "./document-outline.js";
import { DECLARATION_RUN_TIMEOUT_MS, LSP_LIMITS } from "./lsp-limits.js";
import { scanTokens } from "./scan-tokens.js";
import { previewValue } from "./value-preview.js";

/** Keys the second run adds start with this (a space first: no bare key can). */
const PREVIEW_KEY = " jsson-lsp-preview ";
const hidden = (key: string): boolean => key.startsWith(PREVIEW_KEY);

/** A declaration asked about: where its probe goes and the body it is in. */
interface Site {
  readonly name: string;
  readonly bodyPath: readonly string[];
  /** Offset the probe is inserted at: the end of the declaration (its value, or the separator after it), inside its body. */
  readonly insertAt: number;
  readonly key: string;
}

/** Previews of the asked-for `:=` values (by preview path as JSON); none when the probed text does not evaluate. */
export function declarationPreviews(engine: Engine, host: IncludeHost, text: string, file: string | undefined, requests: readonly DeclarationRequest[], signal: RunSignal): [string, string][] {
  if (requests.length === 0 || text.length > (LSP_LIMITS.maxSourceLength ?? Infinity)) return [];
  const wanted = new Set(requests.map(([id]) => id));
  // the same outline, and so the same names, as the server's (declaration-ids.ts)
  const outline = outlineDocument(text, scanTokens(text));
  // a probe in a key body is a key of that object during the run: comparing the object (`server == {…}`) would see it,
  // so a text that may compare values gets top-level probes only (the top level is no value a program can compare)
  const nested = !text.includes("==") && !text.includes("!=");
  const sites = new Map<string, Site>();
  for (const [d, id] of declarationIds(outline)) {
    // a name the parser reads as a keyword cannot be a probe's value (nor is it a name to hover)
    if (!wanted.has(id) || KEYWORDS.has(d.name) || (d.parent !== undefined && !nested)) continue;
    const bodyPath = (JSON.parse(id) as string[]).slice(0, -2);
    // the last definition of a body ends with the body's `}` (document-outline.ts): its probe goes before it
    const insertAt = d.parent !== undefined && d.end >= d.scopeEnd ? d.scopeEnd - 1 : d.end;
    sites.set(id, { name: d.name, bodyPath, insertAt, key: PREVIEW_KEY + sites.size });
  }
  if (sites.size === 0) return [];
  // inserted from the end, so earlier offsets stay valid; on lines of their own (a `,` after one is a separator)
  let probed = text;
  for (const site of [...sites.values()].sort((a, b) => b.insertAt - a.insertAt)) {
    probed = probed.slice(0, site.insertAt) + `\n${JSON.stringify(site.key)} = ${site.name}\n` + probed.slice(site.insertAt);
  }
  const r = engine.evaluate(probed, { limits: { ...LSP_LIMITS, timeoutMs: DECLARATION_RUN_TIMEOUT_MS }, host, signal, ...(file === undefined ? {} : { file }) });
  if (!r.ok) return [];
  const out: [string, string][] = [];
  for (const [id, members] of requests) {
    const site = sites.get(id);
    if (site === undefined) continue;
    let v: Value | undefined = r.value;
    for (const k of site.bodyPath) v = v instanceof ObjectValue ? v.get(k) : undefined;
    v = v instanceof ObjectValue ? v.get(site.key) : undefined;
    for (const k of members) v = v instanceof ObjectValue && !hidden(k) ? v.get(k) : undefined;
    if (v !== undefined) out.push([JSON.stringify(declarationPreviewPath(id, members)), previewValue(v, hidden)]);
  }
  return out;
}
