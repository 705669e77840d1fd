/**
 * The JSSON syntax tree. Every node carries `start`/`end` offsets; nodes that
 * fail at run time also carry `at`, the offset of the token the failure is
 * reported at (LANGUAGE.md §13.1: the operator, `.`, `..`, `map`, `?`, `@`…).
 */
interface Span {
  readonly start: number;
  readonly end: number;
}

export type Expr =
  | LiteralExpr
  | FloatExpr
  | IdentExpr
  | TemplateExpr
  | UnaryExpr
  | BinaryExpr
  | TernaryExpr
  | MemberExpr
  | RangeExpr
  | MapExpr
  | ArrayExpr
  | ObjectExpr
  | PresetUseExpr
  | ArrayBlockExpr
  | IncludeExpr;

/**
 * A literal whose value is plain data: an integer (a number when it is a
 * safe integer, else a bigint), a string, a boolean or null. Runtime values
 * are the evaluator's: the tree holds only what the source says.
 */
export interface LiteralExpr extends Span {
  readonly type: "literal";
  readonly value: string | number | bigint | boolean | null;
}
/** A float literal (`2.50`): the nearest double; the evaluator makes it a float value. */
export interface FloatExpr extends Span {
  readonly type: "float";
  readonly value: number;
}
export interface IdentExpr extends Span {
  readonly type: "ident";
  readonly name: string;
}
/** A backtick string: literal text and `${…}` expressions, in order. */
export interface TemplateExpr extends Span {
  readonly type: "template";
  readonly parts: readonly (string | Expr)[];
}
export interface UnaryExpr extends Span {
  readonly type: "unary";
  readonly op: "-" | "!";
  readonly operand: Expr;
}
export type BinaryOp = "+" | "-" | "*" | "/" | "%" | "==" | "!=" | "<" | ">" | "<=" | ">=" | "&&" | "||";
export interface BinaryExpr extends Span {
  readonly type: "binary";
  readonly op: BinaryOp;
  readonly left: Expr;
  readonly right: Expr;
  /** Offset of the operator. */
  readonly at: number;
}
export interface TernaryExpr extends Span {
  readonly type: "ternary";
  readonly test: Expr;
  readonly then: Expr;
  readonly otherwise: Expr;
  readonly at: number;
}
export interface MemberExpr extends Span {
  readonly type: "member";
  readonly object: Expr;
  readonly property: string;
  readonly at: number;
}
export interface RangeExpr extends Span {
  readonly type: "range";
  readonly from: Expr;
  readonly to: Expr;
  readonly step: Expr | undefined;
  readonly at: number;
}
export interface MapExpr extends Span {
  readonly type: "map";
  readonly source: Expr;
  readonly param: string;
  readonly body: Expr;
  readonly at: number;
}
export interface ArrayExpr extends Span {
  readonly type: "array";
  readonly elements: readonly ArrayItem[];
}
export interface ObjectExpr extends Span {
  readonly type: "object";
  readonly members: readonly BodyItem[];
  /** What the body needs from its scope, worked out by the parser. */
  readonly needs: BodyScopeNeeds;
  /** No key is written twice (so evaluation can add members without searching for them). */
  readonly distinctKeys: boolean;
}

/**
 * What an object body needs from its scope. Generated data evaluates one body
 * millions of times, and most bodies (`{ id = i, name = "u" + i }`) refer to
 * none of their own keys: they need neither bindings nor a scope.
 */
export interface BodyScopeNeeds {
  /** Members must be bound as names in the body's scope (a sibling, a nested body or a preset use may name one). */
  readonly bindMembers: boolean;
  /** The body needs a child scope (bindings or `:=` declarations). */
  readonly ownScope: boolean;
}
export interface PresetUseExpr extends Span {
  readonly type: "presetUse";
  readonly name: string;
  readonly overrides: ObjectExpr | undefined;
  readonly at: number;
}
/** `name [ template {…} map (p) = body rows ]` or `name [ map (p) = body rows ]` (§7). */
export interface ArrayBlockExpr extends Span {
  readonly type: "arrayBlock";
  /** Template fields; undefined for the implicit form. */
  readonly fields: readonly string[] | undefined;
  /** The `map (param) = body` clause, `at` its `map`. */
  readonly map: { readonly param: string; readonly body: Expr; readonly at: number } | undefined;
  readonly rows: readonly (readonly Expr[])[];
}

/** An object member or top-level assignment. */
export interface Member extends Span {
  readonly type: "member";
  /** `:=` declares a name only; `=`, `:`, blocks store a property. */
  readonly declare: boolean;
  readonly key: string;
  /** Quoted keys are output but not bound as names. */
  readonly quoted: boolean;
  readonly value: Expr;
}
export interface IncludeStmt extends Span {
  readonly type: "include";
  readonly path: string;
}
export interface PresetDef extends Span {
  readonly type: "presetDef";
  readonly name: string;
  readonly body: ObjectExpr;
}
export type Statement = Member | IncludeStmt | PresetDef | SpreadMember | IfMember;

// ---- composition (LANGUAGE.md §16.3) ------------------------------------------

/** What an object body holds: members, spreads of objects and conditional members. */
export type BodyItem = Member | SpreadMember | IfMember;
/** What an array literal holds: expressions, spreads of arrays and conditional elements. */
export type ArrayItem = Expr | SpreadItem | IfItem;

/** `...e` as a member (`e`'s members are added as if written `k = v` here) or an element (`e`'s elements are spliced in). */
interface Spread<T extends "spreadMember" | "spread"> extends Span {
  readonly type: T;
  readonly value: Expr;
  /** Offset of `...`. */
  readonly at: number;
}
export type SpreadMember = Spread<"spreadMember">;
export type SpreadItem = Spread<"spread">;

/**
 * `if (c) B else if (c) B … else B`, each branch `B` a `{ … }` at member position (the first true branch's
 * members, in place) or a `[ … ]` as an element (the chosen branch's elements, spliced in).
 */
export interface Conditional<T extends "ifMember" | "ifItem", B> extends Span {
  readonly type: T;
  readonly branches: readonly { readonly test: Expr; readonly body: B; readonly at: number }[];
  /** The final `else`'s branch; undefined without one. */
  readonly otherwise: B | undefined;
}
export type IfMember = Conditional<"ifMember", readonly BodyItem[]>;
export type IfItem = Conditional<"ifItem", ArrayExpr>;
/** `include "path"` as an expression: the file's value, merged nowhere. */
export interface IncludeExpr extends Span {
  readonly type: "includeValue";
  readonly path: string;
  /** Offset of `include`. */
  readonly at: number;
}

export interface Program extends Span {
  readonly type: "program";
  readonly statements: readonly Statement[];
}
