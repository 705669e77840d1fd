/**
 * Compact, reviewable summaries of what the lexer and the parser produce,
 * for the syntax tables: tokens one per line, trees as indented
 * S-expressions with offsets (`start-end`, and `@at` for the offset errors
 * are reported at), errors as code, line:column span and message.
 */
import type { ArrayItem, BodyItem, Expr, Member, ObjectExpr, Program, Statement } from "../../core/syntax/ast.js";
import type { ParseResult } from "../../core/syntax/parser.js";
import type { Token } from "../../core/syntax/tokens.js";
import type { LineIndex } from "../../core/source/line-index.js";

interface Located {
  readonly code: string;
  readonly message: string;
  readonly start: number;
  readonly end: number;
}

/** `error CODE line:col-line:col (start-end) message`. */
export function errorSummary(d: Located, lines: LineIndex): string {
  const s = lines.position(d.start);
  const e = lines.position(Math.max(d.start, d.end));
  // Control characters in a message (an illegal NUL, say) are shown escaped so the table stays text.
  const message = d.message.replace(/[\u0000-\u001f\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  return `error ${d.code} ${s.line}:${s.column}-${e.line}:${e.column} (${d.start}-${d.end}) ${message}`;
}

/** One line a token: kind, text (JSON-quoted for strings), span, lines; then the error, if any. */
export function lexSummary(tokens: readonly Token[], error: Located | undefined, lines: LineIndex): string {
  const out = tokens.map((t) => {
    const text = t.kind === "string" || t.kind === "template" ? JSON.stringify(t.text) : t.text;
    let s = `${t.kind}${text === "" ? "" : " " + text} ${t.start}-${t.end} L${t.line}${t.endLine === t.line ? "" : "-" + t.endLine}`;
    if (t.int !== undefined) s += ` =${typeof t.int === "bigint" ? `${t.int}n` : String(t.int)}`;
    if (t.contentStart !== undefined) s += ` content@${t.contentStart}`;
    return s;
  });
  if (error !== undefined) out.push(errorSummary(error, lines));
  return out.join("\n");
}

/** The tree as an indented S-expression, or the error. */
export function parseSummary(r: ParseResult): string {
  if (r.diagnostic !== undefined) return errorSummary(r.diagnostic, r.lines);
  return node(program(r.program), 0);
}

/** A node: its head (kind and scalar fields) and its children. */
interface Node {
  readonly head: string;
  readonly children: readonly Node[];
}

function node(n: Node, indent: number): string {
  if (n.children.length === 0) return `(${n.head})`;
  const pad = "  ".repeat(indent + 1);
  return `(${n.head}${n.children.map((c) => `\n${pad}${node(c, indent + 1)}`).join("")})`;
}

const leaf = (head: string): Node => ({ head, children: [] });
const span = (x: { start: number; end: number }): string => `${x.start}-${x.end}`;
const q = (s: string): string => JSON.stringify(s);

function program(p: Program): Node {
  return { head: `program ${span(p)}`, children: p.statements.map(statement) };
}

function statement(s: Statement): Node {
  switch (s.type) {
    case "include":
      return leaf(`include ${q(s.path)} ${span(s)}`);
    case "presetDef":
      return { head: `preset ${q(s.name)} ${span(s)}`, children: [object(s.body)] };
    case "member":
      return member(s);
    case "spreadMember":
    case "ifMember":
      return bodyItem(s);
  }
}

function bodyItem(m: BodyItem): Node {
  switch (m.type) {
    case "member":
      return member(m);
    case "spreadMember":
      return { head: `... ${span(m)} @${m.at}`, children: [expr(m.value)] };
    case "ifMember":
      return {
        head: `if ${span(m)}`,
        children: [
          ...m.branches.map((b) => ({ head: `branch @${b.at}`, children: [expr(b.test), ...b.body.map(bodyItem)] })),
          ...(m.otherwise === undefined ? [] : [{ head: "else", children: m.otherwise.map(bodyItem) }]),
        ],
      };
  }
}

function arrayItem(e: ArrayItem): Node {
  switch (e.type) {
    case "spread":
      return { head: `... ${span(e)} @${e.at}`, children: [expr(e.value)] };
    case "ifItem":
      return {
        head: `if ${span(e)}`,
        children: [
          ...e.branches.map((b) => ({ head: `branch @${b.at}`, children: [expr(b.test), expr(b.body)] })),
          ...(e.otherwise === undefined ? [] : [{ head: "else", children: [expr(e.otherwise)] }]),
        ],
      };
    default:
      return expr(e);
  }
}

function member(m: Member): Node {
  const key = m.quoted ? q(m.key) : m.key;
  return { head: `${m.declare ? ":=" : "="} ${key} ${span(m)}`, children: [expr(m.value)] };
}

function object(o: ObjectExpr): Node {
  const flags = `${o.needs.bindMembers ? " +bind" : ""}${o.needs.ownScope ? " +scope" : ""}${o.distinctKeys ? "" : " +dupkeys"}`;
  return { head: `object ${span(o)}${flags}`, children: o.members.map(bodyItem) };
}

/** A literal as the tree holds it; kept independent of how floats are stored. */
function literal(v: unknown, at: string): Node {
  if (v === null) return leaf(`null ${at}`);
  if (typeof v === "boolean") return leaf(`bool ${String(v)} ${at}`);
  if (typeof v === "string") return leaf(`string ${q(v)} ${at}`);
  if (typeof v === "bigint") return leaf(`int ${v}n ${at}`);
  if (typeof v === "number") return leaf(`int ${String(v)} ${at}`);
  return leaf(`literal? ${String(v)} ${at}`);
}

function expr(e: Expr): Node {
  switch (e.type) {
    case "literal":
      return literal(e.value, span(e));
    case "float":
      return leaf(`float ${String(e.value)} ${span(e)}`);
    case "ident":
      return leaf(`ident ${e.name} ${span(e)}`);
    case "template":
      return { head: `template ${span(e)}`, children: e.parts.map((p) => (typeof p === "string" ? leaf(`text ${q(p)}`) : expr(p))) };
    case "unary":
      return { head: `${e.op} ${span(e)}`, children: [expr(e.operand)] };
    case "binary":
      return { head: `${e.op} ${span(e)} @${e.at}`, children: [expr(e.left), expr(e.right)] };
    case "ternary":
      return { head: `? ${span(e)} @${e.at}`, children: [expr(e.test), expr(e.then), expr(e.otherwise)] };
    case "member":
      return { head: `. ${e.property} ${span(e)} @${e.at}`, children: [expr(e.object)] };
    case "range":
      return { head: `.. ${span(e)} @${e.at}${e.step === undefined ? "" : " step"}`, children: [expr(e.from), expr(e.to), ...(e.step === undefined ? [] : [expr(e.step)])] };
    case "map":
      return { head: `map (${e.param}) ${span(e)} @${e.at}`, children: [expr(e.source), expr(e.body)] };
    case "array":
      return { head: `array ${span(e)}`, children: e.elements.map(arrayItem) };
    case "object":
      return object(e);
    case "presetUse":
      return { head: `use ${q(e.name)} ${span(e)} @${e.at}`, children: e.overrides === undefined ? [] : [object(e.overrides)] };
    case "arrayBlock": {
      const fields = e.fields === undefined ? "" : ` fields=[${e.fields.join(" ")}]`;
      const map = e.map === undefined ? "" : ` map (${e.map.param}) @${e.map.at}`;
      const children: Node[] = [];
      if (e.map !== undefined) children.push({ head: "body", children: [expr(e.map.body)] });
      for (const row of e.rows) children.push({ head: "row", children: row.map(expr) });
      return { head: `block ${span(e)}${fields}${map}`, children };
    }
    case "includeValue":
      return leaf(`include ${q(e.path)} ${span(e)} @${e.at}`);
  }
}
