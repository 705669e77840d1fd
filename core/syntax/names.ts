/**
 * What an object body needs from its scope (computed once per body node):
 * whether its members must be bound as names (a later sibling or a nested
 * body refers to one, or a preset use could) and whether it needs a scope of
 * its own at all. Generated data evaluates one body millions of times, and
 * most bodies (`{ id = i, name = "u" + i }`) refer to none of their own keys.
 */
import type { Expr, ObjectExpr } from "./ast.js";

export interface BodyScopeNeeds {
  /** Members must be bound as names in the body's scope. */
  readonly bindMembers: boolean;
  /** The body needs a child scope (bindings or `:=` declarations). */
  readonly ownScope: boolean;
}

const cache = new WeakMap<ObjectExpr, BodyScopeNeeds>();

export function bodyScopeNeeds(body: ObjectExpr): BodyScopeNeeds {
  let needs = cache.get(body);
  if (needs) return needs;
  const names = new Set<string>();
  let presetUse = false;
  const visit = (e: Expr): void => {
    switch (e.type) {
      case "literal":
        return;
      case "ident":
        names.add(e.name);
        return;
      case "template":
        for (const p of e.parts) if (typeof p !== "string") visit(p);
        return;
      case "unary":
        return visit(e.operand);
      case "binary":
        visit(e.left);
        return visit(e.right);
      case "ternary":
        visit(e.test);
        visit(e.then);
        return visit(e.otherwise);
      case "member":
        return visit(e.object);
      case "range":
        visit(e.from);
        visit(e.to);
        if (e.step) visit(e.step);
        return;
      case "map":
        visit(e.source);
        return visit(e.body);
      case "array":
        for (const x of e.elements) visit(x);
        return;
      case "object":
        for (const m of e.members) visit(m.value);
        return;
      case "presetUse":
        // A preset body runs in the use-site scope and may name anything visible there.
        presetUse = true;
        if (e.overrides) visit(e.overrides);
        return;
      case "arrayBlock":
        if (e.mapBody) visit(e.mapBody);
        for (const row of e.rows) for (const c of row) visit(c);
        return;
    }
  };
  for (const m of body.members) visit(m.value);
  const bindMembers = presetUse || body.members.some((m) => !m.quoted && names.has(m.key));
  needs = { bindMembers, ownScope: bindMembers || body.members.some((m) => m.declare) };
  cache.set(body, needs);
  return needs;
}
